/*
 * Starts and stops the production build (lib/server/serve.ts, as `npm start`) for the end-to-end
 * suite. Runs in vitest's global setup, outside the test workers.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import path from 'node:path';
import { statusAt } from '../../lib/server/status-at';

const require = createRequire(import.meta.url);

export type RunningServer = { baseUrl: string; pid: number; stop: () => Promise<void> };

/** A TCP port that was free a moment ago on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** How the server's log lines start on the runner's stderr (then the time and `]`), which run-shards.ts looks for. */
export const SERVER_LINE_MARK = '[next';

/**
 * Serves the existing production build on a free port (over HTTPS when `env` names a certificate) and resolves once it answers.
 * `nodeFlags` go to Node itself (say `--cpu-prof`, which NODE_OPTIONS may not carry).
 */
export async function startProductionServer(root: string, env: NodeJS.ProcessEnv, nodeFlags: string[] = []): Promise<RunningServer> {
  if (!existsSync(path.join(root, '.next', 'BUILD_ID'))) {
    throw new Error('No production build found (.next/BUILD_ID). Run `npm run build` before `npm run test:e2e`.');
  }
  const port = await freePort();
  const baseUrl = `${env.TIDINGS_TLS_CERT ? 'https' : 'http'}://127.0.0.1:${port}`;
  // The server `npm start` runs (Next's handler, with Brotli for static files); a tree without
  // it (the benchmarks' bare Next page) gets Next's own.
  const serve = path.join(root, 'lib', 'server', 'serve.ts');
  const command = existsSync(serve)
    ? ['--import', 'tsx', serve, '--port', String(port), '--hostname', '127.0.0.1']
    : [require.resolve('next/dist/bin/next'), 'start', '--port', String(port), '--hostname', '127.0.0.1'];
  const child = spawn(process.execPath, [...nodeFlags, ...command], {
    cwd: root,
    env: { ...env, NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'production', PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log: string[] = [];
  child.stdout?.on('data', (chunk: Buffer) => log.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => log.push(chunk.toString()));

  try {
    await waitUntilAnswering(`${baseUrl}/inbox`, child, 60_000);
  } catch (error) {
    await stop(child);
    throw new Error(`${(error as Error).message}\n--- server output ---\n${log.join('')}`);
  }
  // Later server errors still matter when a test fails; echo them to the runner.
  // Each line with the time, to set beside the test that failed.
  child.stderr?.on('data', (chunk: Buffer) => {
    const at = new Date().toISOString().slice(11, 19);
    for (const line of chunk.toString().split('\n')) if (line) process.stderr.write(`${SERVER_LINE_MARK} ${at}] ${line}\n`);
  });
  return { baseUrl, pid: child.pid!, stop: () => stop(child) };
}

async function waitUntilAnswering(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited early with code ${child.exitCode}.`);
    try {
      if ((await statusAt(url, 5000)) < 500) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server did not answer ${url} within ${timeoutMs / 1000} s.`);
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
