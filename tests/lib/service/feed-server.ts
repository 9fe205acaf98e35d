/*
 * A local web server standing in for the sites people subscribe to: each path answers
 * what the test says (feeds, pages, redirects, errors), and every request is counted.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type Route = (request: http.IncomingMessage, response: http.ServerResponse) => void;

/** Answers a document with a content type (and optional extra headers). */
export function document(body: string | Buffer, contentType = 'application/rss+xml; charset=utf-8', headers: Record<string, string> = {}): Route {
  return (_request, response) => {
    response.writeHead(200, { 'content-type': contentType, ...headers });
    response.end(body);
  };
}

/** The local server, its base URL, and how many requests each path received. */
export class FeedServer {
  readonly hits = new Map<string, number>();
  private readonly routes = new Map<string, Route>();
  private server!: http.Server;
  baseUrl = '';

  /** Sets what a path answers. */
  route(path: string, route: Route): string {
    this.routes.set(path, route);
    return `${this.baseUrl}${path}`;
  }

  /** Starts listening on 127.0.0.1 at a free port. */
  async start(): Promise<this> {
    this.server = http.createServer((request, response) => {
      const path = new URL(request.url ?? '/', 'http://local').pathname;
      this.hits.set(path, (this.hits.get(path) ?? 0) + 1);
      const route = this.routes.get(path);
      if (!route) {
        response.writeHead(404, { 'content-type': 'text/plain' });
        response.end('not found');
        return;
      }
      route(request, response);
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.baseUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  /** Stops the server, dropping open connections. */
  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** A small RSS 2.0 document with the given items (newest first). */
export function rss(title: string, items: { guid: string; title: string; date: Date; enclosure?: { url: string; seconds: number } }[], extra = ''): string {
  const entries = items.map((item) => `<item><guid>${item.guid}</guid><title>${item.title}</title>
    <link>https://example.org/${item.guid}</link><pubDate>${item.date.toUTCString()}</pubDate>
    <description>&lt;p&gt;About ${item.title}.&lt;/p&gt;</description>
    ${item.enclosure ? `<enclosure url="${item.enclosure.url}" type="audio/mpeg" length="1000"/><itunes:duration>${item.enclosure.seconds}</itunes:duration>` : ''}
  </item>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"><channel>
<title>${title}</title><link>https://example.org/</link><description>${title} feed</description>${extra}
${entries}
</channel></rss>`;
}
