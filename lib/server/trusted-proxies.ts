/*
 * Who a request comes from. The TCP peer is the client, unless it is a proxy we were told to
 * trust (TIDINGS_TRUSTED_PROXIES; the HTTPS front on loopback always is): then X-Forwarded-For
 * is walked from the right, each hop believed only while the hop that wrote it is trusted.
 * The production server (lib/server/serve.ts) hands the result to the app under one header
 * and drops forwarding headers an untrusted peer sent, so nothing in the app can be told a
 * made-up address, scheme or host. Plain Node (serve.ts runs outside Next).
 */
import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';

/** The header through which serve.ts hands the app the client's address (read with lib/server/client-address.ts). */
export const clientAddressHeader = 'x-tidings-client-address';

/** Headers by which a proxy says who the client is and how it came; believed from trusted proxies only. */
const forwardingHeaders = ['x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host', 'x-forwarded-port', 'x-forwarded-prefix', 'forwarded', 'x-real-ip'];

/** An address as 16-bit words (2 for IPv4, 8 for IPv6), and a range as its first `prefix` bits. */
type Words = number[];
type Range = { words: Words; prefix: number };

/** The 16-bit words of a valid IP address in normal spelling. */
export function addressWords(address: string): Words {
  if (isIP(address) === 4) {
    const [a, b, c, d] = address.split('.').map(Number);
    return [(a << 8) | b, (c << 8) | d];
  }
  const groups = (part: string): Words => (part ? part.split(':') : []).flatMap((group) => (group.includes('.') ? addressWords(group) : [parseInt(group, 16)]));
  const [head, tail] = address.split('::');
  if (tail === undefined) return groups(head);
  const left = groups(head), right = groups(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

// Node's BlockList takes some 5 µs a check; this is on every request's path.
function inRange(words: Words, range: Range): boolean {
  if (words.length !== range.words.length) return false;
  for (let i = 0, bits = range.prefix; bits > 0; i++, bits -= 16) {
    const mask = bits >= 16 ? 0xffff : (0xffff << (16 - bits)) & 0xffff;
    if ((words[i] & mask) !== (range.words[i] & mask)) return false;
  }
  return true;
}

const loopbackRanges: Range[] = [{ words: addressWords('127.0.0.0'), prefix: 8 }, { words: addressWords('::1'), prefix: 128 }];

/**
 * An IP address in one canonical spelling, or null when `raw` is none: brackets, a port
 * and an IPv6 zone are dropped, and an IPv4-mapped IPv6 address becomes the IPv4 one.
 */
export function normalAddress(raw: string | undefined | null): string | null {
  let value = (raw ?? '').trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(value);
  if (bracketed) value = bracketed[1];
  else if (/^[\d.]+:\d+$/.test(value)) value = value.slice(0, value.indexOf(':'));
  value = value.replace(/%[\w.-]+$/, '').toLowerCase();
  const family = isIP(value);
  if (family === 6 && value.includes('ffff')) {
    const words = addressWords(value);
    if (words.slice(0, 6).join() === '0,0,0,0,0,65535') return [words[6] >> 8, words[6] & 255, words[7] >> 8, words[7] & 255].join('.');
  }
  return family ? value : null;
}

/** Whether an address is this machine's loopback (127.0.0.0/8, ::1, ::ffff:127.x.y.z). */
export function isLoopbackAddress(raw: string | undefined | null): boolean {
  const address = normalAddress(raw);
  return address !== null && loopbackRanges.some((range) => inRange(addressWords(address), range));
}

/** The proxies whose forwarding headers count. */
export type TrustedProxies = { ranges: Range[] };

/**
 * The trusted proxies of TIDINGS_TRUSTED_PROXIES (a comma list of addresses and CIDRs). With
 * the HTTPS front loopback is always among them, since every request reaches the app through
 * the front on loopback. Throws a sentence naming a bad entry.
 */
export function parseTrustedProxies(raw: string | undefined, httpsFront: boolean): TrustedProxies {
  const ranges: Range[] = httpsFront ? [...loopbackRanges] : [];
  for (const entry of (raw ?? '').split(',').map((part) => part.trim()).filter(Boolean)) {
    const [addressPart, prefixPart, extra] = entry.split('/');
    const address = normalAddress(addressPart);
    const widest = address && isIP(address) === 4 ? 32 : 128;
    const prefix = prefixPart === undefined ? widest : Number(prefixPart);
    if (!address || extra !== undefined || (prefixPart !== undefined && !(/^\d+$/.test(prefixPart) && prefix <= widest))) {
      throw new Error(`TIDINGS_TRUSTED_PROXIES lists "${entry}", which is not an IP address or a CIDR range such as 10.0.0.0/8 or fd00::/8.`);
    }
    ranges.push({ words: addressWords(address), prefix });
  }
  return { ranges };
}

/** The trusted proxies this environment names (TIDINGS_TRUSTED_PROXIES; loopback too when TIDINGS_TLS_CERT sets up the HTTPS front). */
export function trustedProxiesFromEnv(env: Record<string, string | undefined>): TrustedProxies {
  return parseTrustedProxies(env.TIDINGS_TRUSTED_PROXIES, Boolean(env.TIDINGS_TLS_CERT?.trim()));
}

/** Whether an address (in normal spelling) belongs to a trusted proxy. */
export function isTrustedProxy(address: string, trusted: TrustedProxies): boolean {
  if (!trusted.ranges.length) return false;
  const words = addressWords(address);
  return trusted.ranges.some((range) => inRange(words, range));
}

/**
 * The client of a request whose TCP peer is `peer`: X-Forwarded-For is walked from the right
 * only while the current hop is a trusted proxy, and the first untrusted hop is the client.
 * A hop that is no address, written by a trusted proxy, leaves the client 'unknown'. A
 * loopback peer that is not trusted yet forwards for someone is a proxy on this machine we
 * were not told of: its clients are 'unknown' too, never this machine.
 */
export function deriveClientAddress(peer: string | undefined, forwardedFor: string | undefined, trusted: TrustedProxies, forwarding = Boolean(forwardedFor)): string {
  let current = normalAddress(peer);
  if (!current) return 'unknown';
  if (!isTrustedProxy(current, trusted)) return forwarding && isLoopbackAddress(current) ? 'unknown' : current;
  const hops = (forwardedFor ?? '').split(',').map((hop) => hop.trim()).filter(Boolean);
  while (hops.length && isTrustedProxy(current, trusted)) {
    const hop = normalAddress(hops.pop());
    if (!hop) return 'unknown';
    current = hop;
  }
  return current;
}

/**
 * Readies a request for the app: sets the client-address header (replacing any the client
 * sent) and, when the peer is no trusted proxy, drops the forwarding headers it sent, so the
 * app believes X-Forwarded-Proto/-Host only from proxies it trusts.
 */
export function prepareForApp(request: Pick<IncomingMessage, 'headers' | 'socket'>, trusted: TrustedProxies): void {
  const { headers } = request;
  const peer = request.socket?.remoteAddress;
  const forwardedFor = headers['x-forwarded-for'];
  const forwarding = forwardingHeaders.some((name) => headers[name] !== undefined);
  const client = deriveClientAddress(peer, Array.isArray(forwardedFor) ? forwardedFor.join(', ') : forwardedFor, trusted, forwarding);
  const peerAddress = normalAddress(peer);
  if (!peerAddress || !isTrustedProxy(peerAddress, trusted)) {
    for (const name of forwardingHeaders) delete headers[name];
  }
  headers[clientAddressHeader] = client;
}
