/*
 * Visits of share links in local mode: the real embedded service in-process on a temporary
 * data directory, with a small request budget for the app's own token, so that visits paid
 * from the owner's budget would soon lock the owner out. A visit is what the app does for one:
 * Next's request proxy (the per-address visit budget), then the page's look at the link.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { proxy as nextProxy } from '@/proxy';
import { generateMetadata } from '@/app/share/[token]/page';
import { appDatabase } from '@/lib/server/app-database';
import { clientAddressHeader } from '@/lib/server/client-address';
import { proxy } from '@/lib/server/proxy';
import { handleSignIn } from '@/lib/server/session-routes';
import { createShareLink, openShareLink, type SharedItem } from '@/lib/server/share-links';
import { refreshEveryMs } from '@/lib/server/share-snapshots';
import { takeShareVisit } from '@/lib/server/share-visit-limit';
import { ensureOwner } from '@/lib/service/domain/accounts';
import { createFeed, subscribeUserToFeed } from '@/lib/service/store/sqlite/subscribing';
import { storeItems } from '@/lib/service/store/sqlite/store-items';
import { historyCapOf } from '@/lib/service/domain/feeds/subscribe-user';
import { embeddedService } from '@/lib/service/embedded';
import type { SqliteService } from '@/lib/service/service';
import { article } from '../service/harness';

vi.mock('server-only', () => ({}));

const appOrigin = 'http://localhost:3000';
const password = 'local owner password';
// The app token's budget a minute: far fewer than the visits below.
const ownerBudget = 30;
const content = '<p>Kept <em>as the service gave it</em>.</p>';
let dataDir: string;
let cookie: string;
let itemId: string;
let token: string;
let pictured: string;
let badlyPictured: string;

/** The owner's own call through the app, as the reader makes it. */
function ownerCall(method: string, target: string, body?: unknown): Promise<Response> {
  const url = new URL(`/api${target}`, appOrigin);
  const headers: Record<string, string> = { origin: appOrigin, cookie };
  if (body !== undefined) headers['content-type'] = 'application/json';
  return proxy(new Request(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }), url.pathname.replace(/^\/api\/v1\//, '').split('/'));
}

type Visit = { status: number; item: SharedItem | null; response: Response | null };

/** One visit of a share page from an address: the request proxy first, then what the page shows. */
async function visit(linkToken: string, address: string, now?: number): Promise<Visit> {
  const response = await nextProxy(new NextRequest(`${appOrigin}/share/${linkToken}`, { headers: { [clientAddressHeader]: address } }));
  if (response.status !== 200) return { status: response.status, item: null, response };
  const item = await openShareLink(linkToken, now);
  return { status: item ? 200 : 404, item, response: null };
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'tidings-share-visits-'));
  delete process.env.FEED_API_BASE_URL;
  delete process.env.FEED_API_KEY;
  Object.assign(process.env, { TIDINGS_DATA_DIR: dataDir, TIDINGS_APP_PASSWORD: password, TIDINGS_APP_RATE_LIMIT: String(ownerBudget) });
  // This install is on SQLite (no DATABASE_URL): its connection seeds the items.
  const service = (await embeddedService()).service as SqliteService;
  const owner = await ensureOwner(service.store, service.config.ownerEmail);
  const feedId = createFeed(service.db, { url: 'https://feeds.example.com/shared.xml', source_type: 'feed', title: 'Shared Blog', website: 'https://shared.example.com' });
  subscribeUserToFeed(service.db, owner.id, feedId, { historyCap: historyCapOf(owner.plan) });
  [itemId] = storeItems(service.db, feedId, [article({ title: 'Worth sharing', content })]).added as [string];
  [pictured, badlyPictured] = storeItems(service.db, feedId, [
    article({ title: 'With a picture', media_url: 'https://images.example.com/lead.jpg' }),
    article({ title: 'With a script for a picture', media_url: 'javascript:alert(1)', artwork_url: 'data:image/png;base64,AAAA' }),
  ]).added as [string, string];

  const signIn = await handleSignIn(new Request(`${appOrigin}/api/session`, {
    method: 'POST', headers: { accept: 'application/json', 'content-type': 'application/json' }, body: JSON.stringify({ password }),
  }));
  expect(signIn.status).toBe(200);
  cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0]!;
  expect((await ownerCall('PATCH', `/v1/items/${itemId}`, { is_saved: true })).status).toBe(200);
  token = (await createShareLink({ kind: 'installation' }, itemId, null)).url.replace('/share/', '');
});

afterAll(async () => {
  delete process.env.TIDINGS_APP_RATE_LIMIT;
  (await embeddedService()).service.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the share page’s link preview', () => {
  async function linkTo(id: string): Promise<string> {
    expect((await ownerCall('PATCH', `/v1/items/${id}`, { is_saved: true })).status).toBe(200);
    return (await createShareLink({ kind: 'installation' }, id, null)).url.replace('/share/', '');
  }

  it('names the item’s lead image as og:image, with a large Twitter card', async () => {
    const metadata = await generateMetadata({ params: Promise.resolve({ token: await linkTo(pictured) }) });
    expect(metadata).toMatchObject({
      title: 'With a picture',
      description: expect.stringContaining('Summary of article'),
      openGraph: { title: 'With a picture', siteName: 'Shared Blog', images: [{ url: 'https://images.example.com/lead.jpg', alt: 'With a picture' }] },
      twitter: { card: 'summary_large_image', images: [{ url: 'https://images.example.com/lead.jpg' }] },
    });
  });

  it('names no image when the item has none, or only addresses that are not http(s)', async () => {
    for (const id of [itemId, badlyPictured]) {
      const metadata = await generateMetadata({ params: Promise.resolve({ token: await linkTo(id) }) });
      expect(metadata.openGraph).not.toHaveProperty('images', expect.anything());
      expect(metadata.twitter).toMatchObject({ card: 'summary' });
    }
  });
});

describe('visits of a share link', () => {
  it('do not spend the owner’s request budget: after 300 visits the owner’s next call is still answered', async () => {
    const visits = await Promise.all(Array.from({ length: 300 }, (_, index) => visit(token, `198.51.100.${index % 10}`)));

    expect(visits.filter((one) => one.status === 200)).toHaveLength(300);
    expect(visits[299]!.item).toMatchObject({ title: 'Worth sharing', source: 'Shared Blog', content });
    expect((await ownerCall('GET', '/v1/items?limit=1')).status).toBe(200);
  });

  it('past 60 a minute from one address get a 429 page that says so, while another address still gets the item', async () => {
    const first = await Promise.all(Array.from({ length: 60 }, () => visit(token, '203.0.113.7')));
    expect(first.every((one) => one.status === 200)).toBe(true);

    const refused = await visit(token, '203.0.113.7');
    expect(refused.status).toBe(429);
    expect(Number(refused.response!.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(refused.response!.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await refused.response!.text()).toMatch(/This address has opened shared links more than 60 times in a minute; try again in \d+ seconds?\./);

    const elsewhere = await visit(token, '203.0.113.8');
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.item?.title).toBe('Worth sharing');
  });

  it('from one address are allowed again as the minute of the earliest passes', async () => {
    const t0 = Date.now();
    for (let step = 0; step < 60; step += 1) expect(await takeShareVisit('192.0.2.99', t0 + step * 500)).toBe(0);

    expect(await takeShareVisit('192.0.2.99', t0 + 30_000)).toBe(30);
    expect(await takeShareVisit('192.0.2.99', t0 + 59_500)).toBe(1);
    expect(await takeShareVisit('192.0.2.99', t0 + 60_000)).toBe(0);
    expect(await takeShareVisit('192.0.2.99', t0 + 60_100)).toBe(1);
  });

  it('count an IPv6 client by its /64, so rotating addresses within it buys no more visits', async () => {
    const statuses = await Promise.all(Array.from({ length: 61 }, async (_, index) => (await visit(token, `2001:db8:1:2::${(index + 1).toString(16)}`)).status));
    expect(statuses.filter((status) => status === 429)).toHaveLength(1);
    expect((await visit(token, '2001:db8:1:3::1')).status).toBe(200);
  });

  it('show the kept copy when its refresh is refused for the owner’s spent budget, and a link with no copy yet is not called missing', async () => {
    const legacy = (await createShareLink({ kind: 'installation' }, itemId, null)).url.replace('/share/', '');
    for (let spent = 0; spent <= ownerBudget; spent += 1) {
      if ((await ownerCall('GET', '/v1/items?limit=1')).status === 429) break;
    }
    expect((await ownerCall('GET', '/v1/items?limit=1')).status).toBe(429);

    const late = await visit(token, '192.0.2.10', Date.now() + refreshEveryMs);
    expect(late.status).toBe(200);
    expect(late.item?.content).toBe(content);
    // The page's title and Open Graph tags come from the same copy.
    const metadata = await generateMetadata({ params: Promise.resolve({ token }) });
    expect(metadata).toMatchObject({ title: 'Worth sharing', openGraph: { title: 'Worth sharing', type: 'article', siteName: 'Shared Blog' } });

    // As a link made before copies were kept: the service refusing its first read is not a missing link.
    appDatabase(dataDir).prepare('DELETE FROM share_snapshots').run();
    await expect(openShareLink(legacy)).rejects.toMatchObject({ status: 503, message: 'The shared item cannot be shown just now. Try again in a minute.' });
  });
});
