import { describe, expect, it } from 'vitest';
import { feedIconOf, iconMaxAgeMs, refreshFeedIcons } from '@/lib/service/domain/feeds/feed-icons';
import { demoIconPng } from '@/lib/service/cli/demo-icons';
import { document, rss } from '../../feed-server';
import { harnessWithFeedSite } from '../../harness-with-feed-site';

const { harness, site } = harnessWithFeedSite();
const png = demoIconPng([4, 120, 87]);

async function subscribeTo(path: string): Promise<string> {
  return (await subscribe(path)).feedId;
}

async function subscribe(path: string): Promise<{ feedId: string; subscriptionId: string }> {
  const { key } = await harness().createUser({ plan: 'pro' });
  site.route(path, document(rss(`Feed ${path}`, [{ guid: 'a', title: 'A', date: new Date() }])));
  const answer = await harness().call('POST', '/v1/subscriptions', { key, body: { url: `${site.baseUrl}${path}` } });
  expect(answer.status).toBe(201);
  const subscriptionId = answer.body.subscription_id as string;
  return { feedId: harness().service.db.prepare('SELECT feed_id FROM subscriptions WHERE id = ?').pluck().get(subscriptionId) as string, subscriptionId };
}

describe('feeds’ icons at ingest', () => {
  it('fetches a new feed’s icon once, stores it, and looks again only after a week', async () => {
    const { feedId, subscriptionId } = await subscribe('/icon-feed.xml');
    // The feed's site is the test site (the document's own <link> points elsewhere).
    harness().service.db.prepare('UPDATE feeds SET website = ? WHERE id = ?').run(`${site.baseUrl}/`, feedId);
    site.route('/', document('<head><link rel="icon" href="/icon.png"></head>', 'text/html'));
    site.route('/icon.png', document(png, 'image/png'));
    const now = new Date();

    expect((await feedIconOf(harness().service.store, feedId))).toBeNull();
    await refreshFeedIcons(harness().service, now, 100);
    const stored = (await feedIconOf(harness().service.store, feedId));
    expect(stored?.contentType).toBe('image/png');
    expect(stored?.data.equals(png)).toBe(true);
    expect(site.hits.get('/icon.png')).toBe(1);
    // Items name their source by the subscription's id: the icon is found by it too.
    expect((await feedIconOf(harness().service.store, subscriptionId))?.data.equals(png)).toBe(true);

    await refreshFeedIcons(harness().service, new Date(now.getTime() + 60_000), 100);
    expect(site.hits.get('/icon.png')).toBe(1);

    // A week on the site is down: the icon is asked for again, and the one stored stays.
    site.route('/icon.png', (_request, response) => {
      response.writeHead(500);
      response.end();
    });
    await refreshFeedIcons(harness().service, new Date(now.getTime() + iconMaxAgeMs + 60_000), 100);
    expect(site.hits.get('/icon.png')).toBe(2);
    expect((await feedIconOf(harness().service.store, feedId))?.data.equals(png)).toBe(true);
  });

  it('records a feed without an icon, so it is not asked for on every pass', async () => {
    const feedId = await subscribeTo('/plain-feed.xml');
    harness().service.db.prepare('UPDATE feeds SET website = ? WHERE id = ?').run(`${site.baseUrl}/plain/`, feedId);
    await refreshFeedIcons(harness().service, new Date(), 100);
    const asked = site.hits.get('/plain/') ?? 0;
    expect(asked).toBe(1);
    expect((await feedIconOf(harness().service.store, feedId))).toBeNull();
    await refreshFeedIcons(harness().service, new Date(), 100);
    expect(site.hits.get('/plain/')).toBe(1);
  });
});
