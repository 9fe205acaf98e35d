import { describe, expect, inject, it } from 'vitest';

/*
 * The production server (lib/server/serve.ts) in front of Next: a first load's scripts go out
 * as the build's Brotli copies to a browser that takes Brotli, and as Next's gzip otherwise.
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
});
