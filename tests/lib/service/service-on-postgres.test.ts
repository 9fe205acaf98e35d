/*
 * The embedded service on PostgreSQL, as `npm start` with DATABASE_URL runs it: openService on a
 * database of a throwaway cluster, served over real HTTP on 127.0.0.1, its feeds on a local server.
 */
import { serve, type ServerType } from '@hono/node-server';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureUser, issueCredential } from '@/lib/service/domain/accounts';
import { claimDueFeeds, refreshFeeds } from '@/lib/service/domain/feeds/refresh-feed';
import type { IndexedDoc } from '@/lib/service/intelligence';
import { receiveMail } from '@/lib/service/mail/receive-mail';
import { openService, type EmbeddedService } from '@/lib/service/service';
import { bridgeCollapse, unrelated } from '../../fixtures/intelligence/articles';
import { freshDatabase, skipPostgres, withPostgres } from '../../postgres';
import { document, FeedServer } from './feed-server';

withPostgres();

const hour = 3_600_000;
const escaped = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** An RSS document of these articles, dated `hoursAgo` before now (in order), their HTML as the description. */
function feedOf(title: string, docs: IndexedDoc[], hoursAgo: number[]): string {
  const items = docs.map((doc, i) => `<item><guid>${doc.id}</guid><title>${escaped(doc.title)}</title><link>${doc.url}</link>
    <pubDate>${new Date(Date.now() - hoursAgo[i]! * hour).toUTCString()}</pubDate><description>${escaped(doc.content)}</description></item>`);
  return `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>${title}</title><link>https://example.org/</link>
    <description>${title}</description>${items.join('\n')}</channel></rss>`;
}

type Running = { service: EmbeddedService; baseUrl: string; stop(): Promise<void> };

/** Opens the service on the database at `url` and serves it on a free port of 127.0.0.1. */
async function serveOn(url: string, dataDir: string): Promise<Running> {
  const service = await openService({ databaseUrl: url, config: { dataDir, allowPrivateUrls: true, validateResponses: true } });
  const { server, port } = await new Promise<{ server: ServerType; port: number }>((resolve) => {
    const server = serve({ fetch: service.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => resolve({ server, port: info.port }));
  });
  return {
    service, baseUrl: `http://127.0.0.1:${port}`,
    async stop() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        (server as ServerType & { closeAllConnections?: () => void }).closeAllConnections?.();
      });
      await service.close();
    },
  };
}

/** A user of the plan with an API key, made through the store. */
async function reader(service: EmbeddedService, plan: 'free' | 'pro'): Promise<{ userId: string; key: string }> {
  const user = await ensureUser(service.store, `reader-${Math.random().toString(36).slice(2)}@example.org`, { plan });
  return { userId: user.id, key: (await issueCredential(service.store, user.id, 'api_key', 'test key')).secret };
}

/** One JSON request to a running service. */
async function call(running: Running, key: string, method: string, pathname: string, body?: unknown) {
  const response = await fetch(new URL(pathname, running.baseUrl), {
    method, headers: { authorization: `Bearer ${key}`, ...(body !== undefined && { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- read field by field and checked with expect
  return { status: response.status, body: (await response.json()) as any };
}

describe.skipIf(skipPostgres)('the service on PostgreSQL', () => {
  let site: FeedServer;
  let dataDir: string;
  const running: Running[] = [];

  beforeAll(async () => {
    site = await new FeedServer().start();
    dataDir = mkdtempSync(path.join(tmpdir(), 'tidings-service-pg-'));
  });
  afterAll(async () => {
    for (const one of running.splice(0)) await one.stop();
    await site?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('subscribes, lists, searches, finds similar items and stories once indexed, marks all read and takes newsletter mail', async () => {
    const node = await serveOn(await freshDatabase(), dataDir);
    running.push(node);
    const { key } = await reader(node.service, 'pro');
    const [herald, courier] = bridgeCollapse;
    const heraldUrl = site.route('/herald.xml', document(feedOf('Herald', [herald!, unrelated[0]!], [3, 5])));
    const courierUrl = site.route('/courier.xml', document(feedOf('Courier', [courier!, unrelated[1]!], [2, 6])));
    for (const url of [heraldUrl, courierUrl]) expect((await call(node, key, 'POST', '/v1/subscriptions', { url })).status).toBe(201);

    const listed = await call(node, key, 'GET', '/v1/items');
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((item: { title: string }) => item.title).sort())
      .toEqual([herald!.title, courier!.title, unrelated[0]!.title, unrelated[1]!.title].sort());
    const idOf = (title: string) => listed.body.data.find((item: { title: string }) => item.title === title).id as string;

    const found = await call(node, key, 'GET', '/v1/items?q=marlow%20bridge');
    expect(found.body.data.map((item: { id: string }) => item.id).sort()).toEqual([idOf(herald!.title), idOf(courier!.title)].sort());

    await node.service.intelligence.idle();
    const similar = await call(node, key, 'GET', `/v1/items/${idOf(herald!.title)}/similar`);
    expect(similar.status).toBe(200);
    expect(similar.body.data[0].id).toBe(idOf(courier!.title));
    const stories = await call(node, key, 'GET', '/v1/stories');
    expect(stories.body.data).toHaveLength(1);
    expect(stories.body.data[0].articles.map((article: { id: string }) => article.id).sort())
      .toEqual([idOf(herald!.title), idOf(courier!.title)].sort());

    expect((await call(node, key, 'PUT', '/v1/items', {})).status).toBeLessThan(300);
    expect((await call(node, key, 'GET', '/v1/items?is_read=unread')).body.data).toEqual([]);

    const letter = await call(node, key, 'POST', '/v1/subscriptions/newsletters', { title: 'Field Notes' });
    expect(letter.status).toBe(200);
    const mail = ['From: Field Notes <editor@fieldnotes.example>', `To: ${letter.body.newsletter_address}`, 'Subject: Issue 12: Tides',
      'Date: Mon, 05 Jan 2026 08:00:00 +0000', 'Content-Type: text/plain; charset=utf-8', '', 'The moon pulls the sea.'].join('\r\n');
    expect(await receiveMail(node.service, mail, [letter.body.newsletter_address])).toBe(1);
    const letters = await call(node, key, 'GET', `/v1/items?subscription_ids=${letter.body.id}`);
    expect(letters.body.data).toMatchObject([{ title: 'Issue 12: Tides', published_at: '2026-01-05T08:00:00.000Z', is_read: false }]);
  });

  it('lets two nodes start on one new database at once, and a due feed is fetched by one of them only', async () => {
    const url = await freshDatabase();
    const nodes = await Promise.all([serveOn(url, dataDir), serveOn(url, dataDir)]);
    running.push(...nodes);
    const [one, two] = nodes as [Running, Running];
    const { key } = await reader(one.service, 'free');
    const feedUrl = site.route('/due.xml', document(feedOf('Due', [unrelated[2]!], [1])));
    expect((await call(one, key, 'POST', '/v1/subscriptions', { url: feedUrl })).status).toBe(201);
    expect(site.hits.get('/due.xml')).toBe(1);

    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query("UPDATE feeds SET next_fetch_at = '2000-01-01T00:00:00.000Z' WHERE url = $1", [feedUrl]);
    await admin.end();
    // Both nodes' schedulers take their round at the same moment.
    const at = new Date();
    const claims = await Promise.all(nodes.map(async (node) => {
      const due = await claimDueFeeds(node.service, at, 40);
      await refreshFeeds(node.service, due);
      return due.length;
    }));
    expect(claims.sort()).toEqual([0, 1]);
    expect(site.hits.get('/due.xml')).toBe(2);
    // The feed is fetched again only when it is next due, by whichever node.
    expect(await claimDueFeeds(two.service, new Date(), 40)).toEqual([]);
  });
});
