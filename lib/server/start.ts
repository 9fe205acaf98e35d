/*
 * `npm start`: build when the production build is missing or stale, then
 * serve it with lib/server/serve.ts (Next's handler, Brotli for static files). A plain Node script run with tsx (no
 * `server-only`, no Next imports) so it works on a fresh clone before any build.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { appPasswordSourceIn, passwordDatabaseUrl } from '../service/store/app-password-source';
import { migrateAppState } from '../service/store/postgres/app-state-schema';
import { privateDirectory } from '../service/store/private-files';
import { sharedSecretProblem } from './app-state/config';
import { staleBuildReason } from './build-freshness';
import { tlsFromEnv } from './https-front';
import { statusAt } from './status-at';
import { trustedProxiesFromEnv } from './trusted-proxies';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function parsePort(raw: string | undefined): number {
  if (raw === undefined || raw === '') return 3000;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new Error(`PORT must be a whole number from 1 to 65535, got "${raw}".`);
  }
  return port;
}

let child: ChildProcess | null = null;

// Ctrl-C reaches the whole process group anyway; forwarding covers `kill <pid>`
// from a supervisor, and the child decides how to shut down cleanly.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    if (child && child.exitCode === null) child.kill(signal);
    else process.exit(130);
  });
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve, reject) => {
    child = spawn(command, args, { cwd: root, env, stdio: 'inherit' });
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      child = null;
      resolve(code ?? (signal ? 128 + signalNumber(signal) : 1));
    });
  });
}

function signalNumber(signal: NodeJS.Signals): number {
  return signal === 'SIGINT' ? 2 : signal === 'SIGHUP' ? 1 : 15;
}

/** Whether the app has a password, kept where the server keeps it (lib/service/store/app-password-source.ts). */
async function passwordChosen(dataDir: string): Promise<boolean> {
  const url = passwordDatabaseUrl();
  if (!url) return (await appPasswordSourceIn(dataDir, null)).kind !== 'none';
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  pool.on('error', () => undefined);
  try {
    await migrateAppState(pool);
    return (await appPasswordSourceIn(dataDir, pool)).kind !== 'none';
  } catch {
    // The server says what is wrong with the database; this hint is not the place.
    return true;
  } finally {
    await pool.end();
  }
}

async function announceWhenReady(url: string, dataDir: string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline && child) {
    try {
      await statusAt(url, 2000);
      console.log(`\nTidings is ready at ${url}\n`);
      if (!(await passwordChosen(dataDir))) {
        // Until a password exists, the first visit from this machine chooses it: say so before the port is shared.
        console.log('No app password is set yet: open the address above from this machine to choose one, or set');
        console.log('TIDINGS_APP_PASSWORD, or run `npm run -s tidings -- password reset` before exposing the port.\n');
      }
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 300));
    }
  }
}

async function main(): Promise<void> {
  const port = parsePort(process.env.PORT);
  // A half or unreadable HTTPS setting, or a bad trusted proxy, stops here, before a build.
  const secure = tlsFromEnv(process.env) !== null;
  trustedProxiesFromEnv(process.env);
  // Nodes on one database must seal and derive with one key; each inventing its own would sign the others' sessions out.
  const secretProblem = sharedSecretProblem(process.env);
  if (secretProblem) throw new Error(secretProblem);
  const dataDir = path.resolve(root, process.env.TIDINGS_DATA_DIR || 'data');
  // Owner-only, and tightened when an older version or a copy left it looser.
  privateDirectory(dataDir);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NEXT_TELEMETRY_DISABLED: '1',
    NODE_ENV: 'production',
    PORT: String(port),
    TIDINGS_DATA_DIR: dataDir,
  };

  const reason = staleBuildReason(root);
  if (reason) {
    console.log(`Building Tidings (${reason})…`);
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const code = await run(npm, ['run', 'build'], env);
    if (code !== 0) {
      console.error(`The build failed (exit code ${code}); not starting.`);
      process.exit(code);
    }
  }

  const url = `${secure ? 'https' : 'http'}://localhost:${port}`;
  console.log(`Starting Tidings at ${url} (data in ${dataDir})`);
  // One process, TypeScript through tsx's loader, so a stop signal reaches the server itself.
  const exited = run(process.execPath, ['--import', 'tsx', path.join(root, 'lib/server/serve.ts'), '--port', String(port)], env);
  void announceWhenReady(url, dataDir);
  process.exit(await exited);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
