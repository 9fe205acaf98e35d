/**
 * Feed refresh at scale: 1,000 feeds of 20 items served from local servers on 25 loopback
 * addresses (so the per-host politeness limit behaves as with real hosts), refreshed the way
 * the scheduler does it; first round (everything new), then a round answered by 304.
 * Run alone: npx tsx bench/refresh.ts (or through npm run bench refresh). Documents are parsed
 * on the feed preparer's worker thread as in the service; TIDINGS_FEED_WORKER=off parses them
 * on the main thread, for comparison. BENCH_REFRESH_FIRST_ONLY=1 times the first round alone
 * (no drain, no 304 round), for comparing two checkouts' write paths quickly.
 * Each run is done on SQLite and on PostgreSQL (a throwaway cluster, a fresh database per run),
 * the engine that goes first alternating per run; without PostgreSQL it reports SQLite only.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { ensureUser } from '@/lib/service/domain/accounts';
import { refreshFeeds } from '@/lib/service/domain/feeds/refresh-feed';
import { historyCapOf } from '@/lib/service/domain/feeds/subscribe-user';
import { openService, type EmbeddedService } from '@/lib/service/service';
import { createDatabase, startClusterOrReason, stopCluster, type Cluster } from '../tests/postgres-cluster';
import { median } from './app-under-test';
import { benchItems, prng, zipfVocabulary } from './item-corpus';

export const feedCount = Number(process.env.BENCH_REFRESH_FEEDS ?? 1000);
const itemsPerFeed = 20;
export const hosts = 25;
const concurrency = Number(process.env.BENCH_REFRESH_CONCURRENCY ?? 8);

const runs = Number(process.env.BENCH_REFRESH_RUNS ?? 3);
const firstOnly = process.env.BENCH_REFRESH_FIRST_ONLY === '1';

type Round = { seconds: number; runs: number[]; target: string; pass: boolean };
/** One engine's rounds: medians of the runs. */
type EngineRounds = {
  first_round: Round & { items_added: number; failures: number };
  not_modified_round: Round & { not_modified: number };
  backlog_drained: Round;
};
/** SQLite's rounds at the top (as before both engines ran), PostgreSQL's beside them, or why it did not run. */
export type RefreshFigures = EngineRounds & {
  feeds: number; items_per_feed: number; concurrency: number; runs: number;
  postgres: (EngineRounds & { version: string }) | { missing: string };
  /** PostgreSQL's median over SQLite's, per round; null without PostgreSQL. */
  ratio_pg_to_sqlite: { first_round: number; backlog_drained: number; not_modified_round: number } | null;
};

const vocabulary = zipfVocabulary(20_000, prng(7));
const now = Date.UTC(2026, 10, 1);

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** An RSS document of made-up articles with a Zipf vocabulary, deterministic for the feed. */
function feedDocument(feed: number): string {
  const items = benchItems(feed, itemsPerFeed, vocabulary, prng(feed + 1), 30, now).map((item) => `<item><guid>${item.guid}</guid>
    <title>${escapeXml(item.title)}</title><link>${item.url}</link><pubDate>${new Date(item.published_at!).toUTCString()}</pubDate>
    <description>${escapeXml(item.content)}</description></item>`).join('');
  return `<?xml version="1.0"?><rss version="2.0"><channel><title>Feed ${feed}</title><link>https://site${feed}.example/</link>${items}</channel></rss>`;
}

/**
 * One server per loopback address, each on a free port; answers 304 to the ETag it gave. The
 * documents are made before the clock starts: the servers share the refresh's thread, and a
 * real feed's server does not spend the reader's CPU writing its XML.
 */
export function startServers(): Promise<http.Server[]> {
  const documents = Array.from({ length: feedCount }, (_, feed) => feedDocument(feed));
  const handler: http.RequestListener = (request, response) => {
    const feed = Number(/\/feed\/(\d+)\.xml/.exec(request.url ?? '')?.[1]);
    const etag = `"feed-${feed}-v1"`;
    if (request.headers['if-none-match'] === etag) { response.writeHead(304, { etag }); return response.end(); }
    response.writeHead(200, { 'content-type': 'application/rss+xml', etag });
    response.end(documents[feed]);
  };
  return Promise.all(Array.from({ length: hosts }, (_, i) => new Promise<http.Server>((resolve) => {
    const server = http.createServer(handler);
    server.listen(0, `127.0.0.${i + 1}`, () => resolve(server));
  })));
}

type RunFigures = { first: number; drained: number; notModified: number; added: number; failures: number; notModifiedFeeds: number };
type Engine = 'sqlite' | 'postgres';

/** A throwaway cluster the runs make their databases in, and its version. */
type Postgres = { cluster: Cluster; version: string };

/** Starts the cluster, or says why there is none. */
async function startPostgres(): Promise<Postgres | string> {
  const cluster = await startClusterOrReason();
  if (typeof cluster === 'string') return cluster;
  const client = new pg.Client({ host: '127.0.0.1', port: cluster.port, user: 'postgres', database: 'postgres' });
  try {
    await client.connect();
    return { cluster, version: (await client.query<{ server_version: string }>('SHOW server_version')).rows[0]!.server_version };
  } catch (error) {
    stopCluster(cluster.dir);
    throw error;
  } finally {
    await client.end();
  }
}

/** A fresh service on the engine: a new SQLite file in `dir`, or a new database in the cluster, dropped on close. */
async function openEngine(engine: Engine, dir: string, postgres: Postgres | null, index: number): Promise<{ service: EmbeddedService; close: () => Promise<void> }> {
  const config = { dataDir: dir, allowPrivateUrls: true };
  if (engine === 'sqlite') {
    const service = await openService({ databaseFile: path.join(dir, 'service.db'), config });
    return { service, close: async () => { await service.close(); } };
  }
  const name = `tidings_refresh_${index}`;
  const service = await openService({ databaseUrl: await createDatabase(postgres!.cluster, name), config });
  return {
    service,
    // Dropped at once, so that the next run (maybe SQLite's) does not share the CPU with this one's autovacuum.
    close: async () => {
      await service.close();
      const client = new pg.Client({ host: '127.0.0.1', port: postgres!.cluster.port, user: 'postgres', database: 'postgres' });
      await client.connect();
      try { await client.query(`DROP DATABASE ${name}`); } finally { await client.end(); }
    },
  };
}

/**
 * One run on a fresh store: the first round, the wait until its indexing backlog is drained, then
 * the 304 round. The feeds and subscriptions are made through the store (untimed), as on either engine.
 */
async function runOnce(servers: http.Server[], engine: Engine, postgres: Postgres | null, index: number): Promise<RunFigures> {
  const dir = mkdtempSync(path.join(tmpdir(), 'tidings-refresh-bench-'));
  const { service, close } = await openEngine(engine, dir, postgres, index);
  try {
    const user = await ensureUser(service.store, 'bench@example.org', { plan: 'plus' });
    const rules = { folderId: null, feedLimit: null, historyCap: historyCapOf(user.plan), now: new Date() };
    const feedIds: string[] = [];
    for (let feed = 0; feed < feedCount; feed++) {
      const server = servers[feed % hosts].address() as AddressInfo;
      const subscribed = await service.store.subscriptions.subscribeToNewFeed(user.id,
        { url: `http://${server.address}:${server.port}/feed/${feed}.xml`, source_type: 'feed', title: `Feed ${feed}` }, null, rules);
      if (subscribed === 'feed_limit') throw new Error('the bench user has no room for its feeds');
      feedIds.push(subscribed.feed_id);
    }
    let started = performance.now();
    const first = await refreshFeeds(service, feedIds, concurrency);
    const firstSeconds = (performance.now() - started) / 1000;
    const failed = first.find((outcome) => outcome.result === 'failed');
    if (failed) console.error(`first failure on ${engine}: ${failed.message}`);
    const added = first.reduce((sum, outcome) => sum + outcome.added, 0);
    const failures = first.filter((outcome) => outcome.result === 'failed').length;
    if (firstOnly) return { first: firstSeconds, drained: NaN, notModified: NaN, added, failures, notModifiedFeeds: 0 };
    await service.intelligence.idle();
    const drainedSeconds = (performance.now() - started) / 1000 - firstSeconds;
    started = performance.now();
    const second = await refreshFeeds(service, feedIds, concurrency);
    const secondSeconds = (performance.now() - started) / 1000;
    return {
      first: firstSeconds, drained: drainedSeconds, notModified: secondSeconds,
      added, failures,
      notModifiedFeeds: second.filter((outcome) => outcome.result === 'not_modified').length,
    };
  } finally {
    await close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const rounded = (seconds: number) => Math.round(seconds * 100) / 100;

function round(samples: number[], limit: number): Round {
  const seconds = rounded(median(samples));
  return { seconds, runs: samples.map(rounded), target: `<= ${limit} s`, pass: seconds <= limit };
}

function roundsOf(results: RunFigures[]): EngineRounds {
  const last = results[results.length - 1];
  return {
    first_round: { ...round(results.map((r) => r.first), 10), items_added: last.added, failures: last.failures },
    not_modified_round: { ...round(results.map((r) => r.notModified), 1), not_modified: last.notModifiedFeeds },
    backlog_drained: round(results.map((r) => r.drained), 60),
  };
}

/** Runs the rounds BENCH_REFRESH_RUNS times (3) on each engine, alternating which goes first, and returns their medians. */
export async function run(): Promise<RefreshFigures> {
  const servers = await startServers();
  const postgres = await startPostgres();
  try {
    if (typeof postgres === 'string') console.log(`PostgreSQL: ${postgres}; SQLite only.`);
    const engines: Engine[] = typeof postgres === 'string' ? ['sqlite'] : ['sqlite', 'postgres'];
    const results: Record<Engine, RunFigures[]> = { sqlite: [], postgres: [] };
    for (let i = 0; i < runs; i++) {
      for (const engine of i % 2 === 0 ? engines : [...engines].reverse()) {
        results[engine].push(await runOnce(servers, engine, typeof postgres === 'string' ? null : postgres, i));
      }
    }
    const sqlite = roundsOf(results.sqlite);
    const onPostgres = typeof postgres === 'string' ? null : roundsOf(results.postgres);
    const ratio = (key: keyof EngineRounds) => Math.round((onPostgres![key].seconds / sqlite[key].seconds) * 100) / 100;
    return {
      feeds: feedCount, items_per_feed: itemsPerFeed, concurrency, runs,
      ...sqlite,
      postgres: typeof postgres === 'string' ? { missing: postgres } : { version: postgres.version, ...onPostgres! },
      ratio_pg_to_sqlite: onPostgres
        ? { first_round: ratio('first_round'), backlog_drained: ratio('backlog_drained'), not_modified_round: ratio('not_modified_round') } : null,
    };
  } finally {
    if (typeof postgres !== 'string') stopCluster(postgres.cluster.dir);
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  }
}

/** Lines for the bench report: SQLite's rounds, then PostgreSQL's with their ratio to SQLite's (or why they are missing). */
export function summarize(figures: RefreshFigures): string[] {
  const mark = (pass: boolean) => (pass ? 'pass' : 'MISS');
  const line = (name: string, r: Round, extra: string) =>
    `${name} ${r.seconds} s median of ${r.runs.join(', ')}${extra} (target ${r.target}: ${mark(r.pass)})`;
  const rounds = (engine: string, rounds: EngineRounds, ratios: RefreshFigures['ratio_pg_to_sqlite']) => {
    const times = (key: keyof EngineRounds) => (ratios ? `; ${ratios[key]}x SQLite's` : '');
    const first = [line(`${engine} first round:`, rounds.first_round,
      `; ${rounds.first_round.items_added} items added, ${rounds.first_round.failures} failures${times('first_round')}`)];
    if (firstOnly) return first;
    return [
      ...first,
      line(`${engine} backlog drained after the round:`, rounds.backlog_drained, times('backlog_drained')),
      line(`${engine} 304 round:`, rounds.not_modified_round, `; ${rounds.not_modified_round.not_modified} not modified${times('not_modified_round')}`),
    ];
  };
  const where = 'missing' in figures.postgres ? `PostgreSQL: ${figures.postgres.missing}; SQLite only`
    : `SQLite and PostgreSQL ${figures.postgres.version}, alternating first`;
  return [
    `${figures.feeds} feeds x ${figures.items_per_feed} items, ${figures.concurrency} at a time, ${figures.runs} runs; ${where}`,
    ...rounds('SQLite', figures, null),
    ...('missing' in figures.postgres ? [] : rounds('PostgreSQL', figures.postgres, figures.ratio_pg_to_sqlite)),
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  run().then((figures) => console.log(summarize(figures).join('\n')));
}
