/**
 * Reads a V8 CPU profile (`node --cpu-prof`) and says where a window of it went: self time by
 * part of the stack (Next, the app's server bundle, Hono, zod, the service's own layers, Node's
 * http, SQLite and other native code, GC), the share spent under the service's handlers,
 * and the busiest functions. Frames of the build are traced back to their sources through the
 * build's source maps. Not a bench module itself.
 */
import { existsSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import path from 'node:path';

type CallFrame = { functionName: string; url: string; lineNumber: number; columnNumber: number };
type ProfileNode = { id: number; callFrame: CallFrame; children?: number[] };
type CpuProfile = { nodes: ProfileNode[]; startTime: number; endTime: number; samples: number[]; timeDeltas: number[] };

/** Where a window of the profile went; shares are of the busy (not idle) time, in percent. */
export type ProfileSummary = {
  /** Whether the window matched samples; false means the whole profile is summarized. */
  windowed: boolean;
  busy_ms: number;
  idle_ms: number;
  by_part: Record<string, number>;
  /** Share of busy time with a handler of the service (the domain's work for one operation) on the stack. */
  under_handler: number;
  top_functions: { name: string; self: number }[];
};

const idleFrames = new Set(['(idle)']);

/** Where a frame's code is: its file, or for a frame of the build, the source it was built from (relative to `root`), and the line (1-based). */
type Locate = (frame: CallFrame) => { file: string; line: number };

/** A path inside a build directory (.next, .next-build or .next-<id>). */
const builtChunk = new RegExp(`\\${path.sep}\\.next(?:-[^\\${path.sep}]+)?\\${path.sep}`);

/** Locates frames, reading each built chunk's source map (beside it, `.map`) once. */
function locator(root: string): Locate {
  const maps = new Map<string, SourceMap | null>();
  return (frame) => {
    if (!frame.url.startsWith('file://') && !path.isAbsolute(frame.url)) return { file: frame.url, line: frame.lineNumber + 1 };
    const file = frame.url.startsWith('file://') ? decodeURIComponent(new URL(frame.url).pathname) : frame.url;
    const asIs = { file: path.relative(root, file), line: frame.lineNumber + 1 };
    // Builds live in .next-<id> (lib/server/build-dirs.ts), .next linking to the current one.
    if (!file.endsWith('.js') || !builtChunk.test(file)) return asIs;
    if (!maps.has(file)) maps.set(file, existsSync(`${file}.map`) ? new SourceMap(JSON.parse(readFileSync(`${file}.map`, 'utf8'))) : null);
    const source = maps.get(file)?.findEntry(frame.lineNumber, frame.columnNumber);
    if (!source || !('originalSource' in source) || !source.originalSource) return asIs;
    // Turbopack names sources relative to the chunk, or as turbopack:///[project]/….
    const original = source.originalSource;
    const projectPath = /\[project\]\/(.*)$/.exec(original)?.[1];
    return { file: projectPath ?? path.relative(root, path.resolve(path.dirname(file), original)), line: source.originalLine + 1 };
  };
}

/** Which part of the server a frame belongs to, by its script (or the source it was built from). */
function partOf(frame: CallFrame, locate: Locate): string {
  const { url, functionName } = frame;
  if (!url) {
    if (functionName === '(garbage collector)') return 'garbage collector';
    if (functionName === '(program)') return 'V8 and Node (program)';
    return 'native (SQLite, crypto, JSON…)';
  }
  if (url.startsWith('node:')) return 'Node core (http, streams, fetch)';
  const relative = locate(frame).file;
  const packageMatch = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(relative);
  if (packageMatch) {
    const name = packageMatch[1];
    if (name === 'next' || name.startsWith('@next/')) return 'next';
    if (name === 'undici') return 'Node core (http, streams, fetch)';
    return name;
  }
  if (builtChunk.test(`${path.sep}${relative}`)) return 'Next runtime in the build';
  if (/^lib\/service\/(domain|handlers|store|intelligence)\//.test(relative)) return 'service domain';
  if (/^lib\/service\//.test(relative)) return 'service http layer';
  if (/^lib\/contract\//.test(relative)) return 'contract';
  if (/^lib\/server\//.test(relative)) return 'server';
  if (/^app\//.test(relative)) return 'app routes';
  return 'other';
}

function isHandler(frame: CallFrame, locate: Locate): boolean {
  return Boolean(frame.url) && locate(frame).file.startsWith('lib/service/handlers/');
}

const percent = (part: number, whole: number) => (whole ? Math.round((part / whole) * 1000) / 10 : 0);

/**
 * Summarizes the samples of `file` taken between `window` (hrtime microseconds, the clock V8
 * stamps samples with); with no sample inside it, the whole profile.
 */
export function summarizeProfile(file: string, root: string, window?: [number, number]): ProfileSummary {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const locate = locator(root);
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);

  const stamps: number[] = [];
  let time = profile.startTime;
  for (const delta of profile.timeDeltas) stamps.push((time += delta));
  const inWindow = (i: number) => !window || (stamps[i] >= window[0] && stamps[i] <= window[1]);
  const windowed = Boolean(window) && stamps.some((_, i) => inWindow(i));
  const chosen = (i: number) => !windowed || inWindow(i);

  const byPart = new Map<string, number>();
  const byFunction = new Map<string, number>();
  const underHandler = new Map<number, boolean>();
  const handlerOnStack = (id: number): boolean => {
    const known = underHandler.get(id);
    if (known !== undefined) return known;
    const node = nodes.get(id)!;
    const above = parent.get(id);
    const value = isHandler(node.callFrame, locate) || (above !== undefined && handlerOnStack(above));
    underHandler.set(id, value);
    return value;
  };
  let busy = 0;
  let idle = 0;
  let handled = 0;
  profile.samples.forEach((id, i) => {
    if (!chosen(i)) return;
    // A sample stands for the time until the next one.
    const weight = profile.timeDeltas[i + 1] ?? 0;
    const frame = nodes.get(id)!.callFrame;
    if (idleFrames.has(frame.functionName)) {
      idle += weight;
      return;
    }
    busy += weight;
    const part = partOf(frame, locate);
    byPart.set(part, (byPart.get(part) ?? 0) + weight);
    const located = frame.url ? locate(frame) : null;
    const where = located ? `${located.file}:${located.line}` : 'native';
    const name = `${frame.functionName || '(anonymous)'} ${where} [${part}]`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + weight);
    if (handlerOnStack(id)) handled += weight;
  });
  const sortedShares = (map: Map<string, number>) => [...map.entries()].sort((a, b) => b[1] - a[1]);
  return {
    windowed, busy_ms: Math.round(busy / 1000), idle_ms: Math.round(idle / 1000),
    by_part: Object.fromEntries(sortedShares(byPart).map(([name, value]) => [name, percent(value, busy)])),
    under_handler: percent(handled, busy),
    top_functions: sortedShares(byFunction).slice(0, 15).map(([name, value]) => ({ name, self: percent(value, busy) })),
  };
}
