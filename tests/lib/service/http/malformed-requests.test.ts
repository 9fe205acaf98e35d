/*
 * The service's router facing malformed requests and oversized bodies: an undecodable path
 * segment or an unknown method gets a 4xx with the usual { message }, never a 500; a body
 * past the limit (announced, or streamed without a length) is refused having read about the limit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../harness';
import { lazyBody } from './lazy-body';

let h: Harness;
beforeAll(async () => { h = await startHarness({ mailSecret: 'inbound-secret' }); });
afterAll(async () => { await h.stop(); });

/** A request straight to the service's fetch handler, as the app's /v1 mount passes it. */
function direct(method: string, pathname: string, init: RequestInit & { headers?: Record<string, string> } = {}): Promise<Response> {
  return Promise.resolve(h.service.fetch(new Request(new URL(pathname, 'http://localhost'), { method, duplex: 'half', ...init } as RequestInit)));
}

describe('undecodable paths', () => {
  it.each(['/v1/items/%ff', '/v1/items/%E0%A4%A', '/v1/subscriptions/%C0%AF', '/v1/%ff'])('answers %s with 400 and one sentence', async (pathname) => {
    const { key } = await h.createUser();
    for (const method of ['GET', 'PATCH', 'DELETE']) {
      const answer = await direct(method, pathname, { headers: { authorization: `Bearer ${key}` } });
      expect(answer.status, `${method} ${pathname}`).toBe(400);
      expect(await answer.json()).toEqual({ message: expect.stringMatching(/^The path .* is not valid percent-encoded UTF-8\.$/) });
    }
  });
});

describe('unsupported methods', () => {
  it.each(['PROPFIND', 'TRACE'])('answers %s on an operation path with 405 and the methods it takes', async (method) => {
    // TRACE cannot be made as a fetch Request, so the method is swapped on one that can be.
    const request = new Request('http://localhost/v1/items', { method: method === 'TRACE' ? 'GET' : method });
    if (method === 'TRACE') Object.defineProperty(request, 'method', { value: 'TRACE' });
    const answer = await h.service.fetch(request);
    expect(answer.status).toBe(405);
    expect(answer.headers.get('allow')).toBe('GET, PUT, PATCH');
    expect(await answer.json()).toEqual({ message: `${method} is not allowed on /v1/items; it takes GET, PUT, PATCH.` });
  });
});

describe('bodies past the limit', () => {
  it('refuses a streamed 300 MB body with 413 having pulled about 1 MB of it, and changes nothing', async () => {
    const { key } = await h.createUser();
    const body = lazyBody(4800);
    const answer = await direct('POST', '/v1/subscriptions', {
      body: body.stream, headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    });
    expect(answer.status).toBe(413);
    expect(await answer.json()).toEqual({ message: 'The request body is larger than 1 MB.' });
    expect(body.pulled()).toBeLessThanOrEqual(17);
    expect((await h.call('GET', '/v1/subscriptions', { key })).body.data).toEqual([]);
  });

  it('refuses an inbound message announced or streamed past 10 MB with 413 before reading it whole', async () => {
    const headers = { authorization: 'Bearer inbound-secret', 'content-type': 'message/rfc822' };
    const announced = lazyBody(4800);
    const refused = await direct('POST', '/v1/mail/inbound', { body: announced.stream, headers: { ...headers, 'content-length': String(300 * 1024 * 1024) } });
    expect(refused.status).toBe(413);
    expect(await refused.json()).toEqual({ message: 'The message is larger than 10 MB.' });
    expect(announced.pulled()).toBe(0);
    const streamed = lazyBody(4800);
    const answer = await direct('POST', '/v1/mail/inbound', { body: streamed.stream, headers });
    expect(answer.status).toBe(413);
    expect(streamed.pulled()).toBeLessThanOrEqual(162);
  });
});
