import { describe, expect, it } from 'vitest';
import { claimDueFeeds, failuresBeforeDead, refreshFeed, refreshFeeds } from '@/lib/service/domain/feeds/refresh-feed';
import { rss } from '../../feed-server';
import { harnessWithFeedSite } from '../../harness-with-feed-site';

const { harness, site } = harnessWithFeedSite();

type FeedState = { status: string; failure_count: number; last_error: string | null; next_fetch_at: string; etag: string | null };
const feedState = (id: string) => harness().service.db.prepare('SELECT status, failure_count, last_error, next_fetch_at, etag FROM feeds WHERE id = ?').get(id) as FeedState;
const post = (guid: string, hoursAgo: number) => ({ guid, title: `Post ${guid}`, date: new Date(Date.now() - hoursAgo * 3_600_000) });

async function subscribeTo(path: string) {
  const { user, key } = await harness().createUser({ plan: 'pro' });
  const answer = await harness().call('POST', '/v1/subscriptions', { key, body: { url: `${site.baseUrl}${path}` } });
  expect(answer.status).toBe(201);
  const feedId = harness().service.db.prepare('SELECT feed_id FROM subscriptions WHERE id = ?').pluck().get(answer.body.subscription_id) as string;
  return { user, key, feedId, subscriptionId: answer.body.subscription_id as string };
}

describe('refreshing a feed', () => {
  it('asks with the ETag it was given and stores only new items', async () => {
    let items = [post('a', 2)];
    let conditional = 0;
    site.route('/etag.xml', (request, response) => {
      const body = rss('Etag Feed', items);
      const etag = `"${items.length}"`;
      if (request.headers['if-none-match'] === etag) { conditional++; response.writeHead(304); return response.end(); }
      response.writeHead(200, { 'content-type': 'application/rss+xml', etag });
      response.end(body);
    });
    const { key, feedId } = await subscribeTo('/etag.xml');
    expect(await refreshFeed(harness().service, feedId)).toMatchObject({ result: 'not_modified', added: 0 });
    expect(conditional).toBe(1);
    items = [post('b', 1), ...items];
    expect(await refreshFeed(harness().service, feedId)).toMatchObject({ result: 'updated', added: 1 });
    const list = await harness().call('GET', '/v1/items', { key });
    expect(list.body.data.map((item: { title: string }) => item.title)).toEqual(['Post b', 'Post a']);
    expect(feedState(feedId)).toMatchObject({ status: 'healthy', failure_count: 0, etag: '"2"' });
  });

  it('reports a feed that breaks on the subscription and recovers when it heals', async () => {
    let broken = false;
    site.route('/flaky.xml', (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/rss+xml' });
      response.end(broken ? '<!doctype html><title>Down for maintenance</title><p>Back soon.</p>' : rss('Flaky', [post('x', 1)]));
    });
    const { key, feedId, subscriptionId } = await subscribeTo('/flaky.xml');
    broken = true;
    const outcome = await refreshFeed(harness().service, feedId);
    expect(outcome.result).toBe('failed');
    const listed = await harness().call('GET', `/v1/subscriptions/${subscriptionId}`, { key });
    expect(listed.body.status).toBe('failing');
    broken = false;
    await refreshFeed(harness().service, feedId);
    expect(feedState(feedId)).toMatchObject({ status: 'healthy', failure_count: 0, last_error: null });
  });

  it('counts a refresh that gets malformed XML with only a title as a failed fetch, not a healthy feed', async () => {
    let mangled = false;
    site.route('/mangled-later.xml', (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/rss+xml' });
      response.end(mangled ? '<rss version="2.0"><channel><title>Mangled later</title></chanel>' : rss('Mangled later', [post('m', 1)]));
    });
    const { key, feedId, subscriptionId } = await subscribeTo('/mangled-later.xml');
    mangled = true;
    expect(await refreshFeed(harness().service, feedId)).toMatchObject({ result: 'failed', added: 0 });
    expect(feedState(feedId)).toMatchObject({
      status: 'failing', failure_count: 1, last_error: 'The document is not well-formed XML and no feed items could be read from it.',
    });
    const detail = await harness().call('GET', `/v1/subscriptions/${subscriptionId}`, { key });
    expect(detail.body.status).toBe('failing');
    expect((await harness().call('GET', '/v1/items', { key })).body.pagination.total).toBe(1);
  });

  it(`gives up after ${failuresBeforeDead} failures in a row and tries again when the subscription is resumed`, async () => {
    let up = true;
    site.route('/dying.xml', (_request, response) => {
      if (!up) { response.writeHead(500); return response.end(); }
      response.writeHead(200, { 'content-type': 'application/rss+xml' });
      response.end(rss('Dying', [post('d', 1)]));
    });
    const { key, feedId, subscriptionId } = await subscribeTo('/dying.xml');
    up = false;
    for (let i = 0; i < failuresBeforeDead; i++) await refreshFeed(harness().service, feedId);
    expect(feedState(feedId).status).toBe('dead');
    expect(await claimDueFeeds(harness().service, new Date(Date.now() + 365 * 86_400_000), 1000)).not.toContain(feedId);
    await harness().call('PATCH', '/v1/subscriptions', { key, body: { subscription_ids: [subscriptionId], action: 'resume' } });
    expect(feedState(feedId).status).toBe('failing');
    expect(await claimDueFeeds(harness().service, new Date(Date.now() + 1000), 1000)).toContain(feedId);
  });

  it('waits at least as long as Retry-After says before the next try', async () => {
    site.route('/busy.xml', (_request, response) => {
      response.writeHead(503, { 'retry-after': '7200' });
      response.end();
    });
    const fine = rss('Busy', [post('b', 1)]);
    site.route('/busy-first.xml', (_request, response) => { response.writeHead(200, { 'content-type': 'application/rss+xml' }); response.end(fine); });
    const { feedId } = await subscribeTo('/busy-first.xml');
    // Another name for the site: the host that asks to wait is not asked again by any feed, and the other tests share 127.0.0.1.
    harness().service.db.prepare('UPDATE feeds SET url = ? WHERE id = ?').run(`${site.baseUrl.replace('127.0.0.1', 'localhost')}/busy.xml`, feedId);
    const before = Date.now();
    await refreshFeed(harness().service, feedId);
    expect(Date.parse(feedState(feedId).next_fetch_at) - before).toBeGreaterThanOrEqual(7200 * 1000 - 1000);
  });

  it('gives new items to active subscriptions only', async () => {
    let items = [post('p1', 2)];
    site.route('/paused.xml', (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/rss+xml' });
      response.end(rss('Paused', items));
    });
    const active = await subscribeTo('/paused.xml');
    const { key } = await harness().createUser({ plan: 'pro' });
    const paused = await harness().call('POST', '/v1/subscriptions', { key, body: { url: `${site.baseUrl}/paused.xml` } });
    await harness().call('PATCH', `/v1/subscriptions/${paused.body.subscription_id}`, { key, body: { is_active: false } });
    items = [post('p2', 1), ...items];
    await refreshFeed(harness().service, active.feedId);
    expect((await harness().call('GET', '/v1/items', { key: active.key })).body.pagination.total).toBe(2);
    expect((await harness().call('GET', '/v1/items', { key })).body.pagination.total).toBe(1);
  });

  it('refreshes many feeds together: each gets its own outcome and a broken one keeps no one else from updating', async () => {
    const subscribed = [];
    for (const name of ['one', 'two', 'three', 'broken']) {
      let items = [post(`${name}-1`, 3)];
      let healthy = true;
      site.route(`/many-${name}.xml`, (_request, response) => {
        if (!healthy) { response.writeHead(200, { 'content-type': 'application/rss+xml' }); return response.end('<!doctype html><title>Down</title><p>Back soon.</p>'); }
        response.writeHead(200, { 'content-type': 'application/rss+xml' });
        response.end(rss(`Many ${name}`, items));
      });
      const subscription = await subscribeTo(`/many-${name}.xml`);
      subscribed.push({ ...subscription, name, grow: () => { items = [post(`${name}-2`, 1), ...items]; }, breakDown: () => { healthy = false; } });
    }
    for (const feed of subscribed) {
      if (feed.name === 'broken') feed.breakDown();
      else feed.grow();
    }
    const outcomes = await refreshFeeds(harness().service, subscribed.map((feed) => feed.feedId), 3);
    expect(outcomes).toHaveLength(4);
    for (const feed of subscribed) {
      const outcome = outcomes.find((candidate) => candidate.feedId === feed.feedId);
      if (feed.name === 'broken') {
        expect(outcome).toMatchObject({ result: 'failed', added: 0 });
        expect(feedState(feed.feedId).status).toBe('failing');
      } else {
        expect(outcome).toMatchObject({ result: 'updated', added: 1 });
        expect((await harness().call('GET', '/v1/items', { key: feed.key })).body.data.map((item: { title: string }) => item.title))
          .toEqual([`Post ${feed.name}-2`, `Post ${feed.name}-1`]);
      }
    }
  });

  it('keeps the other feeds of a batch when one cannot be stored: only that one fails, with nothing of it half-stored', async () => {
    const subscribed = [];
    for (const name of ['first', 'unstorable', 'last']) {
      let items = [post(`${name}-1`, 3)];
      site.route(`/store-${name}.xml`, (_request, response) => {
        response.writeHead(200, { 'content-type': 'application/rss+xml' });
        response.end(rss(`Store ${name}`, items));
      });
      const subscription = await subscribeTo(`/store-${name}.xml`);
      items = [post(`${name}-3`, 1), post(`${name}-2`, 2), ...items];
      subscribed.push({ ...subscription, name });
    }
    const unstorable = subscribed.find((feed) => feed.name === 'unstorable')!;
    const db = harness().service.db;
    // The store refuses the feed's second new item, after its first went in.
    db.exec(`CREATE TRIGGER refuse_item BEFORE INSERT ON items WHEN new.guid = 'unstorable-3'
      BEGIN SELECT RAISE(ABORT, 'The disk refused the item.'); END`);
    try {
      const outcomes = await refreshFeeds(harness().service, subscribed.map((feed) => feed.feedId), 3);
      // Similar items and stories are indexed behind the refresh.
      await harness().service.intelligence.idle();
      for (const feed of subscribed) {
        const outcome = outcomes.find((candidate) => candidate.feedId === feed.feedId);
        const guids = db.prepare('SELECT guid FROM items WHERE feed_id = ? ORDER BY guid').pluck().all(feed.feedId);
        if (feed === unstorable) {
          expect(outcome).toMatchObject({ result: 'failed', added: 0, message: 'The disk refused the item.' });
          expect(feedState(feed.feedId)).toMatchObject({ status: 'failing', last_error: 'The disk refused the item.' });
          expect(guids).toEqual(['unstorable-1']);
        } else {
          expect(outcome).toMatchObject({ result: 'updated', added: 2 });
          expect(guids).toEqual([`${feed.name}-1`, `${feed.name}-2`, `${feed.name}-3`]);
          expect(db.prepare('SELECT COUNT(*) FROM intel_docs d JOIN items i ON i.id = d.item_id WHERE i.feed_id = ?').pluck().get(feed.feedId)).toBe(3);
        }
      }
    } finally {
      db.exec('DROP TRIGGER refuse_item');
    }
  });
});
