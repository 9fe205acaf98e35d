import { connect } from 'node:net';
import { describe, expect, inject, it } from 'vitest';
import { COMPILE_HINT } from '@/lib/server/compile-hints';

/*
 * The production server (lib/server/serve.ts) in front of Next: a first load's scripts go out
 * as the build's Brotli copies to a browser that takes Brotli, and as Next's gzip otherwise, each
 * marked for compiling while it streams in (lib/server/compile-hints.ts); an idle connection is
 * kept for as long as a reverse proxy keeps it in its pool.
 */

/** Sends `requests` GETs of `path` on one connection, `pauseMs` apart; answers each response's status line. */
async function statusLinesOnOneConnection(base: string, path: string, requests: number, pauseMs: number): Promise<string[]> {
  const { hostname, port } = new URL(base);
  const socket = connect(Number(port), hostname);
  const lines: string[] = [];
  let received = '';
  let onAnswer = (): void => {};
  socket.on('data', (chunk: Buffer) => {
    received += chunk.toString('latin1');
    // One status line per answer; a body without a final newline runs straight into the next one.
    const found = received.match(/HTTP\/1\.1 \d{3}[^\r]*/g) ?? [];
    if (found.length > lines.length) {
      lines.push(...found.slice(lines.length));
      onAnswer();
    }
  });
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  for (let sent = 0; sent < requests; sent++) {
    if (sent > 0) await new Promise((resolve) => setTimeout(resolve, pauseMs));
    const answered = new Promise<void>((resolve) => (onAnswer = resolve));
    socket.write(`GET ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\n\r\n`);
    if (await Promise.race([answered.then(() => true), closed.then(() => false)]) === false) break;
  }
  socket.destroy();
  return lines;
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
    const lines = await statusLinesOnOneConnection(inject('baseUrl'), '/api/v1/no-such-operation', 2, 6_000);
    expect(lines).toEqual(['HTTP/1.1 401 Unauthorized', 'HTTP/1.1 401 Unauthorized']);
  });
});
