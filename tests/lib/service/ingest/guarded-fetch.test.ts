import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPrivateAddress } from '@/lib/service/ingest/address-guard';
import { FetchError, fetchGuarded, redirectTarget } from '@/lib/service/ingest/guarded-fetch';

/** Two local servers: "front" redirects as its path says, "inside" counts what reaches it. */
let front: http.Server;
let inside: http.Server;
let frontOrigin: string;
let insideOrigin: string;
const reachedInside: string[] = [];

function listen(server: http.Server): Promise<string> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
}

beforeAll(async () => {
  inside = http.createServer((request, response) => {
    reachedInside.push(`${request.method} ${request.url} ${request.headers.authorization ?? '-'}`);
    response.end('inside');
  });
  insideOrigin = await listen(inside);
  front = http.createServer((request, response) => {
    const port = new URL(frontOrigin).port;
    const to: Record<string, string> = {
      '/to-inside': `${insideOrigin}/secret`,
      '/to-localhost': `http://localhost:${port}/ok`,
      '/to-mapped': `http://[::ffff:127.0.0.1]:${port}/ok`,
      '/to-self': '/ok',
    };
    if (to[request.url!]) {
      response.writeHead(302, { location: to[request.url!] });
      response.end();
      return;
    }
    response.end(`front ${request.method} ${request.headers.authorization ?? ''}`);
  });
  frontOrigin = await listen(front);
});
afterAll(() => {
  front.close();
  inside.close();
});

async function failure(promise: Promise<unknown>): Promise<FetchError> {
  const error = await promise.then(() => null, (caught: unknown) => caught);
  expect(error).toBeInstanceOf(FetchError);
  return error as FetchError;
}

const ownAddress = Object.values(networkInterfaces()).flat().find((entry) => entry && !entry.internal)?.address;

describe('the address guard', () => {
  it.each([
    ['loopback', '127.0.0.1'], ['loopback, elsewhere in 127/8', '127.255.0.9'], ['IPv6 loopback', '::1'],
    ['private 10/8', '10.1.2.3'], ['private 172.16/12', '172.31.0.1'], ['private 192.168/16', '192.168.0.1'],
    ['link-local and cloud metadata', '169.254.169.254'], ['IPv6 link-local', 'fe80::1'], ['unique local fc00::/7', 'fd12:3456::1'],
    ['shared address space 100.64/10 (CGNAT)', '100.127.255.254'], ['documentation 192.0.2/24', '192.0.2.10'],
    ['documentation 198.51.100/24', '198.51.100.7'], ['documentation 203.0.113/24', '203.0.113.200'],
    ['documentation 2001:db8::/32', '2001:db8::5'], ['multicast', '239.1.2.3'], ['IPv6 multicast', 'ff02::1'],
    ['broadcast', '255.255.255.255'], ['this network 0/8', '0.1.2.3'], ['unspecified IPv6', '::'],
    ['IPv4-mapped loopback', '::ffff:127.0.0.1'], ['IPv4-mapped, hex form', '::ffff:7f00:1'],
    ['IPv4-compatible loopback', '::127.0.0.1'], ['IPv4-compatible private, hex form', '::a00:1'],
    ['NAT64 of a private address', '64:ff9b::10.0.0.1'], ['6to4 of loopback', '2002:7f00:1::'],
  ])('refuses %s (%s)', (_category, address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each([['8.8.8.8'], ['93.184.216.34'], ['2606:4700:4700::1111'], ['::ffff:8.8.8.8'], ['::8.8.8.8'], ['64:ff9b::8.8.8.8']])('lets the public address %s through', (address) => {
    expect(isPrivateAddress(address)).toBe(false);
  });

  it.runIf(ownAddress)('refuses the machine’s own interface addresses', () => {
    expect(isPrivateAddress(ownAddress!)).toBe(true);
  });

  it('refuses a URL naming a refused address before any connection, unless private addresses are allowed', async () => {
    const port = new URL(insideOrigin).port;
    for (const host of ['127.0.0.1', '[::ffff:127.0.0.1]', '[::127.0.0.1]', '0x7f.1', 'localhost']) {
      const error = await failure(fetchGuarded(`http://${host}:${port}/secret`, { allowPrivate: false }));
      expect(error.reason, host).toBe('private_address');
      expect(error.message).toMatch(/is a private or local address|resolves to a private or local address/);
    }
    expect(reachedInside).toEqual([]);
    const allowed = await fetchGuarded(`${insideOrigin}/allowed`, { allowPrivate: true });
    expect(await allowed.text()).toBe('inside');
    reachedInside.length = 0;
  });

  it('judges every redirect hop: from an allowed host to a refused one is refused', () => {
    const from = new URL('https://feeds.example.com/feed');
    const decide = (location: string) => redirectTarget(from, 302, location, 0, new Set(), { maxRedirects: 5, allowPrivate: false });
    expect(decide('https://cdn.example.net/feed.xml')?.href).toBe('https://cdn.example.net/feed.xml');
    for (const location of ['http://127.0.0.1/admin', 'http://169.254.169.254/latest/meta-data/', 'http://[::ffff:a00:1]/', 'http://192.0.2.1/', 'http://100.64.0.1/']) {
      expect(() => decide(location), location).toThrow(expect.objectContaining({ reason: 'private_address' }));
    }
    expect(() => decide('file:///etc/passwd')).toThrow(expect.objectContaining({ reason: 'invalid_url' }));
    expect(redirectTarget(from, 200, 'http://127.0.0.1/', 0, new Set(), { maxRedirects: 5, allowPrivate: false })).toBeNull();
    expect(() => redirectTarget(from, 301, '/next', 5, new Set(), { maxRedirects: 5, allowPrivate: false })).toThrow(expect.objectContaining({ reason: 'too_many_redirects' }));
  });

  it('trusts an operator’s private origin but not where it redirects, and no request reaches the refused server', async () => {
    const trust = { allowPrivate: false, trustedOrigin: frontOrigin };
    expect(await (await fetchGuarded(`${frontOrigin}/to-self`, trust)).text()).toBe('front GET ');
    for (const path of ['/to-inside', '/to-localhost', '/to-mapped']) {
      const error = await failure(fetchGuarded(`${frontOrigin}${path}`, trust));
      expect(error.reason, path).toBe('private_address');
    }
    expect(reachedInside).toEqual([]);
  });

  it('drops credentials on a redirect to another origin and turns a POST into a GET on a 302', async () => {
    const answer = await fetchGuarded(`${frontOrigin}/to-inside`, { allowPrivate: true, method: 'POST', body: 'x=1', headers: { authorization: 'Bearer secret' } });
    expect(await answer.text()).toBe('inside');
    expect(reachedInside).toEqual(['GET /secret -']);
  });
});
