/**
 * Reads a Chromium trace (CDP `Tracing`, JSON trace events) of one page load: the page's main
 * thread's tasks, their total, the long ones (over 50 ms) and the Total Blocking Time formula over
 * them (each long task's time past 50 ms, from the first contentful paint on, as Lighthouse counts
 * it), and which script the long tasks' time went to. Not a bench module itself.
 */

/** One trace event, as Chromium writes it (times in microseconds). */
export type TraceEvent = {
  name: string; cat: string; ph: string; pid: number; tid: number; ts: number; dur?: number;
  args?: { name?: string; data?: { url?: string; functionName?: string; scriptName?: string } & Record<string, unknown> } & Record<string, unknown>;
};

/** Where one load's main-thread time went; times in ms. */
export type LoadFigures = {
  /** All top-level tasks of the page's main thread from navigation to the end of the trace. */
  task_ms: number;
  /** Tasks over 50 ms: count and their time past 50 ms (the TBT formula), from the first contentful paint on. */
  long_tasks: number;
  tbt_ms: number;
  /** The same formula over every long task, before the first paint too (hydration can start before it). */
  blocking_ms: number;
  fcp_ms: number | null;
  /** The longest task. */
  longest_ms: number;
  /** Long tasks' time by what ran in them: a script's file name, or the kind of work (layout, style, HTML parsing, GC). */
  by_source: Record<string, number>;
};

const longTaskMs = 50;
const topLevel = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);
/** Events that name the script they run. */
const scriptEvents = new Set(['EvaluateScript', 'v8.compile', 'v8.compileModule', 'v8.evaluateModule', 'FunctionCall', 'v8.produceModuleCache', 'v8.produceCache', 'CompileScript']);
/** Browser work that names no script. */
const workKinds: Record<string, string> = {
  ParseHTML: '(parse HTML)', Layout: '(layout)', UpdateLayoutTree: '(style)', RecalculateStyles: '(style)',
  Paint: '(paint)', PrePaint: '(paint)', MajorGC: '(GC)', MinorGC: '(GC)', 'V8.GC_SCAVENGER': '(GC)', ParseAuthorStyleSheet: '(parse CSS)',
  HitTest: '(layout)', Layerize: '(paint)', 'DocumentLoader::CommitNavigation': '(navigation)',
};

/**
 * The page's renderer main thread: the CrRendererMain thread of the process that navigated to
 * `url` (Chromium's own pages, say the new tab page, run in renderers of their own).
 */
function mainThread(events: TraceEvent[], url: string): { pid: number; tid: number; start: number } | null {
  const navigation = events.find((event) => event.name === 'navigationStart' && (event.args?.data as { documentLoaderURL?: string } | undefined)?.documentLoaderURL === url);
  const thread = events.find((event) => event.ph === 'M' && event.name === 'thread_name' && event.args?.name === 'CrRendererMain' && event.pid === navigation?.pid);
  return thread && navigation ? { pid: thread.pid, tid: thread.tid, start: navigation.ts } : null;
}

function fileOf(url: string): string {
  try {
    const { pathname } = new URL(url);
    return pathname.split('/').pop() || pathname;
  } catch {
    return url || '(inline script)';
  }
}

/** The figures of the load of `url` from its trace events. */
export function readLoad(events: TraceEvent[], url: string): LoadFigures {
  const thread = mainThread(events, url);
  if (!thread) throw new Error(`The trace has no renderer main thread that loaded ${url}.`);
  const own = events.filter((event) => event.pid === thread.pid && event.tid === thread.tid && event.ph === 'X' && event.dur !== undefined);
  const { start } = thread;
  const paint = events.find((event) => event.pid === thread.pid && event.name === 'firstContentfulPaint' && event.ts >= start);
  const tasks = own.filter((event) => topLevel.has(event.name) && event.ts >= start).sort((a, b) => a.ts - b.ts);
  // Nested task events (a RunTask inside a RunTask) would count twice.
  const outer: TraceEvent[] = [];
  for (const task of tasks) {
    const last = outer[outer.length - 1];
    if (!last || task.ts >= last.ts + (last.dur ?? 0)) outer.push(task);
  }
  const ms = (us: number) => us / 1000;
  const long = outer.filter((task) => ms(task.dur!) > longTaskMs);
  const past = (task: TraceEvent) => ms(task.dur!) - longTaskMs;
  const afterPaint = paint ? long.filter((task) => task.ts >= paint.ts) : long;
  const bySource: Record<string, number> = {};
  const inner = own.filter((event) => !topLevel.has(event.name)).sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  for (const task of long) {
    const end = task.ts + task.dur!;
    let covered = 0;
    let coveredUntil = task.ts;
    // The outermost named work in the task: a script event is not counted again for what it calls.
    for (const event of inner) {
      if (event.ts < coveredUntil || event.ts >= end) continue;
      const url = event.args?.data?.url ?? event.args?.data?.scriptName;
      const label = scriptEvents.has(event.name) ? fileOf(String(url ?? '')) : workKinds[event.name];
      if (!label) continue;
      const span = Math.min(event.ts + event.dur!, end) - event.ts;
      bySource[label] = (bySource[label] ?? 0) + ms(span);
      covered += span;
      coveredUntil = event.ts + event.dur!;
    }
    bySource['(other)'] = (bySource['(other)'] ?? 0) + ms(task.dur! - covered);
  }
  const round = (value: number) => Math.round(value);
  return {
    task_ms: round(ms(outer.reduce((sum, task) => sum + task.dur!, 0))),
    long_tasks: afterPaint.length,
    tbt_ms: round(afterPaint.reduce((sum, task) => sum + past(task), 0)),
    blocking_ms: round(long.reduce((sum, task) => sum + past(task), 0)),
    fcp_ms: paint ? round(ms(paint.ts - start)) : null,
    longest_ms: round(ms(Math.max(0, ...outer.map((task) => task.dur!)))),
    by_source: Object.fromEntries(Object.entries(bySource).map(([key, value]) => [key, round(value)])),
  };
}

type ProfileNode = { id: number; parent?: number; callFrame: { functionName: string; url: string; lineNumber?: number; columnNumber?: number } };
type ProfileChunk = { cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] }; timeDeltas?: number[] };

/** JavaScript self time of a load, from the sampling profiler's trace events; times in ms. */
export type ScriptProfile = {
  /** Self time by script file ('(program)' is the engine's own work, '(garbage collector)' GC). */
  by_file: Record<string, number>;
  /** The busiest functions: name, file, line and column (minified names, but the place is exact). */
  top_functions: { name: string; ms: number }[];
};

/** Self time by script and function over the profile of the renderer that loaded `url` (its main thread's, the busiest). */
export function readProfile(events: TraceEvent[], url: string): ScriptProfile | null {
  const page = mainThread(events, url);
  const chunks = new Map<string, ProfileChunk[]>();
  for (const event of events) {
    if (event.name !== 'ProfileChunk' || event.pid !== page?.pid) continue;
    const key = `${event.pid}:${String((event as { id?: string }).id)}`;
    chunks.set(key, [...(chunks.get(key) ?? []), event.args?.data as ProfileChunk]);
  }
  let best: { self: Map<number, number>; nodes: Map<number, ProfileNode> } | null = null;
  let bestTotal = 0;
  for (const list of chunks.values()) {
    const nodes = new Map<number, ProfileNode>();
    const self = new Map<number, number>();
    let total = 0;
    for (const chunk of list) {
      for (const node of chunk.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
      const samples = chunk.cpuProfile?.samples ?? [];
      const deltas = chunk.timeDeltas ?? [];
      // A sample's time is the gap to the next one, which each chunk's deltas give with a lag of one.
      for (let i = 0; i < samples.length; i++) {
        const gap = Math.max(0, deltas[i + 1] ?? 0);
        self.set(samples[i], (self.get(samples[i]) ?? 0) + gap);
        total += gap;
      }
    }
    if (total > bestTotal) {
      bestTotal = total;
      best = { self, nodes };
    }
  }
  if (!best) return null;
  const byFile: Record<string, number> = {};
  const byFunction = new Map<string, number>();
  for (const [id, us] of best.self) {
    const frame = best.nodes.get(id)?.callFrame;
    if (!frame || frame.functionName === '(idle)') continue;
    const file = frame.url ? fileOf(frame.url) : frame.functionName;
    byFile[file] = (byFile[file] ?? 0) + us / 1000;
    if (!frame.url) continue;
    const name = `${frame.functionName || '(anonymous)'} ${file}:${(frame.lineNumber ?? 0) + 1}:${(frame.columnNumber ?? 0) + 1}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + us / 1000);
  }
  return {
    by_file: Object.fromEntries(Object.entries(byFile).map(([file, ms]) => [file, Math.round(ms)])),
    top_functions: [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, 10).map(([name, ms]) => ({ name, ms: Math.round(ms) })),
  };
}
