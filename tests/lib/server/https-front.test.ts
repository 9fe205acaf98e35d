import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { get as httpsGet } from 'node:https';
import { connect, constants, type ClientHttp2Session, type ClientHttp2Stream, type Http2SecureServer, type IncomingHttpHeaders } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { closeHttpsFront, createHttpsFront, tlsFromEnv, type TlsFiles } from '@/lib/server/https-front';
import { selfSignedCertificate } from '../../certificate';

/*
 * The HTTPS front of `npm start`: a real TLS server in front of a plain HTTP server standing in
 * for Next's, reached with Node's own HTTP/2 and HTTPS clients.
 */

const dir = mkdtempSync(path.join(tmpdir(), 'tidings-https-front-'));
const files = selfSignedCertificate(dir);
const tls: TlsFiles = { cert: readFileSync(files.TIDINGS_TLS_CERT), key: readFileSync(files.TIDINGS_TLS_KEY) };

let releaseSecondChunk = () => {};
/** Whether the app server saw /stream's browser leave before the answer was whole. */
let streamLeftEarly = false;
// Echoes what reached it; /stream sends a first chunk and holds the rest until the test releases it.
const app: Server = createServer((request, response) => {
  if (request.url === '/broken') {
    response.writeHead(200, { 'content-type': 'text/plain' });
    response.write('part of it;', () => setTimeout(() => request.socket.destroy(), 20));
    return;
  }
  if (request.url === '/stream') {
    response.writeHead(200, { 'content-type': 'text/plain' });
    response.write('first;');
    streamLeftEarly = false;
    response.on('close', () => (streamLeftEarly = !response.writableFinished));
    releaseSecondChunk = () => response.end('second');
    return;
  }
  let body = '';
  request.on('data', (chunk: Buffer) => (body += chunk.toString()));
  request.on('end', () => {
    response.setHeader('set-cookie', ['a=1; Path=/', 'b=2; Path=/']);
    response.writeHead(201, { 'content-type': 'application/json', connection: 'keep-alive', 'keep-alive': 'timeout=5' });
    response.end(JSON.stringify({ method: request.method, url: request.url, headers: request.headers, body }));
  });
});

let front: Http2SecureServer;
let baseUrl = '';
const sessions: ClientHttp2Session[] = [];

function listen(server: Server | Http2SecureServer): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

/** One HTTP/2 request: the answer's headers, and its body once complete. */
function h2Request(headers: Record<string, string>, body?: string): Promise<{ headers: IncomingHttpHeaders; body: Promise<string>; chunks: string[]; stream: ClientHttp2Stream }> {
  const session = connect(baseUrl, { ca: tls.cert });
  sessions.push(session);
  const stream = session.request(headers);
  const chunks: string[] = [];
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => chunks.push(chunk));
  const done = new Promise<string>((resolve, reject) => {
    stream.on('end', () => resolve(chunks.join('')));
    stream.on('error', reject);
  });
  stream.end(body);
  return new Promise((resolve, reject) => {
    stream.on('response', (answer) => resolve({ headers: answer, body: done, chunks, stream }));
    stream.on('error', reject);
  });
}

beforeAll(async () => {
  const appPort = await listen(app);
  front = createHttpsFront(tls, { host: '127.0.0.1', port: appPort });
  baseUrl = `https://127.0.0.1:${await listen(front)}`;
});

afterEach(() => {
  for (const session of sessions.splice(0)) session.close();
});

afterAll(async () => {
  await new Promise((resolve) => front.close(resolve));
  app.closeAllConnections();
  await new Promise((resolve) => app.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

describe('the HTTPS front', () => {
  it('answers over HTTP/2 and passes each request on, saying in X-Forwarded-* how the browser came', async () => {
    const answer = await h2Request({
      ':method': 'POST', ':path': '/echo?x=1', 'content-type': 'text/plain',
      // What the browser may claim, and the front says itself.
      'x-forwarded-for': '10.0.0.7', 'x-forwarded-proto': 'http', 'x-forwarded-host': 'elsewhere.example', forwarded: 'for=1.2.3.4', 'x-real-ip': '1.2.3.4',
    }, 'hello');
    expect(answer.headers[':status']).toBe(201);
    const seen = JSON.parse(await answer.body) as { method: string; url: string; headers: Record<string, string>; body: string };
    expect(seen).toMatchObject({ method: 'POST', url: '/echo?x=1', body: 'hello' });
    const authority = new URL(baseUrl).host;
    expect(seen.headers).toMatchObject({
      host: authority, 'x-forwarded-host': authority, 'x-forwarded-proto': 'https', 'x-forwarded-for': '10.0.0.7, 127.0.0.1', 'content-type': 'text/plain',
    });
    expect(Object.keys(seen.headers).filter((name) => name.startsWith(':') || ['forwarded', 'x-real-ip'].includes(name))).toEqual([]);
  });

  it('drops the answer’s connection headers, which HTTP/2 forbids, and keeps every cookie', async () => {
    const answer = await h2Request({ ':path': '/echo' });
    await answer.body;
    expect(answer.headers.connection).toBeUndefined();
    expect(answer.headers['keep-alive']).toBeUndefined();
    expect(answer.headers['set-cookie']).toEqual(['a=1; Path=/', 'b=2; Path=/']);
  });

  it('passes an answer on as it comes rather than when it ends (streamed pages)', async () => {
    const answer = await h2Request({ ':path': '/stream' });
    await expect.poll(() => answer.chunks.join('')).toBe('first;');
    releaseSecondChunk();
    expect(await answer.body).toBe('first;second');
  });

  it('stops the app server’s answer when the browser cancels half way', async () => {
    const answer = await h2Request({ ':path': '/stream' });
    await expect.poll(() => answer.chunks.join('')).toBe('first;');
    // A cancelled fetch: the stream is reset, the connection stays.
    answer.body.catch(() => {});
    answer.stream.close(constants.NGHTTP2_CANCEL);
    await expect.poll(() => streamLeftEarly).toBe(true);
  });

  it('cuts the browser’s answer off too when the app server’s breaks half way, rather than pass it as whole', async () => {
    const session = connect(baseUrl, { ca: tls.cert });
    sessions.push(session);
    const stream = session.request({ ':path': '/broken' });
    let ended = false;
    stream.on('end', () => (ended = true));
    stream.on('error', () => {});
    stream.resume();
    await new Promise((resolve) => stream.on('close', resolve));
    expect({ ended, reset: stream.rstCode !== 0 }).toEqual({ ended: false, reset: true });
  });

  it('says Strict-Transport-Security on every answer, those the app made without it (API, static files, refusals) included', async () => {
    const answer = await h2Request({ ':path': '/echo' });
    await answer.body;
    expect(answer.headers['strict-transport-security']).toBe('max-age=31536000');
  });

  it('answers a client without HTTP/2 over HTTPS with HTTP/1.1', async () => {
    const { status, version } = await new Promise<{ status: number; version: string }>((resolve, reject) => {
      httpsGet(`${baseUrl}/echo`, { ca: tls.cert }, (response) => {
        response.resume();
        resolve({ status: response.statusCode ?? 0, version: response.httpVersion });
      }).on('error', reject);
    });
    expect({ status, version }).toEqual({ status: 201, version: '1.1' });
  });

  it('answers 502 with a sentence when the app server does not answer', async () => {
    const closed = createServer();
    const port = await listen(closed);
    await new Promise((resolve) => closed.close(resolve));
    const orphan = createHttpsFront(tls, { host: '127.0.0.1', port });
    const session = connect(`https://127.0.0.1:${await listen(orphan)}`, { ca: tls.cert });
    try {
      const stream = session.request({ ':path': '/inbox' });
      stream.setEncoding('utf8');
      let body = '';
      stream.on('data', (chunk: string) => (body += chunk));
      const head = await new Promise<IncomingHttpHeaders>((resolve) => stream.on('response', resolve));
      await new Promise((resolve) => stream.on('end', resolve));
      expect({ status: head[':status'], body, hsts: head['strict-transport-security'] }).toEqual({ status: 502, body: 'The app server did not answer.', hsts: 'max-age=31536000' });
    } finally {
      // The server closes once its last session has.
      session.close();
      await new Promise((resolve) => orphan.close(resolve));
    }
  });
});

describe('closing the HTTPS front', () => {
  it('asks a browser’s open HTTP/2 connection to stop sending, and is done once it has closed', async () => {
    const closing = createHttpsFront(tls, { host: '127.0.0.1', port: (app.address() as AddressInfo).port });
    const session = connect(`https://127.0.0.1:${await listen(closing)}`, { ca: tls.cert });
    const goaway = new Promise<void>((resolve) => session.once('goaway', () => resolve()));
    const stream = session.request({ ':path': '/echo' });
    stream.resume();
    await new Promise((resolve) => stream.on('end', resolve));
    // The connection stays open after its answer, as a browser's does.
    expect(session.closed).toBe(false);
    const done = new Promise<void>((resolve) => closeHttpsFront(closing, resolve));
    await goaway;
    await done;
    expect(session.closed || session.destroyed).toBe(true);
  });
});

describe('the HTTPS setting', () => {
  it('is plain HTTP when neither file is named', () => {
    expect(tlsFromEnv({})).toBeNull();
    expect(tlsFromEnv({ TIDINGS_TLS_CERT: ' ', TIDINGS_TLS_KEY: '' })).toBeNull();
  });

  it('reads the certificate and key named', () => {
    expect(tlsFromEnv(files)).toEqual(tls);
  });

  it('refuses a certificate without a key, and a file it cannot read, in a sentence naming the setting', () => {
    expect(() => tlsFromEnv({ TIDINGS_TLS_CERT: files.TIDINGS_TLS_CERT })).toThrow('Set both TIDINGS_TLS_CERT and TIDINGS_TLS_KEY');
    expect(() => tlsFromEnv({ ...files, TIDINGS_TLS_KEY: path.join(dir, 'missing.pem') })).toThrow(/^TIDINGS_TLS_KEY names .*missing\.pem, which cannot be read/);
  });

  it('refuses files that are not a certificate and its key before anything starts', () => {
    expect(() => tlsFromEnv({ TIDINGS_TLS_CERT: files.TIDINGS_TLS_KEY, TIDINGS_TLS_KEY: files.TIDINGS_TLS_CERT })).toThrow('TIDINGS_TLS_CERT and TIDINGS_TLS_KEY are not a PEM certificate and its key');
  });
});
