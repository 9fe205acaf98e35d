import { describe, expect, it } from 'vitest';
import { claimDueFeeds, refreshFeed } from '@/lib/service/domain/feeds/refresh-feed';
import { rss } from '../../feed-server';
import { harnessWithFeedSite } from '../../harness-with-feed-site';

const { harness, site } = harnessWithFeedSite();
const post = (guid: string) => ({ guid, title: `Post ${guid}`, date: new Date(Date.now() - 3_600_000) });

/** A feed on the local site that answers 404 while `gone` is set; its requests are counted by the site. */
function flakyFeed(path: string) {
  const state = { gone: false };
  site.route(path, (_request, response) => {
    if (state.gone) { response.writeHead(404, { 'content-type': 'text/plain' }); return response.end('gone'); }
    response.writeHead(200, { 'content-type': 'application/rss+xml' });
    response.end(rss('Flaky', [post('a')]));
  });
  return state;
}

async function subscribeTo(path: string) {
  const { user, key, appToken } = await harness().createUser({ plan: 'pro' });
  const answer = await harness().call('POST', '/v1/subscriptions', { key, body: { url: `${site.baseUrl}${path}` } });
  expect(answer.status).toBe(201);
  const subscriptionId = answer.body.subscription_id as string;
  const feedId = harness().service.db.prepare('SELECT feed_id FROM subscriptions WHERE id = ?').pluck().get(subscriptionId) as string;
  return { user, key, appToken, feedId, subscriptionId };
}

/** Moves the feed's last fetch back in time, as if the throttle's seconds had passed. */
function lastTriedSecondsAgo(feedId: string, seconds: number) {
  harness().service.db.prepare('UPDATE feeds SET last_fetched_at = ? WHERE id = ?').run(new Date(Date.now() - seconds * 1000).toISOString(), feedId);
}

describe('feed health', () => {
  it('shows a failing subscription\'s last error in one sentence, when it was last tried and when it will be tried again', async () => {
    const feed = flakyFeed('/gone.xml');
    const { appToken, feedId, subscriptionId } = await subscribeTo('/gone.xml');
    feed.gone = true;
    const before = Date.now();
    await refreshFeed(harness().service, feedId);

    const health = await harness().call('GET', `/v1/subscriptions/${subscriptionId}/health`, { key: appToken });
    expect(health.status).toBe(200);
    expect(health.body).toMatchObject({
      subscription_id: subscriptionId, status: 'failing', last_error: 'The feed server answered 404: the feed is gone from that address.',
    });
    const lastTried = Date.parse(health.body.last_tried_at);
    expect(lastTried).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(health.body.next_try_at)).toBeGreaterThanOrEqual(lastTried + 10 * 60_000);

    const list = await harness().call('GET', '/v1/feed-health', { key: appToken });
    expect(list.body.data).toEqual([health.body]);
  });

  it('"Try now" fetches the feed from its server and clears the error once it recovers', async () => {
    const feed = flakyFeed('/recovers.xml');
    const { appToken, feedId, subscriptionId } = await subscribeTo('/recovers.xml');
    feed.gone = true;
    await refreshFeed(harness().service, feedId);
    lastTriedSecondsAgo(feedId, 11);
    feed.gone = false;
    const hitsBefore = site.hits.get('/recovers.xml') ?? 0;

    const tried = await harness().call('POST', `/v1/subscriptions/${subscriptionId}/refresh`, { key: appToken });
    expect(tried.status).toBe(200);
    expect(site.hits.get('/recovers.xml')).toBe(hitsBefore + 1);
    expect(tried.body).toMatchObject({ subscription_id: subscriptionId, status: 'healthy', last_error: null });
    expect(Date.now() - Date.parse(tried.body.last_tried_at)).toBeLessThan(5000);
    expect((await harness().call('GET', `/v1/subscriptions/${subscriptionId}`, { key: appToken })).body.status).toBe('healthy');
    expect((await harness().call('GET', '/v1/feed-health', { key: appToken })).body.data).toEqual([]);
  });

  it('"Try now" on a feed still broken records the new failure', async () => {
    const feed = flakyFeed('/still-broken.xml');
    const { appToken, feedId, subscriptionId } = await subscribeTo('/still-broken.xml');
    feed.gone = true;
    lastTriedSecondsAgo(feedId, 60);
    const tried = await harness().call('POST', `/v1/subscriptions/${subscriptionId}/refresh`, { key: appToken });
    expect(tried.status).toBe(200);
    expect(tried.body).toMatchObject({ status: 'failing', last_error: 'The feed server answered 404: the feed is gone from that address.' });
  });

  it('"Try now" answers 429 within 10 seconds of the last fetch, without reaching the feed server', async () => {
    flakyFeed('/throttled.xml');
    const { appToken, feedId, subscriptionId } = await subscribeTo('/throttled.xml');
    lastTriedSecondsAgo(feedId, 11);
    expect((await harness().call('POST', `/v1/subscriptions/${subscriptionId}/refresh`, { key: appToken })).status).toBe(200);
    const hits = site.hits.get('/throttled.xml');

    const again = await harness().call('POST', `/v1/subscriptions/${subscriptionId}/refresh`, { key: appToken });
    expect(again.status).toBe(429);
    expect(again.body.retry_after).toBeGreaterThanOrEqual(9);
    expect(again.body.retry_after).toBeLessThanOrEqual(10);
    expect(again.headers.get('retry-after')).toBe(String(again.body.retry_after));
    expect(again.body.message).toMatch(/^This feed was fetched moments ago; try again in \d+ seconds\.$/);
    const both = await Promise.all([1, 2].map(() => harness().call('POST', `/v1/subscriptions/${subscriptionId}/refresh`, { key: appToken })));
    expect(both.map((answer) => answer.status)).toEqual([429, 429]);
    expect(site.hits.get('/throttled.xml')).toBe(hits);
  });

  it('a new subscription says when its feed is next fetched, and the scheduler leaves it until then (so "Try now" is not refused after an unseen fetch)', async () => {
    flakyFeed('/fresh.xml');
    const before = Date.now();
    const { appToken, feedId, subscriptionId } = await subscribeTo('/fresh.xml');
    const health = await harness().call('GET', `/v1/subscriptions/${subscriptionId}/health`, { key: appToken });
    expect(health.body).toMatchObject({ status: 'healthy', last_error: null });
    expect(Date.parse(health.body.next_try_at)).toBeGreaterThanOrEqual(before + 10 * 60_000);
    expect(await claimDueFeeds(harness().service, new Date(Date.now() + 5 * 60_000), 1000)).not.toContain(feedId);
  });

  it('is the first-party app\'s alone, and knows only the caller\'s subscriptions', async () => {
    flakyFeed('/mine.xml');
    const { key, subscriptionId } = await subscribeTo('/mine.xml');
    expect((await harness().call('POST', `/v1/subscriptions/${subscriptionId}/refresh`, { key })).status).toBe(403);
    const stranger = await harness().createUser();
    const answer = await harness().call('GET', `/v1/subscriptions/${subscriptionId}/health`, { key: stranger.appToken });
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ message: `No subscription with id ${subscriptionId} exists.` });
    expect((await harness().call('POST', `/v1/subscriptions/${subscriptionId}/refresh`, { key: stranger.appToken })).status).toBe(404);
  });
});
