/*
 * gzip of the answers the production server makes outside Next (the /api/v1 proxy), by the
 * rules of Next's own compression: JSON or text of 1 KB or more, to a client that takes gzip.
 */
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { acceptsEncoding, gzipAnswer } from '@/lib/server/gzip-answer';

const list = JSON.stringify({ data: Array.from({ length: 50 }, (_, i) => ({ id: i, title: `Item number ${i}` })) });

function answer(body: string | null, type = 'application/json', status = 200): Response {
  return new Response(body, { status, headers: { 'content-type': type, 'cache-control': 'no-store' } });
}

describe('gzip of the proxy’s answers', () => {
  it('gzips a JSON list for a client that takes gzip, keeping status and headers, and says it varies', async () => {
    const gzipped = await gzipAnswer(answer(list), 'gzip, deflate, br');
    expect(gzipped.status).toBe(200);
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
    expect(gzipped.headers.get('vary')).toBe('Accept-Encoding');
    expect(gzipped.headers.get('cache-control')).toBe('no-store');
    const bytes = Buffer.from(await gzipped.arrayBuffer());
    expect(bytes.length).toBeLessThan(list.length / 2);
    expect(gunzipSync(bytes).toString()).toBe(list);
  });

  it('sends it plain to a client that does not take gzip, or refuses it, and a body under 1 KB always', async () => {
    for (const [body, accepted] of [[list, null], [list, 'br'], [list, 'gzip;q=0'], ['{"message":"Sign in to continue."}', 'gzip']] as const) {
      const plain = await gzipAnswer(answer(body, 'application/json', 401), accepted);
      expect(plain.status).toBe(401);
      expect(plain.headers.get('content-encoding')).toBeNull();
      expect(plain.headers.get('vary')).toBe('Accept-Encoding');
      expect(await plain.text()).toBe(body);
    }
  });

  it('leaves bodiless answers and types it does not compress alone', async () => {
    const empty = await gzipAnswer(answer(null, 'application/json', 204), 'gzip');
    expect(empty.status).toBe(204);
    expect(empty.headers.get('vary')).toBeNull();
    const binary = await gzipAnswer(answer('x'.repeat(4000), 'application/octet-stream'), 'gzip');
    expect(binary.headers.get('content-encoding')).toBeNull();
  });

  it('reads Accept-Encoding as brotli-static does: named and not refused', () => {
    expect(acceptsEncoding('gzip, br', 'br')).toBe(true);
    expect(acceptsEncoding(['deflate', 'GZIP;q=0.5'], 'gzip')).toBe(true);
    expect(acceptsEncoding('gzip;q=0', 'gzip')).toBe(false);
    expect(acceptsEncoding(undefined, 'gzip')).toBe(false);
  });
});
