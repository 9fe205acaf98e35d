/*
 * A small website on 127.0.0.1 for the end-to-end tests to subscribe to: each path serves
 * an RSS document the test writes. The app server (run with TIDINGS_ALLOW_PRIVATE_URLS=1)
 * fetches it like any other site.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';

export type FeedEntry = { guid: string; title: string; body: string; date: Date };

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** An RSS 2.0 document with these entries. */
export function rssDocument(title: string, entries: FeedEntry[]): string {
  const items = entries.map((entry) => `<item><guid>${entry.guid}</guid><title>${escapeXml(entry.title)}</title>
    <link>https://example.org/${entry.guid}</link><pubDate>${entry.date.toUTCString()}</pubDate>
    <description>${escapeXml(`<p>${entry.body}</p>`)}</description></item>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>${escapeXml(title)}</title>
<link>https://example.org/</link><description>${escapeXml(title)}</description>${items}</channel></rss>`;
}

/** The running site: `feed(path, title, entries)` publishes a feed, `page(path, html)` a web page, `image(path, png)` a picture; each answers its URL. */
export type FeedSite = {
  baseUrl: string;
  feed: (path: string, title: string, entries: FeedEntry[]) => string;
  page: (path: string, html: string) => string;
  image: (path: string, png: Buffer) => string;
  close: () => Promise<void>;
};

/** Starts the site on a free port of 127.0.0.1. */
export async function startFeedSite(): Promise<FeedSite> {
  const documents = new Map<string, { type: string; body: string | Buffer }>();
  const server = http.createServer((request, response) => {
    const document = documents.get(new URL(request.url ?? '/', 'http://site').pathname);
    response.writeHead(document ? 200 : 404, { 'content-type': document?.type ?? 'text/plain' });
    response.end(document?.body ?? 'not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    baseUrl,
    feed(path, title, entries) {
      documents.set(path, { type: 'application/rss+xml; charset=utf-8', body: rssDocument(title, entries) });
      return `${baseUrl}${path}`;
    },
    page(path, html) {
      documents.set(path, { type: 'text/html; charset=utf-8', body: html });
      return `${baseUrl}${path}`;
    },
    image(path, png) {
      documents.set(path, { type: 'image/png', body: png });
      return `${baseUrl}${path}`;
    },
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

/** The hooks of a test file with a feed site of its own: started before its tests, closed after them; answers the site. */
export function feedSitePerFile(): () => FeedSite {
  let site: FeedSite | undefined;
  beforeAll(async () => {
    site = await startFeedSite();
  });
  afterAll(async () => {
    await site?.close();
  });
  return () => site!;
}
