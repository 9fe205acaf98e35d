/*
 * Reading a request body with a ceiling (lib/service/http/bounded-body.ts): an announced or
 * streamed body past the limit is refused after reading at most about the limit.
 */
import { describe, expect, it } from 'vitest';
import { lazyBody } from './lazy-body';
import { formBodyLimit, readBoundedBody, readBoundedText, refuseBodyOver } from '@/lib/service/http/bounded-body';

function post(body: BodyInit | null, headers: Record<string, string> = {}): Request {
  return new Request('http://localhost/x', { method: 'POST', body, headers, duplex: 'half' } as RequestInit);
}

describe('reading a body up to a limit', () => {
  it('gives a body within the limit whole', async () => {
    expect(await readBoundedText(post('{"password":"é"}'), formBodyLimit)).toBe('{"password":"é"}');
    expect(await readBoundedBody(post(null), formBodyLimit)).toEqual(new Uint8Array(0));
  });

  it('refuses a body announced as 300 MB without reading any of it', async () => {
    const body = lazyBody(4800);
    expect(await readBoundedBody(post(body.stream, { 'content-length': String(300 * 1024 * 1024) }), formBodyLimit)).toBeNull();
    expect(body.pulled()).toBe(0);
  });

  it('stops a streamed 300 MB body after the chunk that passes the limit and cancels the rest', async () => {
    const body = lazyBody(4800);
    expect(await readBoundedBody(post(body.stream), formBodyLimit)).toBeNull();
    // 16 KB fits in the first 64 KB chunk: one chunk read, perhaps one more queued, never the 300 MB.
    expect(body.pulled()).toBeLessThanOrEqual(2);
    expect(body.cancelled()).toBe(true);
  });

  it('counts bytes, not characters', async () => {
    const text = 'é'.repeat(formBodyLimit.bytes / 2);
    expect(await readBoundedText(post(text), formBodyLimit)).toBe(text);
    expect(await readBoundedText(post(`${text}é`), formBodyLimit)).toBeNull();
  });

  it('answers 413 with one sentence for a route that takes no body when one past the limit comes', async () => {
    const refused = await refuseBodyOver(post(lazyBody(4800).stream), formBodyLimit);
    expect(refused?.status).toBe(413);
    expect(await refused?.json()).toEqual({ message: 'The request body is larger than 16 KB.' });
    expect(await refuseBodyOver(post('{}'), formBodyLimit)).toBeNull();
  });
});
