/*
 * The production server's guard (lib/server/request-guard.ts) on a real Node HTTP server on
 * 127.0.0.1, with a stand-in for Next behind it: malformed requests are answered before they
 * reach it, with a 4xx and { message }; everything else passes on untouched.
 */
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerClientError, malformedRequestRefusal, refuseConnect, refuseMalformedRequest } from '@/lib/server/request-guard';

let server: Server;
let port: number;
const passedOn: string[] = [];

/** Sends raw bytes and gives back the whole answer as text (the server closes or the test gives up after 3 s). */
function raw(request: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    let answer = '';
    socket.on('data', (data) => { answer += data.toString('latin1'); });
    socket.on('close', () => resolve(answer));
    setTimeout(() => socket.destroy(), 3000);
  });
}

function parsed(answer: string): { status: number; headers: string; body: unknown } {
  const [head, body = ''] = answer.split('\r\n\r\n');
  return { status: Number(head!.split(' ')[1]), headers: head!.toLowerCase(), body: body ? JSON.parse(body) : null };
}

beforeAll(async () => {
  server = createServer((request, response) => {
    if (refuseMalformedRequest(request, response)) return;
    passedOn.push(`${request.method} ${request.url}`);
    response.end('next');
  });
  server.on('clientError', answerClientError);
  server.on('connect', refuseConnect);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('paths whose escapes are not UTF-8', () => {
  it.each(['/v1/items/%ff', '/api/v1/tags/%ff', '/share/%ff', '/items/%E0%A4%A?x=1', '/%C0%AF'])('answers %s with 400 and one sentence, before Next', async (target) => {
    const response = await fetch(`http://127.0.0.1:${port}${target}`);
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(await response.json()).toEqual({ message: `The path ${target.split('?')[0]} is not valid percent-encoded UTF-8.` });
    expect(passedOn).not.toContain(`GET ${target}`);
  });

  it('passes on paths that decode, a %-escaped slash or an odd query included', async () => {
    for (const target of ['/items/caf%C3%A9', '/api/v1/tags/a%2Fb', '/inbox?q=%ff']) {
      const response = await fetch(`http://127.0.0.1:${port}${target}`);
      expect(await response.text()).toBe('next');
      expect(passedOn).toContain(`GET ${target}`);
    }
  });
});

describe('methods', () => {
  it.each(['TRACE', 'PROPFIND', 'MKCOL', 'LOCK'])('answers %s with 405, the methods the app takes in Allow, and one sentence', async (method) => {
    const answer = parsed(await raw(`${method} /api/v1/items HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`));
    expect(answer.status).toBe(405);
    expect(answer.headers).toContain('allow: get, head, post, put, patch, delete, options');
    expect(answer.body).toEqual({ message: `${method} is not allowed here; the app takes GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS.` });
  });

  it('passes on the methods the app takes', () => {
    for (const method of ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']) expect(malformedRequestRefusal(method, '/api/v1/items')).toBeNull();
  });

  it('answers writes to pages with 405 before Next reads their body, and passes on writes to the app’s routes and the service', async () => {
    for (const target of ['/inbox', '/sign-in', '/share/abc', '/', '/feverish', '/greaderx']) {
      const response = await fetch(`http://127.0.0.1:${port}${target}`, { method: 'POST', body: 'x'.repeat(100_000) });
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
      expect(await response.json()).toEqual({ message: `POST is not allowed on ${target}; pages take GET, HEAD, OPTIONS.` });
    }
    for (const target of ['/api/session', '/api/v1/items', '/v1/items', '/fever/?api', '/fever?api', '/greader/accounts/ClientLogin', '/gpodder/api/2/episodes/a.json']) {
      expect(await (await fetch(`http://127.0.0.1:${port}${target}`, { method: 'PATCH', body: '{}' })).text()).toBe('next');
    }
  });

  it('answers CONNECT with 405 and one sentence rather than closing the connection without an answer', async () => {
    const answer = parsed(await raw('CONNECT localhost:22 HTTP/1.1\r\nHost: localhost:22\r\n\r\n'));
    expect(answer.status).toBe(405);
    expect(answer.headers).toContain('allow: get, head, post, put, patch, delete, options');
    expect(answer.body).toEqual({ message: 'CONNECT is not allowed here; the app takes GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS.' });
  });

  it('answers OPTIONS * itself with the methods it takes', async () => {
    const answer = parsed(await raw('OPTIONS * HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n'));
    expect(answer.status).toBe(204);
    expect(answer.headers).toContain('allow: get, head, post, put, patch, delete, options');
  });
});

describe('the security headers of a refusal', () => {
  const headersOf = (answer: string) => answer.split('\r\n\r\n')[0]!.toLowerCase();

  it('gives a refusal on a page’s path (TRACE, a write, an undecodable path) the policy of data, which loads and runs nothing', async () => {
    for (const request of ['TRACE /inbox', 'POST /inbox', 'GET /share/%ff', 'GET /items/%ff']) {
      const answer = headersOf(await raw(`${request} HTTP/1.1\r\nHost: localhost\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`));
      expect(answer, request).toContain("content-security-policy: default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'");
    }
  });

  it('gives what it writes on the socket itself (parser refusals, CONNECT) nosniff, frame denial, the referrer policy and the policy of data', async () => {
    for (const request of ['GET /inbox HTTP/1.1\r\nHost: localhost\r\nX-A: a\x01b\r\n\r\n', 'CONNECT localhost:22 HTTP/1.1\r\nHost: localhost:22\r\n\r\n']) {
      const answer = headersOf(await raw(request));
      expect(answer).toContain('x-content-type-options: nosniff');
      expect(answer).toContain('x-frame-options: deny');
      expect(answer).toContain('referrer-policy: strict-origin-when-cross-origin');
      expect(answer).toContain("content-security-policy: default-src 'none'");
    }
  });
});

describe('request targets that are not paths', () => {
  it('answers an absolute-form target with 400 rather than let Next redirect to its host', async () => {
    const answer = parsed(await raw('GET http://evil.example/sign-in HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n'));
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ message: 'The request target must be a path beginning with /.' });
    expect(passedOn).not.toContain('GET http://evil.example/sign-in');
  });
});

describe('requests the HTTP parser refuses', () => {
  it.each([
    ['a header name with a space', 'Bad Header: 1'],
    ['a control character in a header value', 'X-A: a\x01b'],
    ['a Content-Length that is no number', 'Content-Length: 12abc'],
  ])('answers %s with 400 and one sentence instead of an empty answer', async (_name, header) => {
    const answer = parsed(await raw(`GET /sign-in HTTP/1.1\r\nHost: localhost\r\n${header}\r\n\r\n`));
    expect(answer.status).toBe(400);
    expect(answer.headers).toContain('content-type: application/json');
    expect(answer.body).toEqual({ message: 'The request is malformed: a header, the method or the framing is not valid HTTP.' });
  });

  it('answers a malformed request on a kept-alive connection that was answered before (the HTTPS front reuses them) with 400, not a silent close', async () => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (data) => { received += data.toString('latin1'); });
    const until = (check: () => boolean) => new Promise<void>((resolve) => {
      const poll = setInterval(() => { if (check()) { clearInterval(poll); resolve(); } }, 10);
    });
    socket.write('GET /inbox HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await until(() => received.endsWith('next'));
    socket.write(Buffer.from('GET /sign-in?next=/\xe2\x88\x95 HTTP/1.1\r\nHost: localhost\r\n\r\n', 'latin1'));
    const closed = new Promise((resolve) => socket.on('close', resolve));
    await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 3000))]);
    socket.destroy();
    const second = received.slice(received.indexOf('next') + 4);
    expect(parsed(second).status).toBe(400);
  });

  it('answers a method Node does not know with 400 and one sentence', async () => {
    expect(parsed(await raw('FOO /sign-in HTTP/1.1\r\nHost: localhost\r\n\r\n')).status).toBe(400);
  });

  it('answers headers past Node’s limit with 431 and one sentence', async () => {
    const answer = parsed(await raw(`GET /sign-in HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`));
    expect(answer.status).toBe(431);
    expect(answer.body).toEqual({ message: 'The request headers are too large.' });
  });
});
