import { describe, expect, inject, it } from 'vitest';
import { COMPILE_HINT } from '@/lib/server/compile-hints';

/*
 * The production server (lib/server/serve.ts) in front of Next: a first load's scripts go out
 * as the build's Brotli copies to a browser that takes Brotli, and as Next's gzip otherwise, each
 * marked for compiling while it streams in (lib/server/compile-hints.ts).
 */
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
});
