/*
 * The request proxy (proxy.ts) as Next runs it: every page, the public ones included, leaves with
 * a Content-Security-Policy whose nonce the render receives, fresh for each request.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { closeAppDatabases } from '@/lib/server/app-database';
import { proxy } from '@/proxy';

vi.mock('server-only', () => ({}));

let dataDir: string;
beforeAll(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'tidings-proxy-'));
  process.env.TIDINGS_DATA_DIR = dataDir;
  process.env.TIDINGS_APP_PASSWORD = 'a password';
});
afterAll(() => {
  closeAppDatabases();
  rmSync(dataDir, { recursive: true, force: true });
});

const visit = (pathname: string, headers: Record<string, string> = {}) => proxy(new NextRequest(`http://127.0.0.1:3000${pathname}`, { headers }));

/** The nonce a policy allows scripts by. */
function scriptNonce(policy: string | null): string {
  const scriptSrc = policy?.split(';').map((directive) => directive.trim()).find((directive) => directive.startsWith('script-src '));
  const nonce = scriptSrc?.match(/'nonce-([^']+)'/)?.[1];
  if (!nonce) throw new Error(`no script nonce in ${policy}`);
  return nonce;
}

describe('the proxy', () => {
  it('gives the public pages (sign-in, offline, a share link) a policy with a nonce, and hands the same policy and nonce to the render', async () => {
    for (const pathname of ['/sign-in?next=/inbox', '/offline', '/share/abc']) {
      const response = await visit(pathname);
      expect(response.headers.get('location'), pathname).toBeNull();
      const policy = response.headers.get('content-security-policy');
      const nonce = scriptNonce(policy);
      // How NextResponse.next({ request }) passes request headers on to the render.
      expect(response.headers.get('x-middleware-request-content-security-policy')).toBe(policy);
      expect(response.headers.get('x-middleware-request-x-tidings-nonce')).toBe(nonce);
    }
  });

  it('sends a visit without a session to sign-in, with a policy on the redirect too', async () => {
    const response = await visit('/inbox?view=saved');
    expect(response.status).toBe(307);
    expect(new URL(response.headers.get('location')!).pathname).toBe('/sign-in');
    scriptNonce(response.headers.get('content-security-policy'));
  });

  it('makes a new nonce for every request', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => visit('/offline')));
    const nonces = new Set(answers.map((answer) => scriptNonce(answer.headers.get('content-security-policy'))));
    expect(nonces.size).toBe(20);
  });

  it('asks for HTTPS only (Strict-Transport-Security) on answers to HTTPS requests', async () => {
    expect((await visit('/offline')).headers.get('strict-transport-security')).toBeNull();
    expect((await visit('/offline', { 'x-forwarded-proto': 'https' })).headers.get('strict-transport-security')).toMatch(/^max-age=\d{8,}/);
  });
});
