/**
 * The item store on both engines side by side (issue 26): the data set of bench/items.ts (100,000
 * items, BENCH_DATA_DIR reused) moved with moveToPostgres into a throwaway PostgreSQL cluster,
 * then the same calls through the ItemStore interface on SQLite and PostgreSQL, alternating which
 * engine goes first each round: the inbox's unread first page, a page of one subscription, a
 * one-word and a two-word search, and mark all read up to `before` of every item (restored to
 * unread, untimed, before each run). Plus the unread list through the service's fetch handler on
 * SQLite, to show the store's share of a request. Without PostgreSQL it reports SQLite only.
 * Run alone: npx tsx bench/engines.ts (or npm run bench -- engines); BENCH_RUNS rounds (200).
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import type { ItemPageQuery, ItemStore } from '@/lib/service/store/items';
import { moveToPostgres } from '@/lib/service/store/postgres/move-to-postgres';
import { postgresStoreAreas } from '@/lib/service/store/postgres/store-areas';
import { createDatabase, startClusterOrReason, stopCluster, type Cluster } from '../tests/postgres-cluster';
import { build, call, measure, quantile, resetState, round, type Bench, type Latency } from './items';

const runs = Number(process.env.BENCH_RUNS ?? 200);
const markAllRuns = Number(process.env.BENCH_MARK_ALL_RUNS ?? 5);
const pageSize = 50;

type Engine = 'sqlite' | 'postgres';
/** Wall times of one kind of call on one engine. */
type Timing = { median_ms: number; p99_ms: number };
/** One kind of call on both engines: PostgreSQL's time over SQLite's, and the goal on each. */
type Compared = {
  runs: number; sqlite: Timing; postgres: Timing | null; ratio_pg_to_sqlite: number | null;
  goal: string; pass: { sqlite: boolean; postgres: boolean | null }; median_total?: Record<Engine, number | null>;
};

export type EnginesFigures = {
  items: number; feeds: number; runs: number;
  postgres: { version: string; move_seconds: number } | { missing: string };
  load_average: { start: number[]; end: number[] };
  store: Record<string, Compared>;
  mark_all: Compared & { rows_changed: Record<Engine, number | null> };
  service: { label: string; through_fetch: Latency; store_median_ms: number; store_share: number };
};

const loadNow = () => os.loadavg().map((value) => Math.round(value * 100) / 100);

/** A throwaway cluster holding a copy of the data set, with the item store on it; or why there is none. */
type Postgres = { cluster: Cluster; pool: pg.Pool; items: ItemStore; version: string; moveSeconds: number };

async function startPostgres(bench: Bench): Promise<Postgres | string> {
  const cluster = await startClusterOrReason();
  if (typeof cluster === 'string') return cluster;
  try {
    const url = await createDatabase(cluster, 'tidings_bench');
    const started = performance.now();
    await moveToPostgres(url, [{ name: 'service.db', db: bench.service.db }]);
    const moveSeconds = (performance.now() - started) / 1000;
    const pool = new pg.Pool({ connectionString: url, max: 4 });
    // What autovacuum would have done by the time anyone reads: statistics, and the visibility map index-only scans use.
    await pool.query('VACUUM (ANALYZE)');
    const version = (await pool.query<{ server_version: string }>('SHOW server_version')).rows[0]!.server_version;
    return { cluster, pool, items: postgresStoreAreas(pool).items, version, moveSeconds };
  } catch (error) {
    stopCluster(cluster.dir);
    throw error;
  }
}

const summaryOf = (times: number[]): Timing => {
  const sorted = [...times].sort((a, b) => a - b);
  return { median_ms: round(quantile(sorted, 0.5)), p99_ms: round(quantile(sorted, 0.99)) };
};

/**
 * Times `count` rounds of one call on each engine (after `warmups`), the engine that goes
 * first alternating per round, so load that comes and goes falls on both alike.
 */
async function compare(engines: Partial<Record<Engine, ItemStore>>, count: number, goalMs: number,
  call: (store: ItemStore, index: number) => Promise<number | undefined>, before?: (store: ItemStore) => Promise<unknown>, warmups = 5): Promise<Compared> {
  const names = (Object.keys(engines) as Engine[]);
  const times: Record<Engine, number[]> = { sqlite: [], postgres: [] };
  const totals: Record<Engine, number[]> = { sqlite: [], postgres: [] };
  for (let turn = -warmups; turn < count; turn++) {
    const order = turn % 2 === 0 ? names : [...names].reverse();
    for (const name of order) {
      const store = engines[name]!;
      if (before) await before(store);
      const started = performance.now();
      const total = await call(store, Math.max(turn, 0));
      if (turn < 0) continue;
      times[name].push(performance.now() - started);
      if (total !== undefined) totals[name].push(total);
    }
  }
  const sqlite = summaryOf(times.sqlite);
  const postgres = engines.postgres ? summaryOf(times.postgres) : null;
  const figure: Compared = {
    runs: count, sqlite, postgres, ratio_pg_to_sqlite: postgres ? round(postgres.median_ms / sqlite.median_ms) : null,
    goal: `median < ${goalMs} ms`, pass: { sqlite: sqlite.median_ms < goalMs, postgres: postgres ? postgres.median_ms < goalMs : null },
  };
  if (totals.sqlite.length) {
    const median = (list: number[]) => (list.length ? quantile([...list].sort((a, b) => a - b), 0.5) : null);
    figure.median_total = { sqlite: median(totals.sqlite), postgres: median(totals.postgres) };
  }
  return figure;
}

async function measureStores(bench: Bench, engines: Partial<Record<Engine, ItemStore>>): Promise<Pick<EnginesFigures, 'store' | 'mark_all'>> {
  const { userId } = bench;
  const list = async (store: ItemStore, query: Omit<ItemPageQuery, 'order' | 'limit'>) => {
    const page = await store.list(userId, { order: 'newest', limit: pageSize + 1, ...query });
    if ('missing' in page) throw new Error(`the bench's ${page.missing} ${page.id} is missing`);
    return page.total;
  };
  const search = (text: string) => ({ filter: {}, search: { text, include_body: true, global: null } });
  const oneWord = bench.searchWords.filter((words) => words.length === 1).map(([word]) => word!);
  const twoWords = bench.searchWords.filter((words) => words.length === 2).map((words) => words.join(' '));
  const subscription = (i: number) => bench.subscriptions[(i * 7919) % bench.subscriptions.length]!;

  const store: Record<string, Compared> = {
    'unread list, first page': await compare(engines, runs, 10, (items) => list(items, { filter: { is_read: false } })),
    'page of one subscription': await compare(engines, runs, 10, (items, i) => list(items, { filter: { subscription_ids: [subscription(i)] } })),
    'search, one word': await compare(engines, runs, 30, (items, i) => list(items, search(oneWord[i % oneWord.length]!))),
    'search, two words': await compare(engines, runs, 30, (items, i) => list(items, search(twoWords[i % twoWords.length]!))),
  };

  // Every run marks all 100,000 read: the restore to unread before it is not timed.
  const rows: Record<Engine, number | null> = { sqlite: null, postgres: null };
  const before = Date.now();
  const restore = async (items: ItemStore) => items.markAll(userId, {}, false);
  const markAll = await compare(engines, markAllRuns, 1000, async (items) => {
    const changed = await items.markAll(userId, { until_ms: before }, true);
    if (typeof changed !== 'number') throw new Error('mark all found a filter target missing');
    rows[items === engines.sqlite ? 'sqlite' : 'postgres'] = changed;
    return undefined;
  }, restore, 1);
  return { store, mark_all: { ...markAll, rows_changed: rows } };
}

/** Builds or reuses the data set, starts PostgreSQL beside it, measures both engines, and cleans up. */
export async function run(): Promise<EnginesFigures> {
  const loadStart = loadNow();
  const keep = process.env.BENCH_DATA_DIR ? path.resolve(process.env.BENCH_DATA_DIR) : null;
  if (keep) mkdirSync(keep, { recursive: true });
  const dir = keep ?? mkdtempSync(path.join(tmpdir(), 'tidings-bench-engines-'));
  let bench: Bench | null = null;
  let postgres: Postgres | string | null = null;
  try {
    bench = await build(dir);
    // Indexing a reused data set has left for later would write meanwhile: the move's counts would differ, and it is not what is timed.
    bench.service.intelligence.hold();
    postgres = await startPostgres(bench);
    if (typeof postgres === 'string') console.log(`PostgreSQL: ${postgres}; SQLite only.`);
    const engines: Partial<Record<Engine, ItemStore>> = { sqlite: bench.service.store.items };
    if (typeof postgres !== 'string') engines.postgres = postgres.items;

    // The request as a client makes it, beside the store call it makes, both on SQLite.
    const [label, throughFetch] = await measure('unread list through the fetch handler', runs, () => call(bench!, 'GET', '/v1/items?is_read=unread'));
    const measured = await measureStores(bench, engines);
    resetState(bench.service, bench.userId, Date.now());
    const storeMedian = measured.store['unread list, first page']!.sqlite.median_ms;
    return {
      items: bench.itemIds.length, feeds: bench.subscriptions.length, runs,
      postgres: typeof postgres === 'string' ? { missing: postgres } : { version: postgres.version, move_seconds: round(postgres.moveSeconds) },
      load_average: { start: loadStart, end: loadNow() },
      ...measured,
      service: { label, through_fetch: throughFetch, store_median_ms: storeMedian, store_share: round(storeMedian / throughFetch.median_ms) },
    };
  } finally {
    if (postgres && typeof postgres !== 'string') {
      await postgres.pool.end();
      stopCluster(postgres.cluster.dir);
    }
    bench?.service.close();
    if (!keep) rmSync(dir, { recursive: true, force: true });
  }
}

const ms = (value: number | undefined) => (value === undefined ? '—' : value < 100 ? value.toFixed(2) : value.toFixed(0));

/** A small table: per call, each engine's median and p99, PostgreSQL over SQLite, and the goal met or not. */
export function summarize(figures: EnginesFigures): string[] {
  const where = 'missing' in figures.postgres ? `PostgreSQL: ${figures.postgres.missing}; SQLite only`
    : `PostgreSQL ${figures.postgres.version} (moved in ${figures.postgres.move_seconds} s)`;
  const lines = [
    `${figures.items} items over ${figures.feeds} feeds; ${figures.runs} rounds per call through the item store, engines alternating; ${where}`,
    `load average ${figures.load_average.start.join(' ')} at start, ${figures.load_average.end.join(' ')} at end`,
    `${''.padEnd(26)} ${'SQLite p50'.padStart(10)} ${'p99'.padStart(8)}  ${'PG p50'.padStart(8)} ${'p99'.padStart(8)}  ${'PG/SQLite'.padStart(9)}  goal`,
  ];
  const verdict = (pass: boolean | null) => (pass === null ? '—' : pass ? 'pass' : 'FAIL');
  const row = (label: string, figure: Compared) => `${label.padEnd(26)} ${ms(figure.sqlite.median_ms).padStart(10)} ${ms(figure.sqlite.p99_ms).padStart(8)}  `
    + `${ms(figure.postgres?.median_ms).padStart(8)} ${ms(figure.postgres?.p99_ms).padStart(8)}  ${(figure.ratio_pg_to_sqlite ?? '—').toString().padStart(9)}  `
    + `${figure.goal}: SQLite ${verdict(figure.pass.sqlite)}, PG ${verdict(figure.pass.postgres)}`;
  for (const [label, figure] of Object.entries(figures.store)) {
    const totals = label.startsWith('search') && figure.median_total ? `  (median total ${figure.median_total.sqlite}${figure.postgres ? ` / ${figure.median_total.postgres} on PG` : ''})` : '';
    lines.push(row(label, figure) + totals);
  }
  const rows = figures.mark_all.rows_changed;
  lines.push(`${row('mark all read', figures.mark_all)}  (${rows.sqlite} rows${rows.postgres === null ? '' : `, ${rows.postgres} on PG`}, ${figures.mark_all.runs} runs)`);
  const service = figures.service;
  lines.push(`${service.label}: median ${ms(service.through_fetch.median_ms)} ms, p99 ${ms(service.through_fetch.p99_ms)} ms on SQLite; the store call is ${Math.round(service.store_share * 100)}% of it`);
  return lines;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  run().then((figures) => console.log(summarize(figures).join('\n')));
}
