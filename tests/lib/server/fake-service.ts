/*
 * A stand-in for a hosted feed service (an external party): a real HTTP server on
 * 127.0.0.1 that records every request and answers by path, including the awkward
 * answers (429 with Retry-After, a service that never answers).
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as the fake service saw it. */
export type Seen = { method: string; url: string; authorization: string | null; body: string };

export type FakeService = {
  url: string;
  seen: Seen[];
  /** TCP connections opened to it so far. */
  connections: () => number;
  close: () => Promise<void>;
};

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}

/** The id of an item the fake serves as a hostile service would: script, handlers, javascript: links, a foreign iframe. */
export const hostileItemId = '0b5e55ed-0000-4000-8000-00000000bad1';
/** The id the fake answers with a text/html page instead of JSON. */
export const htmlPageItemId = '0b5e55ed-0000-4000-8000-00000000bad2';
/** The hostile HTML the fake puts in the item's content and description. */
export const hostileHtml = '<p>Hello <b>reader</b></p><script>alert(1)</script><img src="https://img.example/x.png" onerror="alert(2)" alt="x">'
  + '<a href="javascript:alert(3)">click</a><a href="JaVaScRiPt:alert(5)">again</a><iframe src="https://evil.example/frame"></iframe>'
  + '<svg><script>alert(4)</script></svg><form action="https://evil.example/"><input name="p"></form><p style="x" onclick="alert(6)">end</p>';

/** The hostile item, in its detail form (is_saved, so it can be shared). */
export function hostileItem() {
  return {
    id: hostileItemId, title: 'A hostile item', feeds: [{ id: '0b5e55ed-0000-4000-8000-00000000fee1', title: 'Evil', source_type: 'rss', website: 'javascript:alert(7)' }],
    item_type: 'article', media_url: null, published_at: '2026-11-01T10:00:00Z', canonical_url: 'https://news.example/hostile',
    is_read: false, is_saved: true, is_global: false, summary: 'Plain summary', audio_url: 'javascript:alert(8)', duration_seconds: null,
    episode_number: null, episode_type: null, playback_position: null, last_played_at: null, artwork_url: null, explicit: null,
    description: hostileHtml, prefers_full_content: false, ai_summary: null, author: 'Mallory', tags: [], content: hostileHtml,
    notes: null, reading_time: 1, suggested_tags: [], platform_metadata: {},
  };
}

/**
 * Starts the fake. `keys` are the API keys it accepts; anything else gets 401. Paths:
 * /v1/stories answers 429 (Retry-After: 17), q=hang never answers, the hostile item
 * (alone, or as the list and search when q=hostile) is served as is, every other
 * operation echoes what it received.
 */
export async function startFakeService(keys: string[]): Promise<FakeService> {
  const seen: Seen[] = [];
  let connections = 0;
  const server: Server = createServer(async (request, response) => {
    const body = await readBody(request);
    const authorization = request.headers.authorization ?? null;
    seen.push({ method: request.method ?? '', url: request.url ?? '', authorization, body });
    const url = new URL(request.url ?? '/', 'http://fake');
    const send = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
      response.writeHead(status, { 'content-type': 'application/json', ...headers });
      response.end(JSON.stringify(payload));
    };
    if (!keys.some((key) => authorization === `Bearer ${key}`)) {
      return send(401, { message: 'The API key is invalid or has been revoked.', error: 'unauthorized' });
    }
    if (url.searchParams.get('q') === 'hang') return; // never answers
    if (url.pathname === '/v1/stories') return send(429, { message: 'Slow down.', retry_after: 17 }, { 'retry-after': '17' });
    if (url.pathname === `/v1/items/${hostileItemId}`) return send(200, hostileItem());
    if (url.pathname === `/v1/items/${htmlPageItemId}`) {
      response.writeHead(200, { 'content-type': 'text/html' });
      return response.end(`<html><body>${hostileHtml}</body></html>`);
    }
    if ((url.pathname === '/v1/items' || url.pathname === '/v1/search') && url.searchParams.get('q') === 'hostile') {
      return send(200, { data: [hostileItem()], pagination: { next_cursor: null, has_more: false } });
    }
    if (url.pathname === '/v1/subscriptions/check') return send(200, { feed: true, podcast: false });
    send(200, { method: request.method, path: url.pathname, query: url.search, body: body || null });
  });
  server.on('connection', () => { connections += 1; });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    connections: () => connections,
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
