/**
 * Feed refresh at scale: 1,000 feeds of 20 items served from local servers on 25 loopback
 * addresses (so the per-host politeness limit behaves as with real hosts), refreshed the way
 * the scheduler does it; first round (everything new), then a round answered by 304.
 * Run alone: npx tsx bench/refresh.ts (or through npm run bench refresh). Documents are parsed
 * on the feed preparer's worker thread as in the service; TIDINGS_FEED_WORKER=off parses them
 * on the main thread, for comparison. BENCH_REFRESH_FIRST_ONLY=1 times the first round alone
 * (no drain, no 304 round), for comparing two checkouts' write paths quickly.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureUser } from '@/lib/service/domain/accounts';
import { createFeed, subscribeUserToFeed } from '@/lib/service/store/sqlite/subscribing';
import { refreshFeeds } from '@/lib/service/domain/feeds/refresh-feed';
import { historyCapOf } from '@/lib/service/domain/feeds/subscribe-user';
import { createService } from '@/lib/service/service';
import { median } from './app-under-test';
import { benchItems, prng, zipfVocabulary } from './item-corpus';

export const feedCount = Number(process.env.BENCH_REFRESH_FEEDS ?? 1000);
const itemsPerFeed = 20;
export const hosts = 25;
const concurrency = Number(process.env.BENCH_REFRESH_CONCURRENCY ?? 8);

const runs = Number(process.env.BENCH_REFRESH_RUNS ?? 3);
const firstOnly = process.env.BENCH_REFRESH_FIRST_ONLY === '1';

type Round = { seconds: number; runs: number[]; target: string; pass: boolean };
export type RefreshFigures = {
  feeds: number; items_per_feed: number; concurrency: number; runs: number;
  first_round: Round & { items_added: number; failures: number };
  not_modified_round: Round & { not_modified: number };
  backlog_drained: Round;
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

/** One run on a fresh store: the first round, the wait until its indexing backlog is drained, then the 304 round. */
async function runOnce(servers: http.Server[]): Promise<RunFigures> {
  const dir = mkdtempSync(path.join(tmpdir(), 'tidings-refresh-bench-'));
  const service = createService({ databaseFile: path.join(dir, 'service.db'), config: { dataDir: dir, allowPrivateUrls: true } });
  try {
    const user = await ensureUser(service.store, 'bench@example.org', { plan: 'plus' });
    const feedIds = service.db.transaction(() => Array.from({ length: feedCount }, (_, feed) => {
      const server = servers[feed % hosts].address() as AddressInfo;
      const id = createFeed(service.db, { url: `http://${server.address}:${server.port}/feed/${feed}.xml`, source_type: 'feed', title: `Feed ${feed}` });
      subscribeUserToFeed(service.db, user.id, id, { historyCap: historyCapOf(user.plan) });
      return id;
    }))();
    let started = performance.now();
    const first = await refreshFeeds(service, feedIds, concurrency);
    const firstSeconds = (performance.now() - started) / 1000;
    const failed = first.find((outcome) => outcome.result === 'failed');
    if (failed) console.error(`first failure: ${failed.message}`);
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
    service.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const rounded = (seconds: number) => Math.round(seconds * 100) / 100;

function round(samples: number[], limit: number): Round {
  const seconds = rounded(median(samples));
  return { seconds, runs: samples.map(rounded), target: `<= ${limit} s`, pass: seconds <= limit };
}

/** Runs the rounds BENCH_REFRESH_RUNS times (3) and returns their medians. */
export async function run(): Promise<RefreshFigures> {
  const servers = await startServers();
  try {
    const results: RunFigures[] = [];
    for (let i = 0; i < runs; i++) results.push(await runOnce(servers));
    const last = results[results.length - 1];
    return {
      feeds: feedCount, items_per_feed: itemsPerFeed, concurrency, runs,
      first_round: { ...round(results.map((r) => r.first), 10), items_added: last.added, failures: last.failures },
      not_modified_round: { ...round(results.map((r) => r.notModified), 1), not_modified: last.notModifiedFeeds },
      backlog_drained: round(results.map((r) => r.drained), 60),
    };
  } finally {
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  }
}

/** Lines for the bench report. */
export function summarize(figures: RefreshFigures): string[] {
  const mark = (pass: boolean) => (pass ? 'pass' : 'MISS');
  const line = (name: string, r: Round, extra: string) =>
    `${name} ${r.seconds} s median of ${r.runs.join(', ')}${extra} (target ${r.target}: ${mark(r.pass)})`;
  const first = [
    `${figures.feeds} feeds x ${figures.items_per_feed} items, ${figures.concurrency} at a time, ${figures.runs} runs`,
    line('first round:', figures.first_round, `; ${figures.first_round.items_added} items added, ${figures.first_round.failures} failures`),
  ];
  if (firstOnly) return first;
  return [
    ...first,
    line('backlog drained after the round:', figures.backlog_drained, ''),
    line('304 round:', figures.not_modified_round, `; ${figures.not_modified_round.not_modified} not modified`),
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  run().then((figures) => console.log(summarize(figures).join('\n')));
}
