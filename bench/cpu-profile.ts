/**
 * Reads a V8 CPU profile (`node --cpu-prof`) and says where a window of it went: self time by
 * part of the stack (Next, the app's server bundle, Hono, zod, the service's own layers, Node's
 * http, SQLite and other native code, GC), the share spent under the service's domain code,
 * and the busiest functions. Not a bench module itself.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

type CallFrame = { functionName: string; url: string; lineNumber: number };
type ProfileNode = { id: number; callFrame: CallFrame; children?: number[] };
type CpuProfile = { nodes: ProfileNode[]; startTime: number; endTime: number; samples: number[]; timeDeltas: number[] };

/** Where a window of the profile went; shares are of the busy (not idle) time, in percent. */
export type ProfileSummary = {
  /** Whether the window matched samples; false means the whole profile is summarized. */
  windowed: boolean;
  busy_ms: number;
  idle_ms: number;
  by_part: Record<string, number>;
  /** Share of busy time with the service's domain code (domain, handlers, store, intelligence) on the stack. */
  under_domain: number;
  top_functions: { name: string; self: number }[];
};

const idleFrames = new Set(['(idle)']);

/** Which part of the server a frame belongs to, by its script. */
function partOf(frame: CallFrame, root: string): string {
  const { url, functionName } = frame;
  if (!url) {
    if (functionName === '(garbage collector)') return 'garbage collector';
    if (functionName === '(program)') return 'V8 and Node (program)';
    return 'native (SQLite, crypto, JSON…)';
  }
  if (url.startsWith('node:')) return 'Node core (http, streams, fetch)';
  const file = url.startsWith('file://') ? decodeURIComponent(new URL(url).pathname) : url;
  const relative = path.relative(root, file);
  if (relative.startsWith(`.next${path.sep}`)) return 'app server bundle (.next, service included)';
  const packageMatch = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(relative);
  if (packageMatch) {
    const name = packageMatch[1];
    if (name === 'next' || name.startsWith('@next/')) return 'next';
    if (name === 'undici') return 'Node core (http, streams, fetch)';
    return name;
  }
  if (/^lib\/service\/(domain|handlers|store|intelligence)\//.test(relative)) return 'service domain (source)';
  if (/^lib\/service\//.test(relative)) return 'service http layer (source)';
  if (/^lib\/contract\//.test(relative)) return 'contract (source)';
  if (/^lib\/server\//.test(relative)) return 'server (source)';
  return 'other';
}

function isDomain(frame: CallFrame, root: string): boolean {
  return partOf(frame, root) === 'service domain (source)';
}

const percent = (part: number, whole: number) => (whole ? Math.round((part / whole) * 1000) / 10 : 0);

/**
 * Summarizes the samples of `file` taken between `window` (hrtime microseconds, the clock V8
 * stamps samples with); with no sample inside it, the whole profile.
 */
export function summarizeProfile(file: string, root: string, window?: [number, number]): ProfileSummary {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
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
  const underDomain = new Map<number, boolean>();
  const domainOnStack = (id: number): boolean => {
    const known = underDomain.get(id);
    if (known !== undefined) return known;
    const node = nodes.get(id)!;
    const above = parent.get(id);
    const value = isDomain(node.callFrame, root) || (above !== undefined && domainOnStack(above));
    underDomain.set(id, value);
    return value;
  };
  let busy = 0;
  let idle = 0;
  let domain = 0;
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
    const part = partOf(frame, root);
    byPart.set(part, (byPart.get(part) ?? 0) + weight);
    const where = frame.url ? `${path.basename(frame.url)}:${frame.lineNumber + 1}` : 'native';
    const name = `${frame.functionName || '(anonymous)'} ${where} [${part}]`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + weight);
    if (domainOnStack(id)) domain += weight;
  });
  const sortedShares = (map: Map<string, number>) => [...map.entries()].sort((a, b) => b[1] - a[1]);
  return {
    windowed, busy_ms: Math.round(busy / 1000), idle_ms: Math.round(idle / 1000),
    by_part: Object.fromEntries(sortedShares(byPart).map(([name, value]) => [name, percent(value, busy)])),
    under_domain: percent(domain, busy),
    top_functions: sortedShares(byFunction).slice(0, 15).map(([name, value]) => ({ name, self: percent(value, busy) })),
  };
}
