/*
 * Two ways to run the operator command line in tests. `spawnTidings` starts the real entry point
 * as a child process (`tsx lib/service/cli/main.ts`): each start compiles the TypeScript again,
 * seconds on a busy machine, so each command group keeps one such test proving the process's exit
 * code and output. `runTidings` runs the same entry function, runCli, in this process with the
 * given environment and input text, capturing what it writes and the exit code it answers: the
 * rest of the cases (`runSeedDemo` likewise for `seed:demo`). Both feed the command the given
 * text as its stdin, then its end.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { Readable } from 'node:stream';
import { format } from 'node:util';
import { vi } from 'vitest';
import { runCli } from '@/lib/service/cli/main';
import { main as seedDemo } from '@/lib/service/cli/seed-demo';

/** A finished command: its exit code and everything it wrote to stdout and stderr. */
export type Run = { code: number; stdout: string; stderr: string };

/** Settings for one run: a value sets the variable, undefined removes it. */
export type Settings = Record<string, string | undefined>;

// What `npx tsx` runs, without npm's start-up.
const tsx = path.resolve('node_modules/.bin/tsx');

/** The command line's entry point, the script `spawnTidings` runs by default. */
export const cliEntry = 'lib/service/cli/main.ts';

/** Runs a script (default the command line) as a child process with this process's environment changed by `settings` and `input` on its stdin. */
export function spawnTidings(settings: Settings, args: string[], script = cliEntry, input = ''): Promise<Run> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const [name, value] of Object.entries(settings)) {
    if (value === undefined) delete env[name];
    else env[name] = value;
  }
  return new Promise((resolve) => {
    const child = execFile(tsx, [script, ...args], { cwd: process.cwd(), env }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
    });
    // A command that exits without reading its input closes the pipe: that is no failure of the run.
    child.stdin?.on('error', () => undefined);
    child.stdin?.end(input);
  });
}

/** Runs `run` with the environment changed by `settings`, put back after it. */
async function withSettings<T>(settings: Settings, run: () => Promise<T>): Promise<T> {
  const saved = Object.fromEntries(Object.keys(settings).map((name) => [name, process.env[name]]));
  const apply = (values: Settings) => {
    for (const [name, value] of Object.entries(values)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  };
  apply(settings);
  try {
    return await run();
  } finally {
    apply(saved);
  }
}

/** Runs the command line in this process, with the environment changed by `settings` for the run only and `input` as its stdin. */
export function runTidings(settings: Settings, args: string[], input = ''): Promise<Run> {
  return withSettings(settings, async () => {
    let stdout = '';
    let stderr = '';
    const output = { out: (line: string) => { stdout += `${line}\n`; }, err: (line: string) => { stderr += `${line}\n`; } };
    const code = await runCli(args, output, Readable.from(input ? [input] : []));
    return { code, stdout, stderr };
  });
}

/** Runs `seed:demo` in this process, capturing what it logs (it writes through console.log and console.error). */
export function runSeedDemo(settings: Settings, args: string[]): Promise<Run> {
  return withSettings(settings, async () => {
    let stdout = '';
    let stderr = '';
    const log = vi.spyOn(console, 'log').mockImplementation((...parts: unknown[]) => { stdout += `${format(...parts)}\n`; });
    const error = vi.spyOn(console, 'error').mockImplementation((...parts: unknown[]) => { stderr += `${format(...parts)}\n`; });
    try {
      const code = await seedDemo(args);
      return { code, stdout, stderr };
    } finally {
      log.mockRestore();
      error.mockRestore();
    }
  });
}
