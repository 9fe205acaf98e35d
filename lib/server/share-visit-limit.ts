import 'server-only';
import { isIPv6 } from 'node:net';
import { postgresDatabaseUrl } from '@/lib/service/store/database-url';
import { hitWindow } from './app-state/postgres-limits';
import { clientAddress } from './client-address';

/*
 * Visits of share links have a budget of their own per client address (60 in any minute),
 * kept in memory: a visitor who goes past it is told so with a 429, while other addresses,
 * and the owner, go on as before. An IPv6 client counts by its /64, the block one subscriber
 * usually holds, so rotating addresses within it buys nothing. With DATABASE_URL the budget is
 * counted in PostgreSQL (a sliding-window estimate), so every app node spends the same one.
 */

const visitsPerMinute = 60;
const windowMs = 60_000;
// Addresses with no visit left in the window are dropped once this many are held, so a flood of addresses cannot grow memory for long.
const sweepAbove = 10_000;

const holder = globalThis as typeof globalThis & { __tidingsShareVisits?: Map<string, number[]> };
const visits = (): Map<string, number[]> => (holder.__tidingsShareVisits ??= new Map());

/** The budget an address spends: itself, or its /64 for IPv6. */
function budgetKey(address: string): string {
  if (!isIPv6(address) || address.includes('.')) return address;
  const [head, tail = ''] = address.toLowerCase().split('::');
  const front = head ? head.split(':') : [];
  const back = tail ? tail.split(':') : [];
  const groups = address.includes('::') ? [...front, ...Array(8 - front.length - back.length).fill('0'), ...back] : front;
  return `${groups.slice(0, 4).map((group) => Number.parseInt(group, 16).toString(16)).join(':')}::/64`;
}

function sweep(now: number): void {
  for (const [key, times] of visits()) if (now - times[times.length - 1]! >= windowMs) visits().delete(key);
}

/** Counts a visit from this address: 0 when it may go on, else the seconds to wait before the next one. */
export async function takeShareVisit(address: string, now = Date.now()): Promise<number> {
  const key = budgetKey(address);
  const url = postgresDatabaseUrl();
  if (url) {
    const { count, windowEndsAt } = await hitWindow(url, `share-visit:${key}`, windowMs, now);
    return count > visitsPerMinute ? Math.max(1, Math.ceil((windowEndsAt - now) / 1000)) : 0;
  }
  const times = (visits().get(key) ?? []).filter((time) => now - time < windowMs);
  if (times.length >= visitsPerMinute) {
    visits().set(key, times);
    return Math.max(1, Math.ceil((times[times.length - visitsPerMinute]! + windowMs - now) / 1000));
  }
  if (!visits().has(key) && visits().size >= sweepAbove) sweep(now);
  times.push(now);
  visits().set(key, times);
  return 0;
}

const page = (seconds: number) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow"><title>Too many visits</title></head>
<body><main><h1>Too many visits</h1>
<p>This address has opened shared links more than ${visitsPerMinute} times in a minute; try again in ${seconds} second${seconds === 1 ? '' : 's'}.</p>
</main></body></html>
`;

/** A 429 page for a share-link visit past its address's budget, or null when the visit may go on. */
export async function refuseShareVisit(request: Request, now = Date.now()): Promise<Response | null> {
  const wait = await takeShareVisit(clientAddress(request.headers), now);
  if (!wait) return null;
  return new Response(page(wait), {
    status: 429,
    headers: {
      'content-type': 'text/html; charset=utf-8', 'retry-after': String(wait),
      'cache-control': 'no-store', 'referrer-policy': 'no-referrer',
    },
  });
}
