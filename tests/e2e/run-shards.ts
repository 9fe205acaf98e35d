/*
 * `npm run test:e2e`: the end-to-end suite as TIDINGS_E2E_SHARDS (default 2) concurrent vitest
 * runs, `--shard=i/N` each, every one with the global setup's own server and data. Much of the
 * suite waits (throttled links, offline spells, polls) rather than computes, so shards overlap
 * well even on two cores. Each line of a shard's output is prefixed with its name; the exit
 * code is non-zero when any shard fails, and the shards that failed are named.
 * TIDINGS_E2E_SHARDS=1 runs the suite as one run, as before. Arguments go to every run.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { RETRIED_MARK } from './retry-reporter';
import { SERVER_LINE_MARK } from './server';

const root = path.resolve(import.meta.dirname, '../..');
const vitest = path.join(root, 'node_modules/.bin/vitest');
const config = 'tests/e2e/vitest.e2e.config.mts';

function shardCount(): number {
  const raw = process.env.TIDINGS_E2E_SHARDS ?? '2';
  const count = Number(raw);
  if (!Number.isInteger(count) || count < 1) {
    console.error(`TIDINGS_E2E_SHARDS must be a whole number of 1 or more, not "${raw}".`);
    process.exit(2);
  }
  return count;
}

/** Copies a stream to `out` line by line, each line after `prefix`, so shards' lines never mix mid-line; `seen` hears each line. */
function relay(stream: NodeJS.ReadableStream, out: NodeJS.WritableStream, prefix: string, seen: (line: string) => void): Promise<void> {
  return new Promise((resolve) => {
    const lines = createInterface({ input: stream, crlfDelay: Infinity });
    lines.on('line', (line) => {
      out.write(`${prefix}${line}\n`);
      seen(line);
    });
    lines.on('close', resolve);
  });
}

/** Lines of a shard's server log (server.ts writes them to stderr) repeated when it fails: a CI log shows its tail. */
const SERVER_LINES_KEPT = 40;

type Outcome = {
  name: string; code: number | null; signal: NodeJS.Signals | null; seconds: number;
  /** Its tests that passed only on a retry (retry-reporter.ts). */
  retried: string[];
  /** The last SERVER_LINES_KEPT lines of its server's log. */
  serverTail: string[];
};

function runShard(index: number, count: number, args: string[], children: ChildProcess[]): Promise<Outcome> {
  const name = `shard ${index}/${count}`;
  const started = Date.now();
  // Colours survive the pipe when the log is a terminal.
  const env = process.stdout.isTTY ? { ...process.env, FORCE_COLOR: '1' } : process.env;
  const child = spawn(vitest, ['run', '--config', config, `--shard=${index}/${count}`, ...args], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  const prefix = `[e2e ${index}/${count}] `;
  const retried: string[] = [];
  const serverTail: string[] = [];
  const relayed = Promise.all([
    relay(child.stdout!, process.stdout, prefix, (line) => {
      if (line.startsWith(`${RETRIED_MARK} tests/`)) retried.push(line);
    }),
    relay(child.stderr!, process.stderr, prefix, (line) => {
      if (!line.startsWith(SERVER_LINE_MARK)) return;
      serverTail.push(line);
      if (serverTail.length > SERVER_LINES_KEPT) serverTail.shift();
    }),
  ]);
  return new Promise((resolve) => {
    child.once('close', (code, signal) => {
      void relayed.then(() => resolve({ name, code, signal, seconds: Math.round((Date.now() - started) / 1000), retried, serverTail }));
    });
  });
}

async function main(): Promise<void> {
  const count = shardCount();
  const args = process.argv.slice(2);
  if (count === 1) {
    const child = spawn(vitest, ['run', '--config', config, ...args], { cwd: root, stdio: 'inherit' });
    child.once('close', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
    return;
  }
  const children: ChildProcess[] = [];
  // A stopped run still stops its server (its global teardown): SIGTERM is passed on, and Ctrl-C
  // reaches the runs themselves (one process group), this one waiting to report them.
  process.on('SIGTERM', () => {
    for (const child of children) child.kill('SIGTERM');
  });
  process.on('SIGINT', () => undefined);
  const started = Date.now();
  const outcomes = await Promise.all(Array.from({ length: count }, (_, i) => runShard(i + 1, count, args, children)));
  const failed = outcomes.filter((outcome) => outcome.code !== 0);
  console.log(`\ne2e: ${count} shards in ${Math.round((Date.now() - started) / 1000)} s`);
  for (const outcome of outcomes) {
    const result = outcome.code === 0 ? 'passed' : outcome.signal ? `stopped by ${outcome.signal}` : `failed (exit ${outcome.code})`;
    console.log(`  ${outcome.name} ${result} in ${outcome.seconds} s`);
  }
  const retried = outcomes.flatMap((outcome) => outcome.retried);
  if (retried.length) console.log(`\nPassed only on a retry (a race to look into):\n${retried.map((line) => `  ${line}`).join('\n')}`);
  for (const outcome of failed) {
    if (!outcome.serverTail.length) console.error(`\n${outcome.name}'s server logged nothing.`);
    else console.error(`\nThe end of ${outcome.name}'s server log (its last ${SERVER_LINES_KEPT} lines at most):\n${outcome.serverTail.map((line) => `  ${line}`).join('\n')}`);
  }
  if (failed.length > 0) {
    console.error(`e2e failed in ${failed.map((outcome) => outcome.name).join(', ')}.`);
    process.exit(1);
  }
}

void main();
