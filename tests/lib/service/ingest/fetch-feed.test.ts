import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPrivateAddress } from '@/lib/service/ingest/address-guard';
import { FetchError, fetchFeed, parseRetryAfter, USER_AGENT } from '@/lib/service/ingest/fetch-feed';
import { parseFeed } from '@/lib/service/ingest/parse-feed';

const FEED = '<?xml version="1.0"?><rss version="2.0"><channel><title>Local</title><item><title>One</title></item></channel></rss>';
let server: Server;
let origin: string;
let seenUserAgent = '';
let active = 0;
let maxActive = 0;

function route(req: IncomingMessage, res: ServerResponse): void {
  const url = new URL(req.url ?? '/', origin);
  switch (url.pathname) {
    case '/feed':
      seenUserAgent = req.headers['user-agent'] ?? '';
      if (req.headers['if-none-match'] === '"v1"' || req.headers['if-modified-since'] === 'Wed, 01 May 2024 10:00:00 GMT') {
        res.writeHead(304, { etag: '"v1"', 'cache-control': 'max-age=600' }).end();
        return;
      }
      res.writeHead(200, {
        'content-type': 'application/rss+xml; charset=utf-8', etag: '"v1"',
        'last-modified': 'Wed, 01 May 2024 10:00:00 GMT', 'cache-control': 'public, max-age=600',
      }).end(FEED);
      return;
    case '/gzip':
      res.writeHead(200, { 'content-type': 'application/rss+xml', 'content-encoding': 'gzip' }).end(zlib.gzipSync(FEED));
      return;
    case '/br':
      res.writeHead(200, { 'content-type': 'application/rss+xml', 'content-encoding': 'br' }).end(zlib.brotliCompressSync(FEED));
      return;
    case '/deflate':
      res.writeHead(200, { 'content-type': 'application/rss+xml', 'content-encoding': 'deflate' }).end(zlib.deflateSync(FEED));
      return;
    case '/hop': {
      const left = Number(url.searchParams.get('left'));
      res.writeHead(left > 0 ? 302 : 200, left > 0 ? { location: `/hop?left=${left - 1}` } : { 'content-type': 'text/xml' });
      res.end(left > 0 ? '' : FEED);
      return;
    }
    case '/loop-a':
      res.writeHead(301, { location: '/loop-b' }).end();
      return;
    case '/loop-b':
      res.writeHead(301, { location: `${origin}/loop-a` }).end();
      return;
    case '/silent':
      // Never answers: the deadline must end the fetch.
      return;
    case '/trickle':
      res.writeHead(200, { 'content-type': 'text/xml' });
      res.write('<rss>');
      return;
    case '/big':
      res.writeHead(200, { 'content-type': 'text/xml', 'content-length': String(3 * 1024 * 1024) }).end(Buffer.alloc(3 * 1024 * 1024, 32));
      return;
    case '/big-chunked':
      res.writeHead(200, { 'content-type': 'text/xml' });
      for (let i = 0; i < 40; i++) res.write(Buffer.alloc(64 * 1024, 32));
      res.end();
      return;
    case '/bomb':
      res.writeHead(200, { 'content-type': 'text/xml', 'content-encoding': 'gzip' }).end(zlib.gzipSync(Buffer.alloc(5 * 1024 * 1024, 32)));
      return;
    case '/latin1':
      res.writeHead(200, { 'content-type': 'application/rss+xml; charset=utf-8' })
        .end(iconv.encode('<?xml version="1.0" encoding="ISO-8859-1"?><rss><channel><title>Crème brûlée</title></channel></rss>', 'latin1'));
      return;
    case '/unavailable':
      res.writeHead(503, { 'retry-after': '120' }).end('busy');
      return;
    case '/slow-ok':
      active++;
      maxActive = Math.max(maxActive, active);
      setTimeout(() => {
        active--;
        res.writeHead(200, { 'content-type': 'text/xml' }).end(FEED);
      }, 80);
      return;
    default:
      res.writeHead(404).end();
  }
}

beforeAll(async () => {
  server = createServer(route);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

async function failure(promise: Promise<unknown>): Promise<FetchError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(FetchError);
    return error as FetchError;
  }
  throw new Error('expected the fetch to fail');
}

const local = { allowPrivate: true };

describe('fetchFeed against a local server', () => {
  it('returns the body with caching headers and sends our User-Agent', async () => {
    const result = await fetchFeed(`${origin}/feed`, local);
    expect(result.kind).toBe('ok');
    if (result.kind !== 'ok') return;
    expect(result.status).toBe(200);
    expect(result.body.toString('utf8')).toBe(FEED);
    expect(result.contentType).toBe('application/rss+xml; charset=utf-8');
    expect(result.etag).toBe('"v1"');
    expect(result.lastModified).toBe('Wed, 01 May 2024 10:00:00 GMT');
    expect(result.cacheControlMaxAge).toBe(600);
    expect(result.finalUrl).toBe(`${origin}/feed`);
    expect(seenUserAgent).toBe(USER_AGENT);
  });

  it('answers not_modified on 304 to If-None-Match or If-Modified-Since', async () => {
    const byEtag = await fetchFeed(`${origin}/feed`, { ...local, etag: '"v1"' });
    expect(byEtag).toMatchObject({ kind: 'not_modified', status: 304, etag: '"v1"', cacheControlMaxAge: 600 });
    const byDate = await fetchFeed(`${origin}/feed`, { ...local, lastModified: 'Wed, 01 May 2024 10:00:00 GMT' });
    expect(byDate.kind).toBe('not_modified');
  });

  it.each(['/gzip', '/br', '/deflate'])('decompresses %s bodies', async (path) => {
    const result = await fetchFeed(`${origin}${path}`, local);
    expect(result.kind === 'ok' && result.body.toString('utf8')).toBe(FEED);
  });

  it('follows up to five redirects and reports the final URL', async () => {
    const result = await fetchFeed(`${origin}/hop?left=5`, local);
    expect(result.kind === 'ok' && result.finalUrl).toBe(`${origin}/hop?left=0`);
  });

  it('refuses a sixth redirect and a redirect loop', async () => {
    expect((await failure(fetchFeed(`${origin}/hop?left=6`, local))).reason).toBe('too_many_redirects');
    const loop = await failure(fetchFeed(`${origin}/loop-a`, local));
    expect(loop.reason).toBe('too_many_redirects');
    expect(loop.message).toBe('The URL redirects in a loop.');
  });

  it('gives up on a server that never answers, or stalls mid-body, at the deadline', async () => {
    const silent = await failure(fetchFeed(`${origin}/silent`, { ...local, timeoutMs: 300 }));
    expect(silent.reason).toBe('timeout');
    const trickle = await failure(fetchFeed(`${origin}/trickle`, { ...local, timeoutMs: 300 }));
    expect(trickle.reason).toBe('timeout');
  });

  it('stops at once when its caller cancels, waiting for an answer or for the rest of the body, and says so', async () => {
    for (const path of ['/silent', '/trickle']) {
      const caller = new AbortController();
      // The 15 s deadline would end it too, as 'timeout': 'cancelled' is the caller's stop reaching it.
      const fetching = failure(fetchFeed(`${origin}${path}`, { ...local, signal: caller.signal }));
      setTimeout(() => caller.abort(), 100);
      const error = await fetching;
      expect(error.reason).toBe('cancelled');
      expect(error.message).toBe(`Fetching ${new URL(origin).host} was stopped: the request that wanted it was cancelled.`);
    }
  });

  it('aborts bodies over the size cap, announced, chunked or compressed', async () => {
    const options = { ...local, maxBytes: 1024 * 1024 };
    for (const path of ['/big', '/big-chunked', '/bomb']) {
      const error = await failure(fetchFeed(`${origin}${path}`, options));
      expect(error.reason).toBe('too_large');
      // Said in megabytes: the message reaches the subscribe form as it is.
      expect(error.message).toBe('The document is larger than 1 MB, the most this reader fetches.');
    }
  });

  it('returns raw bytes so a mislabelled charset can still be decoded right', async () => {
    const result = await fetchFeed(`${origin}/latin1`, local);
    if (result.kind !== 'ok') throw new Error('expected a body');
    expect(parseFeed(result.body, { url: result.finalUrl, contentType: result.contentType ?? undefined }).title).toBe('Crème brûlée');
  });

  it('reports HTTP errors with their status', async () => {
    expect(await failure(fetchFeed(`${origin}/missing`, local))).toMatchObject({ reason: 'http_status', status: 404 });
  });

  it('keeps at most two requests in flight per host', async () => {
    maxActive = 0;
    const results = await Promise.all(Array.from({ length: 6 }, () => fetchFeed(`${origin}/slow-ok`, local)));
    expect(results.every((result) => result.kind === 'ok')).toBe(true);
    expect(maxActive).toBe(2);
  });
});

describe('fetchFeed safety', () => {
  it('refuses loopback addresses and names that resolve to them unless allowed', async () => {
    const literal = await failure(fetchFeed(`${origin}/feed`));
    expect(literal.reason).toBe('private_address');
    const port = new URL(origin).port;
    const named = await failure(fetchFeed(`http://localhost:${port}/feed`, { allowPrivate: false }));
    expect(named.reason).toBe('private_address');
    expect((await failure(fetchFeed('http://[::1]:9/feed'))).reason).toBe('private_address');
  });

  it('refuses URLs that are not http or https', async () => {
    expect((await failure(fetchFeed('ftp://example.com/feed'))).reason).toBe('invalid_url');
    expect((await failure(fetchFeed('file:///etc/passwd'))).reason).toBe('invalid_url');
    expect((await failure(fetchFeed('not a url'))).reason).toBe('invalid_url');
  });

  it.each([
    ['127.0.0.1', true], ['10.1.2.3', true], ['172.20.0.1', true], ['192.168.1.1', true], ['169.254.169.254', true],
    ['0.0.0.0', true], ['100.64.0.1', true], ['::1', true], ['::', true], ['fd00::1', true], ['fe80::1', true],
    ['::ffff:127.0.0.1', true], ['::ffff:a00:1', true], ['8.8.8.8', false], ['93.184.216.34', false],
    ['2606:4700:4700::1111', false], ['::ffff:8.8.8.8', false],
  ])('judges %s private: %s', (address, expected) => {
    expect(isPrivateAddress(address)).toBe(expected);
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    expect(parseRetryAfter('30')).toBe(30);
    expect(parseRetryAfter('Wed, 01 May 2024 10:01:00 GMT', Date.parse('Wed, 01 May 2024 10:00:00 GMT'))).toBe(60);
    expect(parseRetryAfter('soon')).toBeNull();
  });
});

// Last in the file: the site's pause lasts two minutes, for every later request to it.
describe('a site that asks to wait', () => {
  it('reports 503 with Retry-After, then asks that site nothing until the time is up', async () => {
    const error = await failure(fetchFeed(`${origin}/unavailable`, local));
    expect(error).toMatchObject({ reason: 'http_status', status: 503, retryAfterSeconds: 120, message: 'The server answered HTTP 503.' });
    const paused = await failure(fetchFeed(`${origin}/missing`, local));
    expect(paused).toMatchObject({ reason: 'host_paused', status: null });
    expect(paused.retryAfterSeconds).toBeGreaterThan(110);
  });
});
