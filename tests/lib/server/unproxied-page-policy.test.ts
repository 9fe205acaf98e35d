/*
 * What Next answers outside proxy.ts (a path with a file extension, Next's own files) gets the
 * page policy from the production server: a 404 for /nope.js went out without any
 * Content-Security-Policy. Over real HTTP through the server's chain (tests/lib/server/app-server.ts),
 * whose stand-in for Next reports the nonce it was handed.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startAppServer, type AppServer } from './app-server';

vi.mock('server-only', () => ({}));

let server: AppServer;
let proxied: AppServer;

beforeAll(async () => {
  server = await startAppServer();
  // Behind a proxy on loopback that says the browser came over https.
  proxied = await startAppServer('127.0.0.1');
});

afterAll(async () => {
  await server.close();
  await proxied.close();
});

/** The policy's directives, by name. */
function directives(policy: string | null): Map<string, string[]> {
  return new Map((policy ?? '').split(';').filter(Boolean).map((part) => {
    const [name, ...sources] = part.trim().split(/\s+/);
    return [name!, sources];
  }));
}

describe('the page policy of answers proxy.ts never sees', () => {
  it('gives a 404 for a path with a file extension a nonce policy without inline script, and Next the same nonce', async () => {
    const nonces = new Set<string>();
    for (const target of ['/nope.js', '/nope.js?x=1', '/icons/nope.png', '/_next/nope']) {
      const response = await fetch(`${server.base}${target}`);
      expect(response.status, target).toBe(404);
      const policy = directives(response.headers.get('content-security-policy'));
      const nonce = response.headers.get('x-seen-nonce');
      expect(nonce, target).toBeTruthy();
      expect(policy.get('script-src'), target).toEqual(["'self'", `'nonce-${nonce}'`, "'strict-dynamic'"]);
      expect(policy.get('object-src'), target).toEqual(["'none'"]);
      expect(policy.get('base-uri'), target).toEqual(["'none'"]);
      expect(policy.get('frame-ancestors'), target).toEqual(["'none'"]);
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('strict-transport-security'), 'plain HTTP').toBeNull();
      nonces.add(nonce!);
    }
    expect(nonces.size).toBe(4);
  });

  it('adds HSTS when a trusted proxy says the browser came over https, and not when an untrusted client says so', async () => {
    const behindFront = await fetch(`${proxied.base}/nope.js`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(behindFront.headers.get('strict-transport-security')).toBe('max-age=31536000');
    const claimed = await fetch(`${server.base}/nope.js`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(claimed.headers.get('strict-transport-security')).toBeNull();
  });

  it('leaves pages to proxy.ts, data answers their policy that loads nothing, and the service worker unbound', async () => {
    for (const target of ['/inbox', '/sw.js', '/greader/reader/api/0/stream/contents/feed.xml']) {
      // The sync APIs reach Next only when it fronts a hosted service; locally the server answers them itself.
      if (target.startsWith('/greader/')) process.env.FEED_API_BASE_URL = 'http://127.0.0.1:9';
      const response = await fetch(`${server.base}${target}`);
      delete process.env.FEED_API_BASE_URL;
      // No page policy; a sync API's answer is data, with the policy that loads nothing (lib/server/fixed-headers.ts).
      const policy = response.headers.get('content-security-policy');
      if (target.startsWith('/greader/')) expect(directives(policy).get('default-src'), target).toEqual(["'none'"]);
      else expect(policy, target).toBeNull();
      expect(response.headers.get('x-seen-nonce'), target).toBe('');
    }
    const data = await fetch(`${server.base}/api/nope.json`);
    expect(directives(data.headers.get('content-security-policy')).get('default-src')).toEqual(["'none'"]);
  });
});
