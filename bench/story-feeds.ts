/**
 * The same-story development set (../shared/stories/dev.jsonl) as the web would show it to a
 * reader: one RSS 2.0 feed per outlet, served from a local HTTP server on 127.0.0.1. The feed
 * server has a clock: a feed lists only the articles published by then, newest first, so a
 * reader polling it sees the outlet's articles arrive day by day. Only what a feed carries
 * reaches the service (title, link, date, lead paragraph, opening paragraphs); the story labels
 * stay here for scoring.
 */
import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Article } from './story-metrics';

/** Path of the development set, beside the repository. */
export const devSetPath = () => path.resolve(process.cwd(), '../shared/stories/dev.jsonl');

/** Whether the development set is there to read. */
export const devSetPresent = (file = devSetPath()) => existsSync(file);

/** Reads the development set, keeping the fields a clusterer may see and the answer. */
export function readArticles(file = devSetPath()): Article[] {
  return readFileSync(file, 'utf8').split('\n').filter(Boolean).map((line) => {
    const raw = JSON.parse(line) as Record<string, unknown>;
    return {
      id: String(raw.id), title: String(raw.title ?? ''), summary: String(raw.summary ?? ''), content: String(raw.content ?? ''),
      source: String(raw.source ?? ''), published_at: typeof raw.published_at === 'string' ? raw.published_at : '',
      url: typeof raw.url === 'string' ? raw.url : null, story_id: typeof raw.story_id === 'string' ? raw.story_id : null,
    };
  });
}

/** One outlet's feed: where it is served and the articles it carries. */
export type OutletFeed = { outlet: string; path: string; articles: Article[] };

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function slug(outlet: string): string {
  return outlet.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'outlet';
}

const publishedMs = (a: Article) => (a.published_at ? Date.parse(a.published_at) : NaN);

/** Groups the articles by outlet, one feed path each (`/feeds/<outlet>.xml`). */
export function outletFeeds(articles: Article[]): OutletFeed[] {
  const byOutlet = new Map<string, Article[]>();
  for (const a of articles) byOutlet.set(a.source, [...(byOutlet.get(a.source) ?? []), a]);
  const taken = new Set<string>();
  return [...byOutlet].map(([outlet, list]) => {
    let name = slug(outlet);
    while (taken.has(name)) name += '-x';
    taken.add(name);
    return { outlet, path: `/feeds/${name}.xml`, articles: list };
  });
}

/** The article's opening paragraphs as the HTML a feed's content:encoded would carry. */
function contentHtml(content: string): string {
  return content.split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean).map((p) => `<p>${escapeXml(p)}</p>`).join('\n');
}

function itemXml(a: Article): string {
  const time = publishedMs(a);
  // An article without a date goes out without pubDate: the reader dates it when it first sees it.
  const date = Number.isFinite(time) ? `<pubDate>${new Date(time).toUTCString()}</pubDate>` : '';
  const link = a.url ? `<link>${escapeXml(a.url)}</link><guid isPermaLink="true">${escapeXml(a.url)}</guid>` : `<guid isPermaLink="false">${escapeXml(a.id)}</guid>`;
  return `<item><title>${escapeXml(a.title)}</title>${link}${date}
<description>${escapeXml(a.summary)}</description>
<content:encoded>${escapeXml(contentHtml(a.content))}</content:encoded></item>`;
}

/** The outlet's home page: the origin most of its article links share. */
function homePage(feed: OutletFeed): string {
  const origins = new Map<string, number>();
  for (const a of feed.articles) {
    try {
      const origin = new URL(a.url ?? '').origin;
      origins.set(origin, (origins.get(origin) ?? 0) + 1);
    } catch { /* a missing or odd link says nothing about the outlet */ }
  }
  return [...origins].sort((x, y) => y[1] - x[1])[0]?.[0] ?? 'https://example.org';
}

/** The RSS document of an outlet as it stood at `now`: articles published by then, newest first (undated ones always). */
export function feedDocument(feed: OutletFeed, now = Infinity): string {
  const shown = feed.articles
    .filter((a) => !(publishedMs(a) > now))
    .sort((a, b) => (publishedMs(b) || 0) - (publishedMs(a) || 0));
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel>
<title>${escapeXml(feed.outlet)}</title><link>${escapeXml(homePage(feed))}</link><description>${escapeXml(feed.outlet)} news</description>
${shown.map(itemXml).join('\n')}
</channel></rss>`;
}

/** The outlets' feeds on a local server, with the clock that decides what each feed shows. */
export type StoryFeedServer = {
  baseUrl: string;
  feeds: Array<OutletFeed & { url: string }>;
  /** Moves the feeds' clock (ms since the epoch); Infinity shows everything. */
  setClock(now: number): void;
  /** Requests answered, 304s included. */
  requests(): number;
  stop(): Promise<void>;
};

/** Serves one feed per outlet on 127.0.0.1 at a free port; answers 304 to an unchanged feed's ETag, as news sites do. */
export async function serveStoryFeeds(articles: Article[], now = Infinity): Promise<StoryFeedServer> {
  const feeds = outletFeeds(articles);
  const byPath = new Map(feeds.map((feed) => [feed.path, feed]));
  let clock = now;
  let requests = 0;
  const server = http.createServer((request, response) => {
    requests++;
    const feed = byPath.get(new URL(request.url ?? '/', 'http://local').pathname);
    if (!feed) {
      response.writeHead(404, { 'content-type': 'text/plain' });
      response.end('not found');
      return;
    }
    const body = feedDocument(feed, clock);
    const etag = `"${feed.articles.filter((a) => !(publishedMs(a) > clock)).length}"`;
    if (request.headers['if-none-match'] === etag) {
      response.writeHead(304, { etag });
      response.end();
      return;
    }
    response.writeHead(200, { 'content-type': 'application/rss+xml; charset=utf-8', etag });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    baseUrl,
    feeds: feeds.map((feed) => ({ ...feed, url: `${baseUrl}${feed.path}` })),
    setClock: (value) => { clock = value; },
    requests: () => requests,
    stop: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
