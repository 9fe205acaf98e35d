/*
 * Upgrading while the app serves: `npm run build` runs beside a production server of its own,
 * which must answer every page it had not loaded before with 200 during and after the build
 * (it keeps serving its own build until restarted), while a second build started meanwhile is
 * refused. Runs a whole production build: minutes on a small machine.
 */
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freePort, startProductionServer, type RunningServer } from './server';

const root = fileURLToPath(new URL('../..', import.meta.url));
let server: RunningServer;
let dataDir: string;
let cookie: string;

type Run = { code: number; stdout: string; stderr: string };

function build(): Promise<Run> {
  return new Promise((resolve) => {
    execFile('npm', ['run', '-s', 'build'], { cwd: root, env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' }, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }));
  });
}

async function statusOf(pathname: string): Promise<number> {
  const response = await fetch(`${server.baseUrl}${pathname}`, { headers: { cookie }, redirect: 'manual' });
  await response.arrayBuffer();
  return response.status;
}

/** A page and every script it loads, each answered 200: the chunks Next loads lazily included. */
async function pageWithScripts(pathname: string): Promise<Record<string, number>> {
  const response = await fetch(`${server.baseUrl}${pathname}`, { headers: { cookie } });
  const html = await response.text();
  const scripts = [...new Set([...html.matchAll(/src="(\/_next\/static\/[^"]+\.js)"/g)].map((match) => match[1]))];
  const statuses: Record<string, number> = { [pathname]: response.status };
  for (const script of scripts) statuses[script] = await statusOf(script);
  return statuses;
}

const allOk = (statuses: Record<string, number>) => Object.fromEntries(Object.keys(statuses).map((key) => [key, 200]));

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'tidings-e2e-upgrade-'));
  cpSync(inject('demoDataDir'), dataDir, { recursive: true });
  server = await startProductionServer(root, {
    ...process.env, TIDINGS_DATA_DIR: dataDir, TIDINGS_APP_PASSWORD: inject('appPassword'), TIDINGS_ALLOW_PRIVATE_URLS: '1',
    TIDINGS_SMTP_PORT: String(await freePort()),
  });
  const signIn = await fetch(`${server.baseUrl}/api/session`, {
    method: 'POST', body: new URLSearchParams({ password: inject('appPassword') }),
    headers: { accept: 'application/json', origin: server.baseUrl },
  });
  expect(signIn.status).toBe(200);
  cookie = signIn.headers.get('set-cookie')!.split(';')[0]!;
}, 120_000);

afterAll(async () => {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a build while the app serves', () => {
  it('leaves the running server answering 200 for pages it had not loaded, and refuses a second build', async () => {
    const pages = ['/inbox', '/stories', '/search?q=news', '/subscriptions', '/settings', '/episodes', '/settings/share-links', '/api-reference', '/offline'];
    expect(await pageWithScripts(pages.shift()!)).toEqual(expect.objectContaining({ '/inbox': 200 }));
    const servedBefore = realpathSync(path.join(root, '.next'));
    const workerBefore = await (await fetch(`${server.baseUrl}/sw.js`)).text();

    const first = build();
    let done = false;
    void first.then(() => { done = true; });
    // Started once the first build holds the lock (its file names the build's pid).
    const lock = path.join(root, '.next-build.lock');
    await expect.poll(() => (existsSync(lock) ? readFileSync(lock, 'utf8').trim() : ''), { timeout: 30_000, interval: 100 }).toMatch(/^\d+$/);
    const second = await build();
    expect(second.stderr.trim()).toMatch(/^Another build is running \(pid \d+\); wait for it to finish\.$/);
    expect(second.code).toBe(1);

    const during: Record<string, number> = {};
    while (!done) {
      if (pages.length > 3) Object.assign(during, await pageWithScripts(pages.shift()!));
      Object.assign(during, await pageWithScripts('/inbox'));
      // Every 5 s while it builds, and no longer once it is done.
      await Promise.race([first, new Promise((resolve) => setTimeout(resolve, 5000))]);
    }
    const built = await first;
    expect(built.stderr).not.toMatch(/Another build is running/);
    expect(built.code, built.stderr.slice(-2000)).toBe(0);
    expect(during).toEqual(allOk(during));
    expect(Object.keys(during).length).toBeGreaterThan(2);

    // The link names the new build; the server still serves the one it started with, whole.
    expect(realpathSync(path.join(root, '.next'))).not.toBe(servedBefore);
    const after: Record<string, number> = {};
    for (const page of pages) Object.assign(after, await pageWithScripts(page));
    expect(after).toEqual(allOk(after));
    expect(await (await fetch(`${server.baseUrl}/sw.js`)).text()).toBe(workerBefore);
    expect(readFileSync(path.join(servedBefore, 'BUILD_ID'), 'utf8')).toBeTruthy();
  }, 30 * 60_000);
});
