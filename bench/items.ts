/**
 * Items API latency at a realistic size: one user, 500 feeds, 100,000 items stored through
 * storeItems (so FTS rows and entries are the real ones), then timed requests through the
 * service's fetch handler in-process with an API key.
 * Run alone: npx tsx bench/items.ts (or through npm run bench). BENCH_DATA_DIR keeps the data set
 * for the next run; BENCH_FEEDS, BENCH_ITEMS_PER_FEED and BENCH_RUNS change the size.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureUser, issueCredential } from '@/lib/service/domain/accounts';
import { createFeed, subscribeUserToFeed } from '@/lib/service/store/sqlite/subscribing';
import { storeItems } from '@/lib/service/store/sqlite/store-items';
import { historyCapOf } from '@/lib/service/domain/feeds/subscribe-user';
import { createService, type SqliteService } from '@/lib/service/service';
import { benchItems, prng, zipfVocabulary } from './item-corpus';

const feeds = Number(process.env.BENCH_FEEDS ?? 500);
const itemsPerFeed = Number(process.env.BENCH_ITEMS_PER_FEED ?? 200);
const runs = Number(process.env.BENCH_RUNS ?? 200);

/**
 * Median and p99 wall time of one request kind, with its target when the issue sets one.
 * `cpu_median_ms` is the process CPU time per request: steadier than wall time when other
 * work shares the machine, so compare it across runs.
 */
export type Latency = { runs: number; median_ms: number; p99_ms: number; cpu_median_ms: number; median_total?: number; target?: string; pass?: boolean };

export type ItemsFigures = {
  items: number; feeds: number; build_seconds: number | null; stored_items_per_second: number | null; database_mb: number;
  latency: Record<string, Latency>;
  mark_all: { rows_changed: number; runs: number; median_ms: number; max_ms: number; cpu_median_ms: number; target: string; pass: boolean };
  ratios: Record<string, number>;
};

/** The value at quantile `q` of ascending numbers. */
export function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

export const round = (value: number) => Math.round(value * 1000) / 1000;

/** The data set, open: the service on it, the bench user and what the requests pick from. */
export type Bench = { service: SqliteService; userId: string; key: string; subscriptions: string[]; itemIds: string[]; searchWords: string[][]; commonWords: string[] };

/** Gives the account a lived-in state: what is older than a month read, about one item in 64 saved. */
export function resetState(service: SqliteService, userId: string, now: number): void {
  service.db.prepare(`UPDATE entries SET is_read = (published_ms < @monthAgo),
      is_saved = (substr(item_id, 1, 1) = '0' AND substr(item_id, 2, 1) < '4'), saved_at = NULL WHERE user_id = @user`)
    .run({ user: userId, monthAgo: now - 30 * 86_400_000 });
}

/**
 * Stores the data set, or reuses it when BENCH_DATA_DIR names a directory that already holds
 * one (handy when trying an index: the build is most of the bench's time).
 */
export async function build(dir: string, seed = 42): Promise<Bench & { buildSeconds: number | null }> {
  const databaseFile = path.join(dir, 'service.db');
  const reuse = existsSync(databaseFile);
  const service = createService({ databaseFile, config: { apiKeyRateLimit: 1_000_000_000, validateResponses: false } });
  const { db, store } = service;
  const started = performance.now();
  const user = await ensureUser(store, 'bench@example.com', { plan: 'plus' });
  const vocabulary = zipfVocabulary(30_000, prng(seed));
  const now = Date.now();
  if (!reuse) {
    const random = prng(seed + 1);
    for (let feed = 0; feed < feeds; feed++) {
      const feedId = createFeed(db, { url: `https://bench.example/${feed}/feed.xml`, source_type: 'feed', title: `Bench feed ${feed}`, website: `https://bench.example/${feed}` });
      subscribeUserToFeed(db, user.id, feedId, { historyCap: historyCapOf(user.plan) });
      storeItems(db, feedId, benchItems(feed, itemsPerFeed, vocabulary, random, 365, now));
    }
  }
  const buildSeconds = reuse ? null : (performance.now() - started) / 1000;
  resetState(service, user.id, now);
  const subscriptions = db.prepare('SELECT id FROM subscriptions WHERE user_id = ? ORDER BY created_at, id').pluck().all(user.id) as string[];
  const itemIds = db.prepare('SELECT item_id FROM entries WHERE user_id = ?').pluck().all(user.id) as string[];
  // What people search for: a word of ranks 100..5000 (in about 0.3% to 10% of items, the last
  // word also matching as a prefix), every fourth query two words; and a few of the most common.
  const random = prng(seed + 2);
  const pick = (from: number, to: number) => vocabulary.words[from + Math.floor(random() * (to - from))];
  const searchWords = Array.from({ length: runs }, (_, index) => (index % 4 === 3 ? [pick(50, 1000), pick(50, 1000)] : [pick(100, 5000)]));
  const commonWords = vocabulary.words.slice(0, 5);
  return { service, userId: user.id, key: (await issueCredential(store, user.id, 'api_key', 'bench')).secret, subscriptions, itemIds, searchWords, commonWords, buildSeconds };
}

/** One request's wall and CPU time and its answer. */
export type Timed = { ms: number; cpuMs: number; json: unknown };

/** One request through the service's fetch handler with the bench key; throws unless it answers 200. */
export async function call(bench: Bench, method: string, pathAndQuery: string, body?: unknown): Promise<Timed> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const response = await bench.service.fetch(new Request(`http://bench${pathAndQuery}`, {
    method, headers: { authorization: `Bearer ${bench.key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  }));
  const text = await response.text();
  const ms = performance.now() - started;
  const used = process.cpuUsage(cpu);
  if (response.status !== 200) throw new Error(`${method} ${pathAndQuery} answered ${response.status}: ${text.slice(0, 200)}`);
  return { ms, cpuMs: (used.user + used.system) / 1000, json: JSON.parse(text) };
}

const totalOf = (answer: Timed) => (answer.json as { pagination?: { total: number } }).pagination?.total;

/** Times `count` requests after 5 to warm up: median, p99 and CPU, against the target when given. */
export async function measure(label: string, count: number, request: (index: number) => Promise<Timed>, target?: { median?: number; p99?: number }): Promise<[string, Latency]> {
  for (let i = 0; i < 5; i++) await request(i);
  const times: number[] = [];
  const cpu: number[] = [];
  const totals: number[] = [];
  for (let i = 0; i < count; i++) {
    const answer = await request(i);
    times.push(answer.ms);
    cpu.push(answer.cpuMs);
    const total = totalOf(answer);
    if (total !== undefined) totals.push(total);
  }
  for (const list of [times, cpu, totals]) list.sort((a, b) => a - b);
  const median = quantile(times, 0.5);
  const p99 = quantile(times, 0.99);
  const figure: Latency = { runs: count, median_ms: round(median), p99_ms: round(p99), cpu_median_ms: round(quantile(cpu, 0.5)) };
  if (totals.length) figure.median_total = quantile(totals, 0.5);
  if (target) {
    figure.target = [target.median && `median < ${target.median} ms`, target.p99 && `p99 < ${target.p99} ms`].filter(Boolean).join(', ');
    figure.pass = (!target.median || median < target.median) && (!target.p99 || p99 < target.p99);
  }
  return [label, figure];
}

async function measureAll(bench: Bench): Promise<Pick<ItemsFigures, 'latency' | 'mark_all'>> {
  const listTarget = { median: 5, p99: 20 };
  const latency: Record<string, Latency> = {};
  const add = ([label, figure]: [string, Latency]) => { latency[label] = figure; };
  const pickSubscription = (i: number) => bench.subscriptions[(i * 7919) % bench.subscriptions.length];

  add(await measure('list', runs, () => call(bench, 'GET', '/v1/items'), listTarget));
  let cursor: string | null = null;
  add(await measure('list, next pages by cursor', runs, async () => {
    const answer = await call(bench, 'GET', `/v1/items${cursor ? `?cursor=${cursor}` : ''}`);
    cursor = (answer.json as { pagination: { next_cursor: string | null } }).pagination.next_cursor;
    return answer;
  }, listTarget));
  // A reader marks an item read, then the list loads again: nothing a cache kept survives the write.
  add(await measure('list after marking an item read', runs, async (i) => {
    await call(bench, 'PATCH', `/v1/items/${bench.itemIds[(i * 7_561) % bench.itemIds.length]}`, { is_read: true });
    return call(bench, 'GET', '/v1/items');
  }, listTarget));
  add(await measure('list of one subscription', runs, (i) => call(bench, 'GET', `/v1/items?subscription_ids=${pickSubscription(i)}`), listTarget));
  add(await measure('list unread of one subscription', runs, (i) => call(bench, 'GET', `/v1/items?is_read=unread&subscription_ids=${pickSubscription(i)}`), listTarget));
  add(await measure('list unread', runs, () => call(bench, 'GET', '/v1/items?is_read=unread'), listTarget));
  add(await measure('list saved', runs, () => call(bench, 'GET', '/v1/items?is_saved=true'), listTarget));
  add(await measure('search', runs, (i) => call(bench, 'GET', `/v1/items?q=${encodeURIComponent(bench.searchWords[i % runs].join(' '))}`), { median: 15 }));
  add(await measure('search, titles and summaries only', runs, (i) => call(bench, 'GET', `/v1/items?include_body=false&q=${encodeURIComponent(bench.searchWords[i % runs].join(' '))}`)));
  add(await measure('search, most common words', 10, (i) => call(bench, 'GET', `/v1/items?q=${bench.commonWords[i % bench.commonWords.length]}`)));
  add(await measure('PATCH /v1/items/{id}', runs, (i) => call(bench, 'PATCH', `/v1/items/${bench.itemIds[(i * 104_729) % bench.itemIds.length]}`, { is_read: i % 2 === 0 })));

  // Mark all: every run flips all items, so each one changes the whole set.
  const times: number[] = [];
  const cpu: number[] = [];
  let rowsChanged = 0;
  await call(bench, 'PUT', '/v1/items', { is_read: true });
  for (let i = 0; i < 6; i++) {
    const answer = await call(bench, 'PUT', '/v1/items', { is_read: i % 2 === 1 });
    times.push(answer.ms);
    cpu.push(answer.cpuMs);
    rowsChanged = Number(/^(\d+)/.exec((answer.json as { message: string }).message)?.[1] ?? 0);
  }
  times.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  const median = quantile(times, 0.5);
  return { latency, mark_all: { rows_changed: rowsChanged, runs: times.length, median_ms: round(median), max_ms: round(times[times.length - 1]), cpu_median_ms: round(quantile(cpu, 0.5)), target: 'median < 1000 ms', pass: median < 1000 } };
}

/** Builds the data set in a temporary directory, measures, and removes it. */
export async function run(): Promise<ItemsFigures> {
  const keep = process.env.BENCH_DATA_DIR ? path.resolve(process.env.BENCH_DATA_DIR) : null;
  if (keep) mkdirSync(keep, { recursive: true });
  const dir = keep ?? mkdtempSync(path.join(tmpdir(), 'tidings-bench-items-'));
  let bench: (Bench & { buildSeconds: number | null }) | null = null;
  try {
    bench = await build(dir);
    const items = bench.itemIds.length;
    const sizeMb = (bench.service.db.prepare('SELECT page_count * page_size FROM pragma_page_count(), pragma_page_size()').pluck().get() as number) / 1e6;
    const measured = await measureAll(bench);
    const list = measured.latency.list.median_ms;
    return {
      items, feeds: bench.subscriptions.length, build_seconds: bench.buildSeconds === null ? null : round(bench.buildSeconds),
      stored_items_per_second: bench.buildSeconds === null ? null : Math.round(items / bench.buildSeconds), database_mb: round(sizeMb),
      ...measured,
      ratios: {
        search_median_to_list_median: round(measured.latency.search.median_ms / list),
        filtered_median_to_list_median: round(measured.latency['list unread of one subscription'].median_ms / list),
        patch_median_to_list_median: round(measured.latency['PATCH /v1/items/{id}'].median_ms / list),
        mark_all_ms_per_1000_items: round(measured.mark_all.median_ms / (measured.mark_all.rows_changed / 1000)),
      },
    };
  } finally {
    bench?.service.close();
    if (!keep) rmSync(dir, { recursive: true, force: true });
  }
}

/** Readable lines for the bench summary: each figure beside its target. */
export function summarize(figures: ItemsFigures): string[] {
  const built = figures.build_seconds === null ? 'reused from BENCH_DATA_DIR' : `built in ${figures.build_seconds} s (${figures.stored_items_per_second} items/s)`;
  const lines = [`${figures.items} items over ${figures.feeds} feeds, ${built}, ${figures.database_mb} MB`];
  for (const [label, figure] of Object.entries(figures.latency)) {
    const verdict = figure.target ? `  [${figure.pass ? 'pass' : 'FAIL'}: ${figure.target}]` : '';
    const matches = label.startsWith('search') && figure.median_total !== undefined ? `  (median total ${figure.median_total})` : '';
    lines.push(`${label.padEnd(36)} median ${figure.median_ms.toFixed(2).padStart(8)} ms   p99 ${figure.p99_ms.toFixed(2).padStart(8)} ms   cpu ${figure.cpu_median_ms.toFixed(2).padStart(7)} ms${verdict}${matches}`);
  }
  const all = figures.mark_all;
  lines.push(`${'PUT /v1/items (mark all)'.padEnd(36)} median ${all.median_ms.toFixed(1).padStart(8)} ms   max ${all.max_ms.toFixed(1).padStart(8)} ms   cpu ${all.cpu_median_ms.toFixed(1).padStart(7)} ms  (${all.rows_changed} rows)  [${all.pass ? 'pass' : 'FAIL'}: ${all.target}]`);
  lines.push(`ratios: ${Object.entries(figures.ratios).map(([name, value]) => `${name} ${value}`).join(', ')}`);
  return lines;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  run().then((figures) => console.log(summarize(figures).join('\n')));
}
