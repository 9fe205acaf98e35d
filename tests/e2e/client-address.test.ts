import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { request, type IncomingHttpHeaders } from 'node:http';
import { networkInterfaces, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { statusAt } from '@/lib/server/status-at';
import { freePort } from './server';

/*
 * The attacks on a fresh install replayed against `npm start`'s own server (lib/server/serve.ts)
 * listening on every interface with no password yet: from this machine's network address, a
 * Host: localhost and X-Forwarded-For: 127.0.0.1 must not choose the first password, while the
 * machine itself may; `next` never leads off-site; made-up forwarded addresses buy no guesses.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));
const networkAddress = Object.values(networkInterfaces()).flat().find((entry) => entry && !entry.internal && entry.family === 'IPv4')?.address;
let child: ChildProcess;
let dataDir = '';
let port = 0;

type Answer = { status: number; headers: IncomingHttpHeaders; body: string };

/** One request to the server at `address`, with exactly these headers (fetch would not send a made-up Host). */
function send(address: string, method: string, pathAndQuery: string, headers: Record<string, string>, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const sent = request({ host: address, port, method, path: pathAndQuery, headers: { host: `localhost:${port}`, ...headers } }, (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
    });
    sent.on('error', reject);
    sent.end(body);
  });
}

const json = { accept: 'application/json', 'content-type': 'application/json' };
const post = (address: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  send(address, 'POST', '/api/session', { ...json, origin: `http://localhost:${port}`, ...headers }, JSON.stringify(fields));
const choose = { new_password: 'chosen on this machine', repeat_password: 'chosen on this machine' };

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'tidings-e2e-address-'));
  cpSync(inject('demoDataDir'), dataDir, { recursive: true });
  port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env, NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'production', PORT: String(port),
    TIDINGS_DATA_DIR: dataDir, TIDINGS_SMTP_PORT: '0',
  };
  for (const name of ['TIDINGS_APP_PASSWORD', 'FEED_API_BASE_URL', 'FEED_API_KEY', 'TIDINGS_TRUSTED_PROXIES', 'TIDINGS_TLS_CERT', 'TIDINGS_TLS_KEY']) delete env[name];
  child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'lib/server/serve.ts'), '--port', String(port), '--hostname', '0.0.0.0'], {
    cwd: root, env, stdio: 'ignore',
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await statusAt(`http://127.0.0.1:${port}/sign-in`, 5000)) < 500) break;
    } catch {
      if (Date.now() > deadline) throw new Error('The server did not answer within 60 s.');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
});

afterAll(async () => {
  if (child && child.exitCode === null) {
    await new Promise((resolve) => {
      child.once('exit', resolve);
      child.kill('SIGTERM');
    });
  }
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a fresh install reached from the network', () => {
  it.skipIf(!networkAddress)('does not let another machine choose the first password by claiming to be this one', async () => {
    const claims = { 'x-forwarded-for': '127.0.0.1', 'x-real-ip': '127.0.0.1', forwarded: 'for=127.0.0.1', 'x-tidings-client-address': '127.0.0.1' };
    const attempt = await post(networkAddress!, choose, claims);
    expect(attempt.status).toBe(400);
    expect(JSON.parse(attempt.body)).toMatchObject({ error: 'not_offered' });
    const page = await send(networkAddress!, 'GET', '/sign-in', claims);
    expect(page.body).toContain('No password yet');
    expect(page.body).not.toContain('Choose a password');
  });

  it('offers the first password to this machine', async () => {
    const page = await send('127.0.0.1', 'GET', '/sign-in', {});
    expect(page.body).toContain('Choose a password');
  });
});

describe('`next` after signing in', () => {
  it('stays on this site: the page’s form, its redirect when signed in, and the form post', async () => {
    const evil = `/sign-in?next=${encodeURIComponent('/\t/evil.example/x')}`;
    expect(evil).toBe('/sign-in?next=%2F%09%2Fevil.example%2Fx');
    const page = await send('127.0.0.1', 'GET', '/sign-in?next=/%09/evil.example/x', {});
    expect(page.status).toBe(200);
    expect(page.body).toMatch(/name="next" value="\/inbox"/);

    const chosen = await post('127.0.0.1', { ...choose, next: '/inbox' });
    expect(chosen.status).toBe(200);
    const cookie = String(chosen.headers['set-cookie']).split(';')[0];
    const signedIn = await send('127.0.0.1', 'GET', '/sign-in?next=/%09/evil.example/x', { cookie });
    expect(signedIn.status).toBeGreaterThanOrEqual(300);
    expect(signedIn.status).toBeLessThan(400);
    expect(new URL(String(signedIn.headers.location), `http://localhost:${port}`).origin).toBe(`http://localhost:${port}`);

    for (const next of ['/\t/evil.example/x', '/inbox\r\nSet-Cookie: a=b']) {
      const form = await send('127.0.0.1', 'POST', '/api/session', { 'content-type': 'application/x-www-form-urlencoded', origin: `http://localhost:${port}` }, new URLSearchParams({ password: choose.new_password, next }).toString());
      expect(form.status).toBe(400);
      expect(form.headers.location).toBeUndefined();
    }
    const backslash = await send('127.0.0.1', 'POST', '/api/session', { 'content-type': 'application/x-www-form-urlencoded', origin: `http://localhost:${port}` }, new URLSearchParams({ password: choose.new_password, next: '/\\evil.example' }).toString());
    expect(backslash.status).toBe(303);
    expect(backslash.headers.location).toBe('/inbox');
  });
});

describe('guessing the password', () => {
  it.skipIf(!networkAddress)('gets no more tries from the network by making up X-Forwarded-For', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await post(networkAddress!, { password: `guess ${i}` }, { 'x-forwarded-for': `10.0.${i}.1` })).status);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual([429, 429, 429]);
    // The machine itself is not held back by a stranger's failures.
    expect((await post('127.0.0.1', { password: choose.new_password })).status).toBe(200);
  });
});
