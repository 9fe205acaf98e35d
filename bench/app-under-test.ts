/**
 * The app as the browser benches see it: the existing production build served by `next start`
 * (tests/e2e/server.ts) on a throwaway data directory seeded with the demo content, with an app
 * password to sign in with, plus the Chromium that measures it. BENCH_APP_ROOT points at another
 * checkout to measure (say a clean copy of a commit, built there), by default this one.
 * Not a bench module itself.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { staleBuildReason } from '../lib/server/build-freshness';
import { startProductionServer } from '../tests/e2e/server';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The checkout whose build is measured (its own seed command runs the same code as its build). */
export const appRoot = path.resolve(process.env.BENCH_APP_ROOT || root);

/** Debian's Chromium unless CHROMIUM_PATH says otherwise. */
export const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** Quiet and offline: no sync, updates, QUIC or GPU (the same flags as the end-to-end suite). */
export const CHROMIUM_ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
  '--no-first-run', '--disable-sync', '--disable-quic',
];

/** A running, seeded app and what a bench needs to reach it signed in. */
export type AppUnderTest = {
  baseUrl: string;
  /** `name=value` of a fresh session cookie. */
  cookie: string;
  /** An item of the seeded inbox, for /items/<id>. */
  itemId: string;
  /** Which build is measured, and why it may not match the working tree (null when current). */
  build: { dir: string; id: string; stale: string | null };
  stop: () => Promise<void>;
};

const password = 'bench password for tidings';

/** Null with a reason printed when the bench cannot run here (no build, no Chromium). */
export function missingPrerequisite(): string | null {
  if (!existsSync(path.join(appRoot, '.next', 'BUILD_ID'))) return `no production build in ${appRoot}/.next; run \`npm run build\` first`;
  if (!existsSync(chromiumPath)) return `no Chromium at ${chromiumPath} (set CHROMIUM_PATH)`;
  return null;
}

/** Signs in with the app password through POST /api/session and answers the session cookie. */
export async function signInCookie(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/session`, {
    method: 'POST',
    headers: { accept: 'application/json', origin: baseUrl, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ password }),
  });
  if (response.status !== 200) throw new Error(`Signing in failed: ${response.status} ${await response.text()}`);
  const setCookie = response.headers.getSetCookie()[0];
  if (!setCookie) throw new Error('Signing in answered no cookie.');
  return setCookie.split(';')[0];
}

async function firstItemId(baseUrl: string, cookie: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/v1/items?limit=1`, { headers: { cookie, accept: 'application/json' } });
  if (response.status !== 200) throw new Error(`GET /api/v1/items answered ${response.status}`);
  const body = (await response.json()) as { data: { id: string }[] };
  if (!body.data[0]) throw new Error('The seeded inbox has no item.');
  return body.data[0].id;
}

/** Seeds a throwaway data directory, serves the production build on it and signs in. */
export async function startApp(): Promise<AppUnderTest> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tidings-bench-app-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env, NEXT_TELEMETRY_DISABLED: '1', TIDINGS_DATA_DIR: dataDir, TIDINGS_APP_PASSWORD: password,
    // No mail server; room for Lighthouse's repeated loads under the app's rate limit.
    TIDINGS_SMTP_PORT: '0', TIDINGS_APP_RATE_LIMIT: '1000000',
  };
  delete env.FEED_API_BASE_URL;
  delete env.FEED_API_KEY;
  try {
    const seeded = spawnSync('npm', ['run', '-s', 'seed:demo'], { cwd: appRoot, env, encoding: 'utf8' });
    if (seeded.status !== 0) throw new Error(`npm run seed:demo failed: ${seeded.stderr}`);
    const server = await startProductionServer(appRoot, env).catch((error: Error) => {
      // The seed runs the source, the server the build: a stale build may not read the data.
      const stale = staleBuildReason(appRoot);
      throw stale ? new Error(`${error.message}\nThe build may be stale (${stale}); run \`npm run build\` first.`) : error;
    });
    const stop = async () => {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    };
    try {
      const cookie = await signInCookie(server.baseUrl);
      const itemId = await firstItemId(server.baseUrl, cookie);
      const build = { dir: appRoot, id: readFileSync(path.join(appRoot, '.next', 'BUILD_ID'), 'utf8').trim(), stale: staleBuildReason(appRoot) };
      return { baseUrl: server.baseUrl, cookie, itemId, build, stop };
    } catch (error) {
      await stop();
      throw error;
    }
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

/** The middle value (the lower middle of an even count); NaN for none. */
export function median(values: number[]): number {
  const sorted = values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)] : Number.NaN;
}
