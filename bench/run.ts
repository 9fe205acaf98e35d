/**
 * `npm run bench [-- <module>…]`: runs the bench modules in turn (all by default), writes
 * bench/results/report.json and prints a readable summary. A module is bench/<name>.ts
 * exporting `run()` (figures, or null when its data is absent) and optionally
 * `summarize(figures)` (lines to print); a module whose file is missing is skipped.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

type BenchModule = { run: () => unknown; summarize?: (figures: never) => string[] };
type Outcome = { status: 'done' | 'skipped' | 'failed'; seconds: number; figures?: unknown; reason?: string };

const benchDir = path.dirname(fileURLToPath(import.meta.url));
/** The modules, in the order they run: the service first, while the machine is quiet. */
const moduleNames = ['items', 'engines', 'sync', 'proxy', 'load', 'parse', 'refresh', 'opml-import', 'subscribe', 'stories', 'intelligence-scale', 'bundle-size', 'main-thread', 'lighthouse'];

function commit(): string | null {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
}

async function runModule(name: string): Promise<{ outcome: Outcome; lines: string[] }> {
  const file = path.join(benchDir, `${name}.ts`);
  if (!existsSync(file)) return { outcome: { status: 'skipped', seconds: 0, reason: `bench/${name}.ts does not exist` }, lines: [] };
  const started = performance.now();
  const seconds = () => Math.round(performance.now() - started) / 1000;
  try {
    const loaded = (await import(pathToFileURL(file).href)) as Partial<BenchModule>;
    if (typeof loaded.run !== 'function') throw new Error(`bench/${name}.ts exports no run()`);
    const figures = await loaded.run();
    if (figures === null || figures === undefined) {
      return { outcome: { status: 'skipped', seconds: seconds(), reason: 'run() returned nothing (its data is probably absent)' }, lines: [] };
    }
    const lines = loaded.summarize ? loaded.summarize(figures as never) : JSON.stringify(figures, null, 2).split('\n');
    return { outcome: { status: 'done', seconds: seconds(), figures }, lines };
  } catch (error) {
    const reason = error instanceof Error ? error.stack ?? error.message : String(error);
    return { outcome: { status: 'failed', seconds: seconds(), reason }, lines: [] };
  }
}

async function main(selected: string[]): Promise<number> {
  const unknown = selected.filter((name) => !moduleNames.includes(name));
  if (unknown.length) {
    console.error(`bench: unknown module ${unknown.join(', ')}; the modules are ${moduleNames.join(', ')}.`);
    return 2;
  }
  const names = selected.length ? selected : moduleNames;
  const report = {
    generated_at: new Date().toISOString(), commit: commit(), node: process.version,
    machine: { platform: `${os.platform()} ${os.arch()}`, cpus: os.cpus().length, cpu_model: os.cpus()[0]?.model ?? null, memory_gb: Math.round(os.totalmem() / 1e9) },
    // Other work on the machine moves wall times; the load says how much there was.
    load_average: { start: os.loadavg().map((value) => Math.round(value * 100) / 100), end: [] as number[] },
    modules: {} as Record<string, Outcome>,
  };
  let failed = 0;
  for (const name of names) {
    console.log(`\n== ${name}`);
    const { outcome, lines } = await runModule(name);
    report.modules[name] = outcome;
    if (outcome.status === 'done') console.log(lines.join('\n'));
    else console.log(`${outcome.status}: ${outcome.reason}`);
    console.log(`(${outcome.seconds} s)`);
    if (outcome.status === 'failed') failed++;
  }
  report.load_average.end = os.loadavg().map((value) => Math.round(value * 100) / 100);
  console.log(`\nLoad average (1, 5, 15 min): ${report.load_average.start.join(' ')} at start, ${report.load_average.end.join(' ')} at end, on ${report.machine.cpus} CPUs.`);
  const resultsDir = path.join(benchDir, 'results');
  mkdirSync(resultsDir, { recursive: true });
  const reportFile = path.join(resultsDir, 'report.json');
  writeFileSync(reportFile, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\nReport: ${path.relative(process.cwd(), reportFile)}`);
  return failed ? 1 : 0;
}

main(process.argv.slice(2)).then((code) => { process.exitCode = code; });
