import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { beforeAll, describe, expect, inject, it } from 'vitest';

/*
 * The production server (lib/server/serve.ts) facing malformed requests: an undecodable path,
 * a method the app has no use for, a header or framing Node's parser refuses. Each gets a 4xx
 * with a { message } JSON body, never Next's plain-text 500.
 */

type Answer = { status: number; type: string; body: string; location?: string };

let base: URL;
let cookie: string;

/** One request with any method (fetch refuses TRACE), as the server answers it. */
function send(method: string, target: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest({ host: base.hostname, port: base.port, method, path: target, headers: { connection: 'close', ...headers } }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => { body += chunk; });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, type: response.headers['content-type'] ?? '', body, location: response.headers.location }));
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

/** Raw bytes to the server, for requests no HTTP client would make; the whole answer as text. */
function raw(bytes: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const socket = connect(Number(base.port), base.hostname, () => socket.write(bytes));
    let text = '';
    socket.on('data', (data) => { text += data.toString('latin1'); });
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', body = ''] = text.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), type: /content-type: *([^\r]+)/i.exec(head)?.[1] ?? '', body, location: /location: *([^\r]+)/i.exec(head)?.[1] });
    });
  });
}

function expectMessage(answer: Answer, status: number, message: RegExp): void {
  expect(answer.status).toBe(status);
  expect(answer.type).toMatch(/^application\/json/);
  expect(JSON.parse(answer.body)).toEqual({ message: expect.stringMatching(message) });
}

beforeAll(async () => {
  base = new URL(inject('baseUrl'));
  const response = await fetch(`${base.origin}/api/session`, {
    method: 'POST', headers: { accept: 'application/json', 'content-type': 'application/json' }, body: JSON.stringify({ password: inject('appPassword') }),
  });
  expect(response.status).toBe(200);
  cookie = (response.headers.get('set-cookie') ?? '').split(';')[0]!;
});

describe('paths that do not decode', () => {
  it.each(['/v1/items/%ff', '/api/v1/tags/%ff', '/share/%ff', '/items/%ff', '/api/episode-audio/%ff', '/api/share-links/%ff', '/v1/items/%E0%A4%A'])(
    'answers GET %s with 400 and a sentence, signed in or not', async (target) => {
      for (const headers of [{}, { cookie }] as Record<string, string>[]) {
        expectMessage(await send('GET', target, headers), 400, /^The path .* is not valid percent-encoded UTF-8\.$/);
      }
    });

  it('answers writes to such a path with 400 too', async () => {
    expectMessage(await send('PATCH', '/api/v1/items/%ff', { cookie, 'content-type': 'application/json' }), 400, /not valid percent-encoded/);
    expectMessage(await send('DELETE', '/v1/subscriptions/%ff'), 400, /not valid percent-encoded/);
  });
});

describe('methods the app does not take', () => {
  it.each(['TRACE', 'PROPFIND', 'MKCOL'])('answers %s with 405 and a sentence on API paths, the service and pages', async (method) => {
    for (const target of ['/api/v1/items', '/v1/items', '/inbox', '/sign-in']) {
      expectMessage(await send(method, target, { cookie }), 405, new RegExp(`^${method} is not allowed here`));
    }
  });
});

describe('requests the platform refuses', () => {
  it('answers a malformed header with 400 and a sentence, not an empty answer', async () => {
    expectMessage(await raw('GET /sign-in HTTP/1.1\r\nHost: localhost\r\nBad Header: 1\r\n\r\n'), 400, /^The request is malformed/);
    expectMessage(await raw('GET /sign-in HTTP/1.1\r\nHost: localhost\r\nX-A: a\x01b\r\n\r\n'), 400, /^The request is malformed/);
  });

  it('answers headers past Node’s limit with 431 and a sentence', async () => {
    expectMessage(await raw(`GET /sign-in HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`), 431, /too large/);
  });

  it('answers an absolute-form target with 400 rather than a redirect to its host', async () => {
    const answer = await raw('GET http://evil.example/sign-in HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
    expectMessage(answer, 400, /must be a path/);
    expect(answer.location).toBeUndefined();
  });

  it('answers OPTIONS * without a 500', async () => {
    expect((await raw('OPTIONS * HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n')).status).toBe(204);
  });
});

describe('well-formed requests', () => {
  it('still reach the app: a page, an encoded path, the proxy and the service', async () => {
    expect((await send('GET', '/sign-in')).status).toBe(200);
    expect((await send('GET', '/api/v1/items?limit=1', { cookie })).status).toBe(200);
    expect((await send('GET', '/api/v1/items/caf%C3%A9', { cookie })).status).toBe(422);
    expect((await send('GET', '/v1/items')).status).toBe(401);
  });
});
