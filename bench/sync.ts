/**
 * Sync-API latency at a realistic size (issue 27): one user, 100 feeds, 100,000 items stored
 * through storeItems, the service served over real HTTP on 127.0.0.1 as `npm start` serves it
 * (lib/server/serve.ts): the fixed headers, the request guard and the client's address, then the
 * production listener of the service's mounts (lib/server/service-listener.ts), which answers
 * /greader, /fever and /v1 before Next, gzipping sync answers as Next did. A Google Reader client's
 * first sync timed: `stream/items/ids` of 10,000 ids (all, and unread only) and `stream/items/contents`
 * of 1,000 items, form-encoded, after ClientLogin, gzipped (the client takes it, as undici's fetch
 * does) and plain. Fever `items` and `/v1/items?limit=50` (over the same HTTP, and in-process as
 * bench/items.ts measures it) are the baselines that make figures comparable across machines.
 * Run alone: npx tsx bench/sync.ts (or npm run bench -- sync). BENCH_SYNC_RUNS changes the count.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureUser, issueCredential } from '@/lib/service/domain/accounts';
import { createFeed, subscribeUserToFeed } from '@/lib/service/store/sqlite/subscribing';
import { storeItems } from '@/lib/service/store/sqlite/store-items';
import { historyCapOf } from '@/lib/service/domain/feeds/subscribe-user';
import { createService } from '@/lib/service/service';
import { setFixedHeaders } from '@/lib/server/fixed-headers';
import { refuseMalformedRequest } from '@/lib/server/request-guard';
import { isServiceRequest, serviceRequestListener } from '@/lib/server/service-listener';
import { prepareForApp, trustedProxiesFromEnv } from '@/lib/server/trusted-proxies';
import { benchItems, prng, zipfVocabulary } from './item-corpus';

const feeds = 100;
const itemsPerFeed = 1_000;
const runs = Number(process.env.BENCH_SYNC_RUNS ?? 17);
const email = 'bench@example.com';

/** Median and p90 wall time of one request kind, with what it answered and its goal when the issue sets one. */
export type SyncLatency = { runs: number; p50_ms: number; p90_ms: number; max_ms: number; answered: number; goal_p50_ms?: number; pass?: boolean };

export type SyncFigures = { items: number; unread: number; feeds: number; build_seconds: number; transport: string; latency: Record<string, SyncLatency> };

type Answer = { ms: number; count: number };

const round = (value: number) => Math.round(value * 10) / 10;
const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

/** Times `request` `runs` times after two warm-up calls; fails the bench on an answer of the wrong size. */
async function measure(request: () => Promise<Answer>, expected: number, goal?: number): Promise<SyncLatency> {
  for (let i = 0; i < 2; i++) await request();
  const times: number[] = [];
  let answered = 0;
  for (let i = 0; i < runs; i++) {
    const answer = await request();
    times.push(answer.ms);
    answered = answer.count;
    if (answered !== expected) throw new Error(`expected ${expected} entries in the answer, got ${answered}`);
  }
  times.sort((a, b) => a - b);
  const p50 = quantile(times, 0.5);
  const figure: SyncLatency = { runs, p50_ms: round(p50), p90_ms: round(quantile(times, 0.9)), max_ms: round(times[times.length - 1]), answered };
  return goal === undefined ? figure : { ...figure, goal_p50_ms: goal, pass: p50 < goal };
}

/** One timed call: the whole answer read and parsed, as a client does before it can use it. */
async function timed(send: () => Promise<Response>, count: (json: never) => number): Promise<Answer> {
  const started = performance.now();
  const response = await send();
  const text = await response.text();
  const ms = performance.now() - started;
  if (response.status !== 200) throw new Error(`${response.url} answered ${response.status}: ${text.slice(0, 200)}`);
  return { ms, count: count(JSON.parse(text) as never) };
}

/** Stores the data set in a temporary directory, serves it on 127.0.0.1, measures, and removes it all. */
export async function run(): Promise<SyncFigures> {
  const dir = mkdtempSync(path.join(tmpdir(), 'tidings-bench-sync-'));
  const service = createService({ databaseFile: path.join(dir, 'service.db'), config: { apiKeyRateLimit: 1_000_000_000, validateResponses: false } });
  // serve.ts's chain up to Next, with this bench's service in the embedded one's place.
  const listener = serviceRequestListener((request) => service.fetch(request));
  const trusted = trustedProxiesFromEnv({});
  const server = createServer((request, response) => {
    setFixedHeaders(request, response);
    if (refuseMalformedRequest(request, response)) return;
    prepareForApp(request, trusted);
    if (isServiceRequest(request)) return void listener(request, response);
    response.writeHead(404).end();
  }).listen(0, '127.0.0.1');
  try {
    const { db, store } = service;
    const started = performance.now();
    const user = await ensureUser(store, email, { plan: 'plus' });
    const vocabulary = zipfVocabulary(30_000, prng(42));
    const random = prng(43);
    const now = Date.now();
    for (let feed = 0; feed < feeds; feed++) {
      const feedId = createFeed(db, { url: `https://bench.example/${feed}/feed.xml`, source_type: 'feed', title: `Bench feed ${feed}`, website: `https://bench.example/${feed}` });
      subscribeUserToFeed(db, user.id, feedId, { historyCap: historyCapOf(user.plan) });
      storeItems(db, feedId, benchItems(feed, itemsPerFeed, vocabulary, random, 365, now));
    }
    const buildSeconds = (performance.now() - started) / 1000;
    // A lived-in account, as in bench/items.ts: what is older than a month read.
    db.prepare('UPDATE entries SET is_read = (published_ms < ?) WHERE user_id = ?').run(now - 30 * 86_400_000, user.id);
    const items = db.prepare('SELECT count(*) FROM entries WHERE user_id = ?').pluck().get(user.id) as number;
    const unread = db.prepare('SELECT count(*) FROM entries WHERE user_id = ? AND is_read = 0').pluck().get(user.id) as number;
    const key = (await issueCredential(store, user.id, 'api_key', 'bench')).secret;

    if (!server.listening) await new Promise((resolve) => server.once('listening', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const login = await fetch(`${base}/greader/accounts/ClientLogin`, { method: 'POST', headers: form, body: new URLSearchParams({ Email: email, Passwd: key }) });
    const auth = /^Auth=(\S+)$/m.exec(await login.text())?.[1];
    if (!auth) throw new Error(`ClientLogin answered ${login.status} without an Auth= token`);
    const reader = { authorization: `GoogleLogin auth=${auth}` };
    const api = `${base}/greader/reader/api/0`;
    const readingList = 'user/-/state/com.google/reading-list';
    type Refs = { itemRefs?: { id: string }[] };
    const refsOf = (json: Refs) => json.itemRefs?.length ?? 0;

    const latency: Record<string, SyncLatency> = {};
    latency['greader stream/items/ids n=10000'] = await measure(() => timed(() => fetch(`${api}/stream/items/ids?output=json&s=${readingList}&n=10000`, { headers: reader }), refsOf), Math.min(items, 10_000), 50);
    latency['greader stream/items/ids n=10000 xt=read'] = await measure(
      () => timed(() => fetch(`${api}/stream/items/ids?output=json&s=${readingList}&xt=user/-/state/com.google/read&n=10000`, { headers: reader }), refsOf), Math.min(unread, 10_000), 50);
    // 1,000 ids spread over the whole list (not just the newest), as a client fetching what it lacks.
    const all = (await (await fetch(`${api}/stream/items/ids?output=json&s=${readingList}&n=10000`, { headers: reader })).json()) as Refs;
    const ids = (all.itemRefs ?? []).filter((_, index) => index % 10 === 3).slice(0, 1_000).map((ref) => ref.id);
    const contentsBody = ids.map((id) => `i=${id}`).join('&');
    latency['greader stream/items/contents 1000 (POST)'] = await measure(
      () => timed(() => fetch(`${api}/stream/items/contents?output=json`, { method: 'POST', headers: { ...reader, ...form }, body: contentsBody }), (json: { items?: unknown[] }) => json.items?.length ?? 0), ids.length, 150);
    latency['greader stream/items/contents 1000 (POST, plain)'] = await measure(() => timed(() => fetch(`${api}/stream/items/contents?output=json`, {
      method: 'POST', headers: { ...reader, ...form, 'accept-encoding': 'identity' }, body: contentsBody,
    }), (json: { items?: unknown[] }) => json.items?.length ?? 0), ids.length, 150);
    const feverKey = createHash('md5').update(`${email}:${key}`).digest('hex');
    latency['fever items (50)'] = await measure(
      () => timed(() => fetch(`${base}/fever/?api&items`, { method: 'POST', headers: form, body: `api_key=${feverKey}` }), (json: { items?: unknown[] }) => json.items?.length ?? 0), 50);
    const bearer = { authorization: `Bearer ${key}` };
    const listed = (json: { data?: unknown[] }) => json.data?.length ?? 0;
    latency['baseline /v1/items?limit=50 (HTTP)'] = await measure(() => timed(() => fetch(`${base}/v1/items?limit=50`, { headers: bearer }), listed), 50);
    latency['baseline /v1/items?limit=50 (in-process)'] = await measure(() => timed(() => service.fetch(new Request('http://bench/v1/items?limit=50', { headers: bearer })), listed), 50);
    return { items, unread, feeds, build_seconds: round(buildSeconds), transport: 'HTTP on 127.0.0.1 via the production listener (lib/server/service-listener.ts), undici fetch client', latency };
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    service.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Readable lines for the bench summary: each figure beside its goal. */
export function summarize(figures: SyncFigures): string[] {
  const lines = [`${figures.items} items (${figures.unread} unread) over ${figures.feeds} feeds, built in ${figures.build_seconds} s; ${figures.transport}`];
  for (const [label, figure] of Object.entries(figures.latency)) {
    const verdict = figure.goal_p50_ms === undefined ? '' : `  [${figure.pass ? 'pass' : 'FAIL'}: p50 < ${figure.goal_p50_ms} ms]`;
    lines.push(`${label.padEnd(48)} p50 ${figure.p50_ms.toFixed(1).padStart(7)} ms   p90 ${figure.p90_ms.toFixed(1).padStart(7)} ms   max ${figure.max_ms.toFixed(1).padStart(7)} ms   (${figure.answered} entries, ${figure.runs} runs)${verdict}`);
  }
  return lines;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  run().then((figures) => console.log(summarize(figures).join('\n')));
}
