/**
 * The load bench's HTTP client: Node's http module over keep-alive agents (what an API client
 * in production uses), timing each request from sending to the last byte of its answer.
 * Not a bench module itself.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';

// Linux's USER_HZ, which /proc counts CPU time in, is 100 on every common platform.
const clockTicks = 100;

/** One answered (or failed: status 0) request. */
export type Timed = { status: number; ms: number };

/** A keep-alive agent holding at most `sockets` connections. */
export function keepAliveAgent(sockets: number): http.Agent {
  return new http.Agent({ keepAlive: true, maxSockets: sockets });
}

/** Sends one request and resolves when its answer is read whole; never rejects. */
export function timedRequest(agent: http.Agent, url: string, headers: Record<string, string>, method = 'GET'): Promise<Timed> {
  return new Promise((resolve) => {
    const started = performance.now();
    const request = http.request(url, { agent, headers, method }, (response) => {
      response.resume();
      response.once('end', () => resolve({ status: response.statusCode ?? 0, ms: performance.now() - started }));
      response.once('error', () => resolve({ status: 0, ms: performance.now() - started }));
    });
    request.once('error', () => resolve({ status: 0, ms: performance.now() - started }));
    request.end();
  });
}

/** The value below which a share `q` of the values lie (nearest rank); NaN for none. */
export function percentile(values: number[], q: number): number {
  if (!values.length) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

/** Milliseconds to three decimals. */
export const round = (value: number) => Math.round(value * 1000) / 1000;

/** Counts of an answered set of requests, and its latency percentiles. */
export type Tally = { requests: number; ok: number; status_429: number; status_5xx: number; failed: number; p50_ms: number; p99_ms: number; max_ms: number };

/** Sums up answers: 2xx, 429, 5xx, failed connections, and the latency percentiles. */
export function tally(answers: Timed[]): Tally {
  const times = answers.map((answer) => answer.ms);
  return {
    requests: answers.length,
    ok: answers.filter((answer) => answer.status >= 200 && answer.status < 300).length,
    status_429: answers.filter((answer) => answer.status === 429).length,
    status_5xx: answers.filter((answer) => answer.status >= 500).length,
    failed: answers.filter((answer) => answer.status === 0).length,
    p50_ms: round(percentile(times, 0.5)), p99_ms: round(percentile(times, 0.99)), max_ms: round(times.reduce((max, time) => Math.max(max, time), 0)),
  };
}

/**
 * Closed loop: `workers` callers, each sending its next request as soon as the last is answered,
 * until `seconds` have passed. Answers every request's outcome and the window in hrtime microseconds.
 */
export async function closedLoop(workers: number, seconds: number, send: (n: number) => Promise<Timed>): Promise<{ answers: Timed[]; window: [number, number] }> {
  const answers: Timed[] = [];
  const begin = process.hrtime.bigint();
  const deadline = performance.now() + seconds * 1000;
  let n = 0;
  await Promise.all(Array.from({ length: workers }, async () => {
    while (performance.now() < deadline) answers.push(await send(n++));
  }));
  return { answers, window: [Number(begin / 1000n), Number(process.hrtime.bigint() / 1000n)] };
}

/**
 * Open loop: one caller sending every `intervalMs` from `offsetMs` on, on schedule whether or
 * not the last request was answered (so a slow server cannot slow the caller down and hide its
 * own delay), for `seconds`. Answers once every request sent is answered.
 */
export async function openLoop(intervalMs: number, offsetMs: number, seconds: number, send: (n: number) => Promise<Timed>): Promise<Timed[]> {
  const pending: Promise<Timed>[] = [];
  const started = performance.now();
  for (let n = 0; offsetMs + n * intervalMs < seconds * 1000; n++) {
    const due = started + offsetMs + n * intervalMs;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    pending.push(send(n));
  }
  return Promise.all(pending);
}

/** CPU time (user and system) a process has used so far, in ms, from /proc (Linux); NaN elsewhere. */
export function processCpuMs(pid: number): number {
  try {
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicks;
  } catch {
    return Number.NaN;
  }
}
