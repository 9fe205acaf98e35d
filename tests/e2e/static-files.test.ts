import { Agent, request } from 'node:http';
import { describe, expect, inject, it } from 'vitest';
import { COMPILE_HINT } from '@/lib/server/compile-hints';

/*
 * The production server (lib/server/serve.ts) in front of Next: a first load's scripts go out
 * as the build's Brotli copies to a browser that takes Brotli, and as Next's gzip otherwise, each
 * marked for compiling while it streams in (lib/server/compile-hints.ts); an idle connection is
 * kept for as long as a reverse proxy keeps it in its pool.
 */

/** GETs `path` twice through one kept-alive connection, `pauseMs` apart; answers the statuses and whether the second reused the first's connection. */
async function twoRequestsOnOneConnection(base: string, path: string, pauseMs: number): Promise<{ statuses: number[]; reused: boolean }> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const send = () => new Promise<{ status: number; reused: boolean }>((resolve, reject) => {
    const outgoing = request(`${base}${path}`, { agent }, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode ?? 0, reused: outgoing.reusedSocket }));
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
  const first = await send();
  await new Promise((resolve) => setTimeout(resolve, pauseMs));
  const second = await send();
  agent.destroy();
  return { statuses: [first.status, second.status], reused: second.reused };
}

describe('the production server', () => {
  it('sends the scripts of a first load Brotli-compressed to a browser that takes Brotli, and the same scripts gzipped otherwise', async () => {
    const base = inject('baseUrl');
    const page = await (await fetch(`${base}/sign-in`)).text();
    const scripts = [...page.matchAll(/<script src="(\/_next\/static\/[^"]+\.js)"/g)].map((match) => match[1]!);
    expect(scripts.length).toBeGreaterThan(3);
    for (const script of scripts) {
      const brotli = await fetch(`${base}${script}`, { headers: { 'accept-encoding': 'br' } });
      expect(brotli.status).toBe(200);
      expect(brotli.headers.get('content-encoding'), script).toBe('br');
      const gzipped = await fetch(`${base}${script}`, { headers: { 'accept-encoding': 'gzip' } });
      expect(gzipped.headers.get('content-encoding'), script).toBe('gzip');
      // fetch decodes both: the same script either way.
      expect(await brotli.text()).toBe(await gzipped.text());
    }
  });

  it('serves every script a page loads with its HTML with V8\'s compile hint on its first line', async () => {
    const base = inject('baseUrl');
    for (const address of ['/sign-in', '/share/not-a-token']) {
      const page = await (await fetch(`${base}${address}`)).text();
      // The polyfills (noModule) run only in browsers too old for the hint.
      const scripts = [...page.matchAll(/<script src="(\/_next\/static\/[^"]+\.js)"([^>]*)>/g)].filter((match) => !/nomodule/i.test(match[2]!)).map((match) => match[1]!);
      expect(scripts.length, address).toBeGreaterThan(3);
      for (const script of scripts) {
        const code = await (await fetch(`${base}${script}`)).text();
        expect(code.slice(0, COMPILE_HINT.length + 1), script).toBe(`${COMPILE_HINT}\n`);
      }
    }
  });

  it('keeps an idle connection open past Node\'s 5 s, as a reverse proxy reusing it expects', async () => {
    // Node's own 5 s closed connections an nginx or load balancer pool (60 s) would use again: a 502 now and then.
    const answered = await twoRequestsOnOneConnection(inject('baseUrl'), '/api/v1/no-such-operation', 6_000);
    expect(answered).toEqual({ statuses: [401, 401], reused: true });
  });
});
