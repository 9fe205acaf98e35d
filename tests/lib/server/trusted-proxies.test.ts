import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import type { Http2SecureServer } from 'node:http2';
import { request as httpsRequest } from 'node:https';
import type { AddressInfo } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeHttpsFront, createHttpsFront } from '@/lib/server/https-front';
import {
  clientAddressHeader, deriveClientAddress, isLoopbackAddress, isTrustedProxy, normalAddress, parseTrustedProxies, prepareForApp, trustedProxiesFromEnv,
  type TrustedProxies,
} from '@/lib/server/trusted-proxies';
import { selfSignedCertificate } from '../../certificate';

/*
 * Who a request comes from, as lib/server/serve.ts derives it: the parsing of
 * TIDINGS_TRUSTED_PROXIES, the walk through X-Forwarded-For, and real HTTP servers (one behind
 * the real HTTPS front) showing what reaches the app.
 */

const none = parseTrustedProxies(undefined, false);

/** This machine's first address that is not loopback, to be a client "on the network" from. */
const networkAddress = Object.values(networkInterfaces()).flat().find((entry) => entry && !entry.internal && entry.family === 'IPv4')?.address;

describe('TIDINGS_TRUSTED_PROXIES', () => {
  it('trusts nobody by default, and loopback by default when the HTTPS front is used', () => {
    expect(none.ranges).toEqual([]);
    expect(deriveClientAddress('127.0.0.1', '203.0.113.9', none)).toBe('unknown');
    const front = trustedProxiesFromEnv({ TIDINGS_TLS_CERT: '/some/cert.pem' });
    expect(deriveClientAddress('127.0.0.1', '203.0.113.9', front)).toBe('203.0.113.9');
    expect(deriveClientAddress('::ffff:127.0.0.1', '203.0.113.9', front)).toBe('203.0.113.9');
  });

  it('takes addresses and CIDR ranges of both families, and keeps loopback when the front is used', () => {
    const trusted = parseTrustedProxies(' 10.0.0.0/8, 192.0.2.7 ,fd00::/8, 2001:db8::1 ', true);
    for (const proxy of ['10.1.2.3', '::ffff:10.9.9.9', '192.0.2.7', 'fd12::5', '2001:db8::1', '127.0.0.1', '::1']) {
      expect(deriveClientAddress(proxy, '198.51.100.4', trusted), proxy).toBe('198.51.100.4');
    }
    for (const stranger of ['11.0.0.1', '192.0.2.8', 'fe80::1', '2001:db8::2']) {
      expect(deriveClientAddress(stranger, '198.51.100.4', trusted), stranger).toBe(stranger);
    }
  });

  it('matches ranges whose prefix falls inside a word', () => {
    const trusted = parseTrustedProxies('10.0.0.0/12, fc00::/7, 2001:db8::/33', false);
    for (const proxy of ['10.15.255.255', 'fdff::1', 'fc00::', '2001:db8:7fff::1']) expect(isTrustedProxy(proxy, trusted), proxy).toBe(true);
    for (const stranger of ['10.16.0.1', 'fe00::1', '2001:db8:8000::1', '11.0.0.1']) expect(isTrustedProxy(stranger, trusted), stranger).toBe(false);
  });

  it('refuses an entry that is no address or range, with a sentence naming it', () => {
    for (const entry of ['proxy.example', '10.0.0.0/33', '10.0.0.0/', 'fd00::/129', '10.0.0.0/8/1', '10.0.0.0/x']) {
      expect(() => parseTrustedProxies(entry, false), entry).toThrow(`TIDINGS_TRUSTED_PROXIES lists "${entry}", which is not an IP address`);
    }
  });
});

describe('addresses', () => {
  it('spells IPv4-mapped IPv6, bracketed and ported addresses one way', () => {
    expect(normalAddress('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(normalAddress('::FFFF:127.0.0.1')).toBe('127.0.0.1');
    expect(normalAddress('::ffff:7f00:1')).toBe('127.0.0.1');
    expect(normalAddress('0:0:0:0:0:ffff:cb00:7109')).toBe('203.0.113.9');
    expect(normalAddress('[2001:DB8::1]:443')).toBe('2001:db8::1');
    expect(normalAddress('203.0.113.9:5000')).toBe('203.0.113.9');
    expect(normalAddress('fe80::1%eth0')).toBe('fe80::1');
    expect(normalAddress('unknown')).toBeNull();
    expect(normalAddress('')).toBeNull();
  });

  it('knows loopback: 127.0.0.0/8, ::1 and their mapped forms, nothing else', () => {
    for (const address of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1', '[::1]']) expect(isLoopbackAddress(address), address).toBe(true);
    for (const address of ['128.0.0.1', '::2', '0.0.0.0', 'localhost', 'unknown', '10.0.0.1', '::ffff:10.0.0.1']) expect(isLoopbackAddress(address), address).toBe(false);
  });
});

describe('the client address', () => {
  const proxies = parseTrustedProxies('10.0.0.0/8', false);

  it('is the peer itself when the peer is not a trusted proxy, whatever X-Forwarded-For says', () => {
    expect(deriveClientAddress('203.0.113.9', '127.0.0.1', proxies)).toBe('203.0.113.9');
    expect(deriveClientAddress('::ffff:203.0.113.9', undefined, proxies)).toBe('203.0.113.9');
  });

  it('walks X-Forwarded-For from the right only while the hop is trusted', () => {
    expect(deriveClientAddress('10.0.0.1', '127.0.0.1, 198.51.100.7, 10.0.0.2', proxies)).toBe('198.51.100.7');
    expect(deriveClientAddress('10.0.0.1', '10.0.0.3, 10.0.0.2', proxies)).toBe('10.0.0.3');
    expect(deriveClientAddress('10.0.0.1', undefined, proxies)).toBe('10.0.0.1');
  });

  it('is unknown, never an address it names, when a trusted proxy reports something else', () => {
    expect(deriveClientAddress('10.0.0.1', '127.0.0.1, not-an-address', proxies)).toBe('unknown');
  });

  it('is unknown, never this machine, behind a proxy on loopback that nobody said to trust', () => {
    expect(deriveClientAddress('127.0.0.1', '198.51.100.7', none)).toBe('unknown');
    expect(deriveClientAddress('127.0.0.1', undefined, none, true)).toBe('unknown');
    expect(deriveClientAddress('127.0.0.1', undefined, none)).toBe('127.0.0.1');
  });
});

/** A plain server standing in for Next's behind serve.ts: echoes the headers the app would see. */
function echoServer(trusted: TrustedProxies): Server {
  return createServer((request, response) => {
    prepareForApp(request, trusted);
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(request.headers));
  });
}

function listen(server: Server | Http2SecureServer, host: string): Promise<number> {
  return new Promise((resolve) => server.listen(0, host, () => resolve((server.address() as AddressInfo).port)));
}

function getHeaders(url: string, headers: Record<string, string>, ca?: Buffer): Promise<IncomingHttpHeaders> {
  return new Promise((resolve, reject) => {
    const send = url.startsWith('https:') ? httpsRequest : httpRequest;
    // The certificate names 127.0.0.1; what these tests are about is the address, not the name.
    const sent = send(url, { headers, ca, checkServerIdentity: () => undefined }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve(JSON.parse(body) as IncomingHttpHeaders));
    });
    sent.on('error', reject);
    sent.end();
  });
}

const forged = {
  host: 'localhost', [clientAddressHeader]: '127.0.0.1', 'x-forwarded-for': '127.0.0.1', 'x-forwarded-proto': 'https',
  'x-forwarded-host': 'localhost', forwarded: 'for=127.0.0.1;proto=https', 'x-real-ip': '127.0.0.1',
};

describe('what reaches the app', () => {
  const servers: (Server | Http2SecureServer)[] = [];
  const dir = mkdtempSync(path.join(tmpdir(), 'tidings-trusted-proxies-'));
  afterAll(async () => {
    for (const server of servers) await new Promise<void>((resolve) => ('closeAllConnections' in server ? (server.closeAllConnections(), server.close(() => resolve())) : closeHttpsFront(server, resolve)));
    rmSync(dir, { recursive: true, force: true });
  });

  it.skipIf(!networkAddress)('from another machine: the peer, with every forwarding header it made up dropped', async () => {
    const server = echoServer(none);
    servers.push(server);
    const port = await listen(server, '0.0.0.0');
    const seen = await getHeaders(`http://${networkAddress}:${port}/`, forged);
    expect(seen[clientAddressHeader]).toBe(networkAddress);
    for (const name of ['x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host', 'forwarded', 'x-real-ip']) expect(seen[name], name).toBeUndefined();
  });

  it('from this machine with no proxy: loopback, whatever address it claims', async () => {
    const server = echoServer(none);
    servers.push(server);
    const seen = await getHeaders(`http://127.0.0.1:${await listen(server, '127.0.0.1')}/`, { [clientAddressHeader]: '203.0.113.1' });
    expect(seen[clientAddressHeader]).toBe('127.0.0.1');
  });

  it('through a proxy on this machine nobody said to trust: unknown, with its forwarding headers dropped', async () => {
    const server = echoServer(none);
    servers.push(server);
    const seen = await getHeaders(`http://127.0.0.1:${await listen(server, '127.0.0.1')}/`, { 'x-forwarded-proto': 'https', 'x-forwarded-for': '198.51.100.7' });
    expect(seen[clientAddressHeader]).toBe('unknown');
    expect(seen['x-forwarded-proto']).toBeUndefined();
    expect(seen['x-forwarded-for']).toBeUndefined();
  });

  describe('through the HTTPS front', () => {
    const files = selfSignedCertificate(dir);
    const ca = readFileSync(files.TIDINGS_TLS_CERT);
    let frontPort = 0;
    beforeAll(async () => {
      const app = echoServer(trustedProxiesFromEnv(files));
      servers.push(app);
      const appPort = await listen(app, '127.0.0.1');
      const front = createHttpsFront({ cert: ca, key: readFileSync(files.TIDINGS_TLS_KEY) }, { host: '127.0.0.1', port: appPort });
      servers.push(front);
      frontPort = await listen(front, '0.0.0.0');
    });

    it.skipIf(!networkAddress)('from another machine: the browser’s own address, whatever it claims, and the front’s scheme and host', async () => {
      const seen = await getHeaders(`https://${networkAddress}:${frontPort}/`, forged, ca);
      expect(seen[clientAddressHeader]).toBe(networkAddress);
      expect(seen['x-forwarded-proto']).toBe('https');
    });

    it('from this machine: loopback', async () => {
      const seen = await getHeaders(`https://127.0.0.1:${frontPort}/`, { [clientAddressHeader]: '203.0.113.1' }, ca);
      expect(seen[clientAddressHeader]).toBe('127.0.0.1');
      expect(seen['x-forwarded-proto']).toBe('https');
    });
  });
});
