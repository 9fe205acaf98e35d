/**
 * The app as the browser benches see it: the existing production build served as `npm start`
 * serves it (tests/e2e/server.ts) on a throwaway data directory seeded with the demo content, with
 * an app password to sign in with, plus the Chromium that measures it. With `https`, it is served
 * over HTTPS and HTTP/2 with a throwaway self-signed certificate (made with openssl), as a phone
 * reaches it; Chromium then needs CHROMIUM_TLS_ARGS. BENCH_APP_ROOT points at another
 * checkout to measure (say a clean copy of a commit, built there), by default this one.
 * Not a bench module itself.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { request } from 'playwright-core';
import { staleBuildReason } from '../lib/server/build-freshness';
import { selfSignedCertificate } from '../tests/certificate';
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

/** For an app started with `https`: its certificate is the bench's own, made a moment ago. */
export const CHROMIUM_TLS_ARGS = ['--ignore-certificate-errors'];

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

// Playwright's requests, not Node's fetch, which cannot take the bench's self-signed certificate.
async function signedInSession(baseUrl: string): Promise<{ cookie: string; itemId: string }> {
  const api = await request.newContext({ baseURL: baseUrl, ignoreHTTPSErrors: true });
  try {
    const signIn = await api.post('/api/session', { headers: { accept: 'application/json', origin: baseUrl }, form: { password } });
    if (signIn.status() !== 200) throw new Error(`Signing in failed: ${signIn.status()} ${await signIn.text()}`);
    const setCookie = signIn.headersArray().find((header) => header.name.toLowerCase() === 'set-cookie')?.value;
    if (!setCookie) throw new Error('Signing in answered no cookie.');
    const cookie = setCookie.split(';')[0];
    const items = await api.get('/api/v1/items?limit=1', { headers: { cookie, accept: 'application/json' } });
    if (items.status() !== 200) throw new Error(`GET /api/v1/items answered ${items.status()}`);
    const body = (await items.json()) as { data: { id: string }[] };
    if (!body.data[0]) throw new Error('The seeded inbox has no item.');
    return { cookie, itemId: body.data[0].id };
  } finally {
    await api.dispose();
  }
}

/** Seeds a throwaway data directory, serves the production build on it (over HTTPS with `https`) and signs in. */
export async function startApp({ https = false } = {}): Promise<AppUnderTest> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tidings-bench-app-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env, NEXT_TELEMETRY_DISABLED: '1', TIDINGS_DATA_DIR: dataDir, TIDINGS_APP_PASSWORD: password,
    // No mail server; room for Lighthouse's repeated loads under the app's rate limit.
    TIDINGS_SMTP_PORT: '0', TIDINGS_APP_RATE_LIMIT: '1000000',
  };
  delete env.FEED_API_BASE_URL;
  delete env.FEED_API_KEY;
  delete env.TIDINGS_TLS_CERT;
  delete env.TIDINGS_TLS_KEY;
  try {
    if (https) Object.assign(env, selfSignedCertificate(dataDir));
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
      const { cookie, itemId } = await signedInSession(server.baseUrl);
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
