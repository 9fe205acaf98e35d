import { describe, expect, it } from 'vitest';
import { refreshFeeds } from '@/lib/service/domain/feeds/refresh-feed';
import { paceOf } from '@/lib/service/domain/feeds/refresh-pace';
import { document, FeedServer, rss } from '../../feed-server';
import { harnessWithFeedSite } from '../../harness-with-feed-site';

const { harness, site } = harnessWithFeedSite();

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

/** Items published `gapMs` apart, the newest `ageMs` ago. */
function postsEvery(name: string, gapMs: number, count = 6, ageMs = 0) {
  return Array.from({ length: count }, (_, i) => ({ guid: `${name}-${i}`, title: `${name} ${i}`, date: new Date(Date.now() - ageMs - i * gapMs) }));
}

/** A feed the service stores (not fetched yet) at `url`, followed by a new user. */
async function followed(url: string): Promise<{ feedId: string; key: string }> {
  const { user, key } = await harness().createUser({ plan: 'pro' });
  const feedId = await harness().createFeed({ url });
  await harness().subscribe(user, feedId);
  return { feedId, key };
}

type FeedState = { status: string; failure_count: number; next_fetch_at: string };
const feedState = (id: string) => harness().service.db.prepare('SELECT status, failure_count, next_fetch_at FROM feeds WHERE id = ?').get(id) as FeedState;
/** How long after `since` the feed is next fetched, in ms. */
const nextIn = (id: string, since: number) => Date.parse(feedState(id).next_fetch_at) - since;

describe('the pace of a feed', () => {
  const limits = { shortestMs: 10 * minute, longestMs: 3 * day };
  const now = Date.UTC(2026, 10, 1);
  const every = (gap: number) => Array.from({ length: 6 }, (_, i) => now - i * gap);

  it('asks a feed that publishes rarely rarely and a busy one often, between the operator\'s limits', () => {
    expect(paceOf({ ttlMinutes: null, maxAgeSeconds: null, published: every(day) }, limits, now)).toBe(6 * hour);
    expect(paceOf({ ttlMinutes: null, maxAgeSeconds: null, published: every(hour) }, limits, now)).toBe(15 * minute);
    expect(paceOf({ ttlMinutes: null, maxAgeSeconds: null, published: every(minute) }, limits, now)).toBe(10 * minute);
    expect(paceOf({ ttlMinutes: null, maxAgeSeconds: null, published: every(30 * day) }, limits, now)).toBe(3 * day);
    // Hourly once, silent for a week since: it has become a rare feed.
    expect(paceOf({ ttlMinutes: null, maxAgeSeconds: null, published: every(hour).map((date) => date - 8 * day) }, limits, now)).toBe(2 * day);
  });

  it('never asks sooner than the feed\'s ttl or cache lifetime, nor past the operator\'s longest', () => {
    expect(paceOf({ ttlMinutes: 120, maxAgeSeconds: null, published: every(minute) }, limits, now)).toBe(2 * hour);
    expect(paceOf({ ttlMinutes: null, maxAgeSeconds: 5 * 3600, published: every(hour) }, limits, now)).toBe(5 * hour);
    expect(paceOf({ ttlMinutes: 7 * 24 * 60, maxAgeSeconds: null, published: every(hour) }, limits, now)).toBe(3 * day);
    expect(paceOf({ ttlMinutes: null, maxAgeSeconds: null, published: [] }, limits, now)).toBe(30 * minute);
  });
});

describe('refreshing politely', () => {
  it('fetches a weekly feed again in more than a day and an hourly one within the hour, within the limits set', async () => {
    const config = harness().service.config;
    const previous = config.refreshMaxMinutes;
    config.refreshMaxMinutes = 3 * 24 * 60;
    try {
      const weekly = await followed(site.route('/weekly.xml', document(rss('Weekly', postsEvery('weekly', 7 * day)))));
      const hourly = await followed(site.route('/hourly.xml', document(rss('Hourly', postsEvery('hourly', hour)))));
      const before = Date.now();
      const outcomes = await refreshFeeds(harness().service, [weekly.feedId, hourly.feedId]);
      expect(outcomes.map((outcome) => outcome.result)).toEqual(['updated', 'updated']);
      expect(nextIn(weekly.feedId, before)).toBeGreaterThanOrEqual(42 * hour - minute);
      expect(nextIn(weekly.feedId, before)).toBeLessThanOrEqual(42 * hour + minute);
      expect(nextIn(hourly.feedId, before)).toBeGreaterThanOrEqual(15 * minute - minute);
      expect(nextIn(hourly.feedId, before)).toBeLessThanOrEqual(15 * minute + minute);
      config.refreshMaxMinutes = 24 * 60;
      site.route('/weekly.xml', document(rss('Weekly', postsEvery('weekly', 7 * day))));
      await refreshFeeds(harness().service, [weekly.feedId]);
      expect(nextIn(weekly.feedId, Date.now())).toBeLessThanOrEqual(day);
    } finally {
      config.refreshMaxMinutes = previous;
    }
  });

  it('waits as long as Cache-Control max-age or Expires say, on a 200 and on a 304', async () => {
    const hourlyBody = rss('Cached', postsEvery('cached', hour));
    site.route('/max-age.xml', (request, response) => {
      const headers = { 'content-type': 'application/rss+xml', etag: '"v1"', 'cache-control': 'public, max-age=7200' };
      if (request.headers['if-none-match'] === '"v1"') { response.writeHead(304, { ...headers, 'cache-control': 'max-age=10800' }); return response.end(); }
      response.writeHead(200, headers);
      response.end(hourlyBody);
    });
    site.route('/expires.xml', (_request, response) => {
      const date = new Date();
      response.writeHead(200, { 'content-type': 'application/rss+xml', date: date.toUTCString(), expires: new Date(date.getTime() + 4 * hour).toUTCString() });
      response.end(rss('Expiring', postsEvery('expiring', hour)));
    });
    const maxAge = await followed(`${site.baseUrl}/max-age.xml`);
    const expires = await followed(`${site.baseUrl}/expires.xml`);
    let before = Date.now();
    await refreshFeeds(harness().service, [maxAge.feedId, expires.feedId]);
    expect(nextIn(maxAge.feedId, before)).toBeGreaterThanOrEqual(2 * hour - 1000);
    expect(nextIn(maxAge.feedId, before)).toBeLessThan(2 * hour + minute);
    expect(nextIn(expires.feedId, before)).toBeGreaterThanOrEqual(4 * hour - 5000);
    expect(nextIn(expires.feedId, before)).toBeLessThan(4 * hour + minute);
    before = Date.now();
    expect(await refreshFeeds(harness().service, [maxAge.feedId])).toMatchObject([{ result: 'not_modified' }]);
    expect(nextIn(maxAge.feedId, before)).toBeGreaterThanOrEqual(3 * hour - 1000);
  });

  it('asks no feed of a site that answered 429 with Retry-After until then, without counting it as a failure; other sites go on', async () => {
    // A site of its own: the pause is per host (and port), and lasts past this test.
    const busy = await new FeedServer().start();
    try {
      busy.route('/limited.xml', (_request, response) => { response.writeHead(429, { 'retry-after': '600' }); response.end(); });
      const limited = await followed(`${busy.baseUrl}/limited.xml`);
      const sibling = await followed(busy.route('/sibling.xml', document(rss('Sibling', postsEvery('sibling', hour)))));
      const elsewhere = await followed(site.route('/elsewhere.xml', document(rss('Elsewhere', postsEvery('elsewhere', hour)))));
      const before = Date.now();
      const outcomes = await refreshFeeds(harness().service, [limited.feedId, sibling.feedId, elsewhere.feedId], 1);
      const resultOf = (feedId: string) => outcomes.find((outcome) => outcome.feedId === feedId)?.result;
      expect([resultOf(limited.feedId), resultOf(sibling.feedId), resultOf(elsewhere.feedId)]).toEqual(['failed', 'deferred', 'updated']);
      expect(busy.hits.get('/sibling.xml') ?? 0).toBe(0);
      expect(feedState(sibling.feedId)).toMatchObject({ status: 'healthy', failure_count: 0 });
      expect(nextIn(sibling.feedId, before)).toBeGreaterThanOrEqual(600_000 - 2000);
      expect(nextIn(limited.feedId, before)).toBeGreaterThanOrEqual(600_000 - 2000);
      // A second round within the pause still leaves the site alone.
      await refreshFeeds(harness().service, [limited.feedId, sibling.feedId], 1);
      expect(busy.hits.get('/limited.xml')).toBe(1);
      expect(busy.hits.get('/sibling.xml') ?? 0).toBe(0);
    } finally {
      await busy.stop();
    }
  });
});

describe('indexing behind ingestion', () => {
  const indexed = (feedId: string) => harness().service.db.prepare('SELECT COUNT(*) FROM intel_docs d JOIN items i ON i.id = d.item_id WHERE i.feed_id = ?').pluck().get(feedId);

  it('lists a feed\'s items as soon as it is stored, while the round goes on, and indexes them once the round is over', async () => {
    const quick = await followed(site.route('/behind-quick.xml', document(rss('Quick', postsEvery('quick', hour, 5)))));
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => { release = resolve; });
    site.route('/behind-slow.xml', (_request, response) => {
      void held.then(() => {
        response.writeHead(200, { 'content-type': 'application/rss+xml' });
        response.end(rss('Slow', postsEvery('slow', hour, 3)));
      });
    });
    const slow = await followed(`${site.baseUrl}/behind-slow.xml`);
    const round = refreshFeeds(harness().service, [quick.feedId, slow.feedId], 2);
    // The quick feed is written while the slow one is still being fetched.
    for (;;) {
      const listed = (await harness().call('GET', '/v1/items', { key: quick.key })).body.pagination.total;
      if (listed === 5) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(indexed(quick.feedId)).toBe(0);
    release();
    await round;
    expect((await harness().call('GET', '/v1/items', { key: slow.key })).body.pagination.total).toBe(3);
    await harness().service.intelligence.idle();
    expect([indexed(quick.feedId), indexed(slow.feedId)]).toEqual([5, 3]);
  });
});
