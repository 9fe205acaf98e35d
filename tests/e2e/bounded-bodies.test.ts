import { request as httpRequest } from 'node:http';
import { beforeAll, describe, expect, inject, it } from 'vitest';

/*
 * Bodies over real HTTP against the production server: a client streaming 300 MB (in 64 KB
 * chunks, each written only once the socket takes it) to an app route gets a 413 long before
 * it has sent it all; one announcing 300 MB gets it without sending any.
 */

const chunk = Buffer.alloc(64 * 1024, 'a');
const chunksIn300Mb = 4800;
let base: URL;
let cookie: string;

type Streamed = { status: number; body: string; chunksWritten: number };

/** Streams up to 300 MB to a route, stopping as soon as the answer comes; counts the chunks that went out. */
function stream300Mb(method: string, target: string, headers: Record<string, string>, announce = false): Promise<Streamed> {
  return new Promise((resolve, reject) => {
    let written = 0;
    let answered = false;
    const outgoing = httpRequest({
      host: base.hostname, port: base.port, method, path: target,
      headers: { origin: base.origin, accept: 'application/json', ...headers, ...(announce ? { 'content-length': String(chunksIn300Mb * chunk.length) } : {}) },
    }, (response) => {
      answered = true;
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (data: string) => { body += data; });
      response.on('end', () => {
        resolve({ status: response.statusCode ?? 0, body, chunksWritten: written });
        outgoing.destroy();
      });
    });
    outgoing.on('error', (error) => { if (!answered) reject(error); });
    const pump = () => {
      while (!answered && !announce && written < chunksIn300Mb) {
        written += 1;
        if (!outgoing.write(chunk)) return void outgoing.once('drain', pump);
      }
      if (!answered && !announce) outgoing.end();
    };
    if (announce) outgoing.flushHeaders();
    else pump();
  });
}

beforeAll(async () => {
  base = new URL(inject('baseUrl'));
  const response = await fetch(`${base.origin}/api/session`, {
    method: 'POST', headers: { accept: 'application/json', 'content-type': 'application/json' }, body: JSON.stringify({ password: inject('appPassword') }),
  });
  expect(response.status).toBe(200);
  cookie = (response.headers.get('set-cookie') ?? '').split(';')[0]!;
});

describe('a 300 MB body to an app route', () => {
  // Socket buffers on both sides take a few MB before the answer is read; 20 MB is far from 300.
  const mostChunksSent = 320;

  it.each([
    ['sign-in', 'POST', '/api/session', {}, 'The request body is larger than 16 KB.'],
    ['sign-out', 'POST', '/api/session/sign-out', {}, 'The request body is larger than 16 KB.'],
    ['a new share link', 'POST', '/api/share-links', { withSession: true }, 'The request body is larger than 16 KB.'],
    ['the proxy', 'POST', '/api/v1/subscriptions', { withSession: true }, 'The request body is larger than 1 MB.'],
  ])('is refused with 413 by %s after a fraction of it was sent', async (_name, method, target, options: { withSession?: boolean }, message) => {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (options.withSession) headers.cookie = cookie;
    const streamed = await stream300Mb(method, target, headers);
    expect(streamed.status).toBe(413);
    expect(JSON.parse(streamed.body)).toMatchObject({ message });
    expect(streamed.chunksWritten).toBeLessThan(mostChunksSent);
  });

  it('is refused by a page with 405 before Next reads it', async () => {
    for (const target of ['/inbox', '/sign-in']) {
      const streamed = await stream300Mb('POST', target, { cookie });
      expect(streamed.status, target).toBe(405);
      expect(JSON.parse(streamed.body)).toEqual({ message: `POST is not allowed on ${target}; pages take GET, HEAD, OPTIONS.` });
      expect(streamed.chunksWritten).toBeLessThan(mostChunksSent);
    }
  });

  it('is refused with 413 as soon as it is announced, before any of it is sent', async () => {
    for (const target of ['/api/session', '/api/share-links', '/api/v1/subscriptions']) {
      const announced = await stream300Mb('POST', target, { 'content-type': 'application/json', cookie }, true);
      expect(announced.status, target).toBe(413);
      expect(announced.chunksWritten).toBe(0);
    }
  });
});
