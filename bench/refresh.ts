/**
 * Feed refresh at scale: 1,000 feeds of 20 items served from local servers on 25 loopback
 * addresses (so the per-host politeness limit behaves as with real hosts), refreshed the way
 * the scheduler does it; first round (everything new), then a round answered by 304.
 * Run alone: npx tsx bench/refresh.ts (or through npm run bench refresh). Documents are parsed
 * on the feed preparer's worker thread as in the service; TIDINGS_FEED_WORKER=off parses them
 * on the main thread, for comparison.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureUser } from '@/lib/service/domain/accounts';
import { createFeed } from '@/lib/service/domain/feeds/create-feed';
import { refreshFeeds } from '@/lib/service/domain/feeds/refresh-feed';
import { subscribeUserToFeed } from '@/lib/service/domain/feeds/subscribe-user';
import { createService } from '@/lib/service/service';
import { benchItems, prng, zipfVocabulary } from './item-corpus';

const feedCount = Number(process.env.BENCH_REFRESH_FEEDS ?? 1000);
const itemsPerFeed = 20;
const hosts = 25;
const concurrency = Number(process.env.BENCH_REFRESH_CONCURRENCY ?? 8);

export type RefreshFigures = {
  feeds: number; items_per_feed: number; concurrency: number;
  first_round: { seconds: number; items_added: number; failures: number; target: string; pass: boolean };
  not_modified_round: { seconds: number; not_modified: number; target: string; pass: boolean };
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
function startServers(): Promise<http.Server[]> {
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

/** Runs both rounds and returns their figures. */
export async function run(): Promise<RefreshFigures> {
  const dir = mkdtempSync(path.join(tmpdir(), 'tidings-refresh-bench-'));
  const servers = await startServers();
  const service = createService({ databaseFile: path.join(dir, 'service.db'), config: { dataDir: dir, allowPrivateUrls: true } });
  try {
    const user = ensureUser(service.db, 'bench@example.org', { plan: 'plus' });
    const feedIds = service.db.transaction(() => Array.from({ length: feedCount }, (_, feed) => {
      const server = servers[feed % hosts].address() as AddressInfo;
      const id = createFeed(service.db, { url: `http://${server.address}:${server.port}/feed/${feed}.xml`, source_type: 'feed', title: `Feed ${feed}` });
      subscribeUserToFeed(service.db, user, id);
      return id;
    }))();
    let started = performance.now();
    const first = await refreshFeeds(service, feedIds, concurrency);
    const failed = first.find((outcome) => outcome.result === 'failed');
    if (failed) console.error(`first failure: ${failed.message}`);
    const firstSeconds = (performance.now() - started) / 1000;
    started = performance.now();
    const second = await refreshFeeds(service, feedIds, concurrency);
    const secondSeconds = (performance.now() - started) / 1000;
    return {
      feeds: feedCount, items_per_feed: itemsPerFeed, concurrency,
      first_round: {
        seconds: Math.round(firstSeconds * 100) / 100, items_added: first.reduce((sum, outcome) => sum + outcome.added, 0),
        failures: first.filter((outcome) => outcome.result === 'failed').length, target: '< 30 s', pass: firstSeconds < 30,
      },
      not_modified_round: {
        seconds: Math.round(secondSeconds * 100) / 100, not_modified: second.filter((outcome) => outcome.result === 'not_modified').length,
        target: '< 5 s', pass: secondSeconds < 5,
      },
    };
  } finally {
    service.close();
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Lines for the bench report. */
export function summarize(figures: RefreshFigures): string[] {
  const mark = (pass: boolean) => (pass ? 'pass' : 'MISS');
  return [
    `${figures.feeds} feeds x ${figures.items_per_feed} items, ${figures.concurrency} at a time`,
    `first round: ${figures.first_round.seconds} s, ${figures.first_round.items_added} items added, ${figures.first_round.failures} failures (target ${figures.first_round.target}: ${mark(figures.first_round.pass)})`,
    `304 round:   ${figures.not_modified_round.seconds} s, ${figures.not_modified_round.not_modified} not modified (target ${figures.not_modified_round.target}: ${mark(figures.not_modified_round.pass)})`,
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  run().then((figures) => console.log(summarize(figures).join('\n')));
}
