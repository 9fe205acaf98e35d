import { expect, it } from 'vitest';
import type { NewItem } from '@/lib/service/domain/feeds/store-items';
import type { FeedWrite, NewItemSteps } from '@/lib/service/store/feeds';
import { describeOnBothEngines } from './store-fixture';

const minute = 60_000;
const noSteps: NewItemSteps = () => () => [];

function item(guid: string, overrides: Partial<NewItem> = {}): NewItem {
  return {
    guid, url: `https://example.org/${guid}`, title: `Title ${guid}`, published_at: new Date(Date.now() - minute).toISOString(), author: null,
    summary: 'A summary', content: '<p>Some words</p>', item_type: 'article', media_url: null, audio_url: null, duration_seconds: null,
    episode_number: null, episode_type: null, explicit: null, artwork_url: null, description: null, platform_metadata: {}, source_hash: `hash-${guid}`,
    ...overrides,
  };
}

function parsed(feedId: string, items: NewItem[], at = new Date()): FeedWrite {
  return {
    feedId, kind: 'parsed', at, next: (published) => (published.length >= 2 ? 60 * minute : 30 * minute),
    channel: { title: 'Renamed', website: 'https://example.org', description: null, language: 'en', artwork_url: null, is_podcast: false },
    items, texts: [], listed: items.map(({ guid, url }) => ({ guid, url })), validators: { etag: '"v2"', last_modified: null, ttl_minutes: null },
  };
}

describeOnBothEngines('the refresh store on %s', ['feeds'], (f) => {
  it('claims due feeds for the lease: a claim meanwhile gets none of them, and one after the lease ran out gets them again', async () => {
    const user = await f.user();
    const { feedId } = await f.subscription(user);
    const at = new Date();
    expect(await f.store.feeds.claimDue(at, 10, 5 * minute)).toEqual([feedId]);
    expect(await f.store.feeds.claimDue(new Date(at.getTime() + minute), 10, 5 * minute)).toEqual([]);
    expect(await f.store.feeds.claimDue(new Date(at.getTime() + 6 * minute), 10, 5 * minute)).toEqual([feedId]);
  });

  it('gives two claims made at once disjoint feeds, together all those due', async () => {
    const user = await f.user();
    const feeds = await Promise.all(Array.from({ length: 12 }, () => f.subscription(user)));
    const at = new Date();
    const [one, two] = await Promise.all([f.store.feeds.claimDue(at, 8, minute), f.store.feeds.claimDue(at, 8, minute)]);
    expect(one.filter((id) => two.includes(id))).toEqual([]);
    expect(new Set([...one, ...two])).toEqual(new Set(feeds.map(({ feedId }) => feedId)));
  });

  it('claims only feeds whose time has come, soonest first, and never dead, newsletter, demo or unfollowed ones', async () => {
    const user = await f.user();
    const at = new Date();
    const later = await f.subscription(user);
    const sooner = await f.subscription(user);
    const notYet = await f.subscription(user);
    await f.run('UPDATE feeds SET next_fetch_at = ? WHERE id = ?', new Date(at.getTime() - minute).toISOString(), later.feedId);
    await f.run('UPDATE feeds SET next_fetch_at = ? WHERE id = ?', new Date(at.getTime() - 2 * minute).toISOString(), sooner.feedId);
    await f.run('UPDATE feeds SET next_fetch_at = ? WHERE id = ?', new Date(at.getTime() + minute).toISOString(), notYet.feedId);
    const dead = await f.subscription(user);
    await f.run("UPDATE feeds SET status = 'dead' WHERE id = ?", dead.feedId);
    const demo = await f.subscription(user);
    await f.run('UPDATE feeds SET is_demo = 1 WHERE id = ?', demo.feedId);
    await f.subscription(user, null, { source_type: 'newsletter' });
    const paused = await f.subscription(user);
    await f.run('UPDATE subscriptions SET is_active = 0 WHERE id = ?', paused.subscriptionId);
    expect(await f.store.feeds.claimDue(at, 10, minute)).toEqual([sooner.feedId, later.feedId]);
    expect((await f.store.feeds.toRefresh({ all: false, at })).map((feed) => feed.id).sort()).toEqual([later.feedId, sooner.feedId].sort());
    expect((await f.store.feeds.toRefresh({ all: true, at })).map((feed) => feed.id).sort()).toEqual([later.feedId, sooner.feedId, notYet.feedId, dead.feedId].sort());
  });

  it('writes a fetched feed in one unit: new items with entries, its rules\' steps, its state and next fetch, and ends its lease', async () => {
    const user = await f.user();
    const { feedId, itemId } = await f.subscription(user);
    // The steps run for subscribers with an active rule reaching the feed.
    await f.run(`INSERT INTO rules (id, user_id, fields, match, words, action, created_at, updated_at)
      VALUES ('rule', ?, '["title"]', 'any_words', '["title"]', 'mark_read', ?, ?)`, user, new Date().toISOString(), new Date().toISOString());
    await f.store.feeds.claimDue(new Date(), 10, minute);
    const at = new Date();
    const markRead: NewItemSteps = (ids) => () => ids.map((id) => ({ itemId: id, action: 'mark_read', tag: null, ruleId: null }));
    const [written] = await f.store.feeds.write([parsed(feedId, [item(itemId, { source_hash: undefined }), item('fresh'), item('fresh')], at)], markRead);
    expect(written).toMatchObject({ feedId, stored: { added: [expect.any(String)], skipped: 2 } });
    const added = (written as { stored: { added: string[] } }).stored.added[0];
    expect(await f.run('SELECT item_id, is_read FROM entries WHERE user_id = ? ORDER BY item_id', user)).toEqual([{ item_id: added, is_read: 1 }]);
    const [feed] = await f.run('SELECT title, status, etag, last_fetched_at, next_fetch_at, lease_until, listed_items FROM feeds WHERE id = ?', feedId);
    expect(feed).toMatchObject({ title: 'Renamed', status: 'healthy', etag: '"v2"', last_fetched_at: at.toISOString(), lease_until: null });
    expect(feed!.next_fetch_at).toBe(new Date(at.getTime() + 60 * minute).toISOString());
    expect(JSON.parse(feed!.listed_items as string).guids).toEqual([itemId, 'fresh', 'fresh']);
    expect(await f.store.feeds.claimDue(at, 10, minute)).toEqual([]);
  });

  it('reads the fetch states of a round\'s feeds in one call, leaving out those not stored', async () => {
    const user = await f.user();
    const one = await f.subscription(user);
    const two = await f.subscription(user);
    await f.run('UPDATE feeds SET etag = ?, failure_count = 2 WHERE id = ?', '"e"', two.feedId);
    const states = await f.store.feeds.fetchStates([two.feedId, 'no-such-feed', one.feedId]);
    expect(states.sort((a, b) => (a.id === two.feedId ? -1 : b.id === two.feedId ? 1 : 0))).toEqual([
      await f.store.feeds.fetchState(two.feedId), await f.store.feeds.fetchState(one.feedId),
    ]);
    expect(states[0]).toMatchObject({ etag: '"e"', failure_count: 2 });
  });

  it('records a failed fetch as the domain decided it, and tells a stored item from a new or edited one', async () => {
    const user = await f.user();
    const { feedId } = await f.subscription(user);
    await f.store.feeds.write([parsed(feedId, [item('kept')])], noSteps);
    expect(await f.store.feeds.storedAmong(feedId, [
      { guid: 'kept', url: null, fingerprint: 'hash-kept' }, { guid: 'kept', url: null, fingerprint: 'edited' },
      { guid: null, url: 'https://example.org/kept' }, { guid: 'new', url: null },
    ])).toEqual([true, false, true, false]);
    const at = new Date();
    const next = new Date(at.getTime() + 10 * minute);
    await f.store.feeds.write([{ feedId, kind: 'failed', at, status: 'dead', failures: 10, message: 'Gone.', nextFetchAt: next }], noSteps);
    expect(await f.store.feeds.fetchState(feedId)).toMatchObject({ id: feedId, etag: '"v2"', failure_count: 10 });
    expect((await f.run('SELECT status, last_error, next_fetch_at FROM feeds WHERE id = ?', feedId))[0]).toEqual({ status: 'dead', last_error: 'Gone.', next_fetch_at: next.toISOString() });
  });

  it('hands back a feed that cannot be stored with its error and nothing of it written, and stores the rest of the batch', async () => {
    const user = await f.user();
    const good = await f.subscription(user);
    const bad = await f.subscription(user);
    const written = await f.store.feeds.write([
      parsed(good.feedId, [item('fine')]), parsed(bad.feedId, [item('ok'), item('broken', { title: null as unknown as string })]),
    ], noSteps);
    expect(written[0]).toMatchObject({ feedId: good.feedId, stored: { added: [expect.any(String)] } });
    expect(written[1]).toMatchObject({ feedId: bad.feedId, error: expect.any(String) });
    expect(Number((await f.run("SELECT COUNT(*) AS n FROM items WHERE feed_id = ? AND guid = 'ok'", bad.feedId))[0]!.n)).toBe(0);
    expect((await f.run('SELECT title, etag FROM feeds WHERE id = ?', bad.feedId))[0]).toEqual({ title: 'Feed', etag: null });
  });
});
