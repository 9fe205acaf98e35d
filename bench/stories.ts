/**
 * Same-story quality through the service, on ../shared/stories/dev.jsonl: each outlet's
 * articles are served as an RSS feed from a local server (story-feeds.ts), the real embedded
 * service on a temporary SQLite file subscribes to every feed over its HTTP API (ingesting
 * inline), then refreshes the feeds day by day as the feeds' clock advances, the way its
 * scheduler would. Stories (GET /v1/stories) and similar items (GET /v1/items/{id}/similar)
 * are read over HTTP, mapped back to articles by link, and scored beside a title-overlap
 * baseline. GET /v1/stories has no paging (at most 100 stories, newest first), so it is read
 * after every few days of refreshes and each article keeps the story it was last listed in.
 * Figures move by about 0.01 from run to run: item and story ids are random UUIDs, and the
 * order of equal scores and of concurrent refreshes follows them.
 * Run: npx tsx bench/stories.ts  (or npm run bench stories)
 */
import { serve, type ServerType } from '@hono/node-server';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureUser, issueCredential } from '@/lib/service/domain/accounts';
import { refreshFeeds } from '@/lib/service/domain/feeds/refresh-feed';
import { createService, type SqliteService } from '@/lib/service/service';
import { devSetPath, devSetPresent, readArticles, serveStoryFeeds } from './story-feeds';
import { baselineClusters, baselineTop, pairScores, recallAtK, type Article } from './story-metrics';

export { devSetPath, devSetPresent, readArticles } from './story-feeds';

/** Figures of one run. */
export type StoryFigures = {
  arrival: Arrival;
  articles: number;
  feeds: number;
  ingest: {
    seconds: number; itemsStored: number; refreshRounds: number; feedRequests: number;
    /** Articles whose item could not be found again by its link. */
    unmatched: number;
    /** Items whose published_at is the article's own date (the rest lost it in ingestion). */
    datesKept: number;
    /** Items with a body (content) as long as the article's opening paragraphs, give or take markup. */
    bodiesKept: number;
  };
  stories: { precision: number; recall: number; listed: number; truePairs: number; predictedPairs: number; largestListing: number };
  baselineStories: { precision: number; recall: number };
  similarRecallAt5: number;
  baselineSimilarRecallAt5: number;
  similarMedianMs: number;
  /** The same set subscribed to all at once (run() only): the order feeds arrive in, and the 100-story cap, at work. */
  atOnce?: { precision: number; recall: number; similarRecallAt5: number; listed: number; ingestSeconds: number };
};

/** How often (in days of the feeds' clock) the stories list is read while the feeds are refreshed. */
const STORY_READ_EVERY_DAYS = 7;
const STORIES_LIMIT = 100;
const dayMs = 86_400_000;

type Service = { service: SqliteService; baseUrl: string; key: string; stop(): Promise<void> };
type Json = Record<string, unknown>;

/** The real service on a temporary database, served on 127.0.0.1, with a user on the Pro plan (stories and similar items). */
async function startService(): Promise<Service> {
  const dir = mkdtempSync(path.join(tmpdir(), 'tidings-stories-'));
  // The bench is one client making hundreds of calls in a few seconds: the per-key rate limit is not what it measures.
  const service = createService({ databaseFile: path.join(dir, 'service.db'), config: { dataDir: dir, allowPrivateUrls: true, apiKeyRateLimit: 1_000_000 } });
  const server = await new Promise<ServerType>((resolve) => {
    const started: ServerType = serve({ fetch: service.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(started));
  });
  const user = await ensureUser(service.store, 'stories-bench@example.org', { plan: 'pro' });
  const key = (await issueCredential(service.store, user.id, 'api_key', 'stories bench')).secret;
  return {
    service, key, baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        (server as ServerType & { closeAllConnections?: () => void }).closeAllConnections?.();
      });
      service.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function call(s: Service, method: string, pathname: string, body?: unknown): Promise<Json> {
  const response = await fetch(new URL(pathname, s.baseUrl), {
    method, body: body === undefined ? undefined : JSON.stringify(body),
    headers: { authorization: `Bearer ${s.key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${pathname} answered ${response.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as Json;
}

/** Every item of the user, over GET /v1/items cursor pages. */
async function listItems(s: Service): Promise<Json[]> {
  const items: Json[] = [];
  let cursor: string | null = null;
  do {
    const page = await call(s, 'GET', `/v1/items?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    items.push(...(page.data as Json[]));
    const pagination = page.pagination as { has_more: boolean; next_cursor: string | null };
    cursor = pagination.has_more ? pagination.next_cursor : null;
  } while (cursor);
  return items;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)] : 0;
}

const round = (x: number, digits = 3) => Math.round(x * 10 ** digits) / 10 ** digits;

/**
 * How the articles reach the service: `daily`, subscribed on the first day and refreshed once
 * a simulated day (a reader following the outlets); `at-once`, every feed already full when
 * subscribed (a newcomer importing the outlets), each feed ingested in one batch, and the
 * stories list read once, so it shows only the newest 100 stories.
 */
export type Arrival = 'daily' | 'at-once';

/** Serves the articles as feeds, ingests them through the service over HTTP and scores its stories and similar items. */
export async function measure(articles: Article[], arrival: Arrival = 'daily'): Promise<StoryFigures> {
  const dated = articles.map((a) => Date.parse(a.published_at)).filter(Number.isFinite);
  const first = Math.min(...dated);
  const last = Math.max(...dated);
  // The feeds' clock starts the evening of the first day and steps a day at a time.
  const startOfDay = (ms: number) => Math.floor(ms / dayMs) * dayMs;
  let clock = arrival === 'daily' ? startOfDay(first) + 18 * 3_600_000 : Infinity;
  const feeds = await serveStoryFeeds(articles, clock);
  const s = await startService();
  const storyOfItem = new Map<string, string>();
  let largestListing = 0;
  const readStories = async () => {
    const listed = (await call(s, 'GET', `/v1/stories?limit=${STORIES_LIMIT}`)).data as Array<{ id: string; articles: Array<{ id: string }> }>;
    largestListing = Math.max(largestListing, listed.length);
    for (const story of listed) for (const article of story.articles) storyOfItem.set(article.id, story.id);
  };
  try {
    const started = performance.now();
    for (const feed of feeds.feeds) await call(s, 'POST', '/v1/subscriptions', { url: feed.url });
    // A feed's items past its first hundred are indexed on later turns: ingesting ends when they are.
    await s.service.intelligence.idle();
    const feedIds = s.service.db.prepare('SELECT id FROM feeds').pluck().all() as string[];
    let rounds = 0;
    let ingestMs = performance.now() - started;
    if (arrival === 'daily') await readStories();
    while (clock < last + dayMs) {
      clock += dayMs;
      feeds.setClock(clock);
      const roundStarted = performance.now();
      const outcomes = await refreshFeeds(s.service, feedIds);
      await s.service.intelligence.idle();
      ingestMs += performance.now() - roundStarted;
      rounds++;
      const failed = outcomes.find((o) => o.result === 'failed');
      if (failed) throw new Error(`refreshing a feed failed: ${failed.message}`);
      if (rounds % STORY_READ_EVERY_DAYS === 0) await readStories();
    }
    await readStories();

    const items = await listItems(s);
    const articleByUrl = new Map(articles.map((a) => [a.url, a]));
    const articleOfItem = new Map<string, Article>();
    let datesKept = 0;
    let bodiesKept = 0;
    const contentOf = s.service.db.prepare('SELECT content FROM items WHERE id = ?').pluck();
    for (const item of items) {
      const article = articleByUrl.get(item.canonical_url as string);
      if (!article) continue;
      articleOfItem.set(item.id as string, article);
      if (Date.parse(item.published_at as string) === Date.parse(article.published_at)) datesKept++;
      const body = String(contentOf.get(item.id) ?? '').replace(/<[^>]+>/g, '').replace(/\s+/g, ' ').trim();
      if (body.length >= article.content.replace(/\s+/g, ' ').trim().length * 0.95) bodiesKept++;
    }
    const itemOfArticle = new Map([...articleOfItem].map(([itemId, article]) => [article.id, itemId]));

    const similarOf = new Map<string, string[]>();
    const timings: number[] = [];
    for (const [itemId, article] of articleOfItem) {
      const askedAt = performance.now();
      const similar = (await call(s, 'GET', `/v1/items/${itemId}/similar?limit=5`)).data as Array<{ id: string }>;
      timings.push(performance.now() - askedAt);
      similarOf.set(article.id, similar.flatMap((r) => articleOfItem.get(r.id)?.id ?? []));
    }

    const clusters = new Map<string, string>();
    for (const a of articles) {
      const story = storyOfItem.get(itemOfArticle.get(a.id) ?? '');
      if (story) clusters.set(a.id, story);
    }
    const stories = pairScores(articles, clusters);
    const baseline = pairScores(articles, baselineClusters(articles));
    return {
      arrival, articles: articles.length, feeds: feeds.feeds.length,
      ingest: {
        seconds: round(ingestMs / 1000, 2), itemsStored: items.length, refreshRounds: rounds, feedRequests: feeds.requests(),
        unmatched: articles.length - itemOfArticle.size, datesKept, bodiesKept,
      },
      stories: {
        precision: round(stories.precision), recall: round(stories.recall), listed: new Set(clusters.values()).size,
        truePairs: stories.truePairs, predictedPairs: stories.predictedPairs, largestListing,
      },
      baselineStories: { precision: round(baseline.precision), recall: round(baseline.recall) },
      similarRecallAt5: round(recallAtK(articles, (id) => similarOf.get(id) ?? [])),
      baselineSimilarRecallAt5: round(recallAtK(articles, baselineTop(articles, 5))),
      similarMedianMs: round(median(timings), 2),
    };
  } finally {
    await s.stop();
    await feeds.stop();
  }
}

/** Runs the bench; null when the development set is absent. */
export async function run(file = devSetPath()): Promise<StoryFigures | null> {
  if (!devSetPresent(file)) {
    console.log(`skipped: ${file} is absent`);
    return null;
  }
  const articles = readArticles(file);
  const daily = await measure(articles, 'daily');
  const atOnce = await measure(articles, 'at-once');
  return {
    ...daily,
    atOnce: {
      precision: atOnce.stories.precision, recall: atOnce.stories.recall, similarRecallAt5: atOnce.similarRecallAt5,
      listed: atOnce.stories.listed, ingestSeconds: atOnce.ingest.seconds,
    },
  };
}

/** Lines for the bench report. */
export function summarize(f: StoryFigures): string[] {
  const x = (v: number) => v.toFixed(3);
  const mark = (pass: boolean) => (pass ? 'pass' : 'MISS');
  return [
    `${f.articles} articles in ${f.feeds} feeds; ${f.ingest.itemsStored} items stored, ${f.ingest.unmatched} articles not found by link; dates kept ${f.ingest.datesKept}, bodies kept ${f.ingest.bodiesKept}`,
    `ingest: subscribe + ${f.ingest.refreshRounds} daily refresh rounds in ${f.ingest.seconds} s (${f.ingest.feedRequests} feed requests)`,
    `stories   precision ${x(f.stories.precision)} (target 0.9: ${mark(f.stories.precision >= 0.9)}) recall ${x(f.stories.recall)} (target 0.7: ${mark(f.stories.recall >= 0.7)})  baseline ${x(f.baselineStories.precision)} / ${x(f.baselineStories.recall)}`,
    `          ${f.stories.listed} stories listed, ${f.stories.predictedPairs} pairs predicted, ${f.stories.truePairs} true; largest GET /v1/stories answer ${f.stories.largestListing} of at most ${STORIES_LIMIT}`,
    `similar   recall@5 ${x(f.similarRecallAt5)} (target 0.85: ${mark(f.similarRecallAt5 >= 0.85)})  baseline ${x(f.baselineSimilarRecallAt5)}; GET similar median ${f.similarMedianMs} ms`,
    ...(f.atOnce ? [
      `subscribed all at once (feeds full, ingested in ${f.atOnce.ingestSeconds} s; one GET /v1/stories): stories ${x(f.atOnce.precision)} / ${x(f.atOnce.recall)} over ${f.atOnce.listed} listed; similar recall@5 ${x(f.atOnce.similarRecallAt5)}`,
    ] : []),
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  run().then((figures) => { if (figures) console.log(summarize(figures).join('\n')); });
}
