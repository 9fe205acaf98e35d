import { expect, it } from 'vitest';
import type { SubscribeRules } from '@/lib/service/store/subscriptions';
import { describeOnBothEngines } from './store-fixture';

const dayMs = 86_400_000;
const rules = (overrides: Partial<SubscribeRules> = {}): SubscribeRules => ({ folderId: null, feedLimit: null, historyCap: null, now: new Date(), ...overrides });

describeOnBothEngines('the subscription store (%s)', ['subscriptions', 'folders'], (f) => {

  it('lists a folder, the unfiled or all subscriptions A to Z with unread counts and the total, and the most recent first past a cursor', async () => {
    const user = await f.user();
    const folder = await f.store.folders.create(user, { name: 'News', is_pinned: false }) as { id: string };
    const zebra = await f.subscription(user, null, { title: 'zebra' });
    const apple = await f.subscription(user, null, { title: 'Apple' });
    const filed = await f.subscription(user, folder.id, { title: 'Mango', source_type: 'podcast' });
    const { subscriptionId: read } = await f.entries(user, [{ item_type: 'article', published_ms: Date.now() + dayMs }, { item_type: 'article', published_ms: 1000 }]);
    await f.run("UPDATE subscriptions SET title = 'banana' WHERE id = ?", read);
    await f.subscription(await f.user(), null, { title: 'Not mine' });

    const unfiled = await f.store.subscriptions.listByName(user, { folder: null }, { limit: 2, offset: 0 }, null);
    expect(unfiled.total).toBe(3);
    expect(unfiled.rows.map((row) => row.title)).toEqual(['Apple', 'banana']);
    expect(unfiled.rows[1]).toMatchObject({ id: read, unread_count: 2, is_active: true, is_pinned: false, history_capped: false });
    expect((await f.store.subscriptions.listByName(user, { folder: folder.id }, { limit: 10, offset: 0 }, null)).rows.map((row) => row.id)).toEqual([filed.subscriptionId]);
    const podcasts = await f.store.subscriptions.listByName(user, { folder: 'all', source_type: 'podcast' }, { limit: 10, offset: 0 }, null);
    expect(podcasts).toMatchObject({ total: 1, rows: [{ id: filed.subscriptionId, source_type: 'podcast', folder_id: folder.id }] });

    const first = await f.store.subscriptions.listRecent(user, { folder: 'all' }, { limit: 2, after: null }, null);
    expect(first.total).toBe(4);
    expect(first.rows[0]).toMatchObject({ id: read });
    expect(first.rows[0].latest).toBeGreaterThan(Date.now());
    const last = first.rows[1];
    const rest = await f.store.subscriptions.listRecent(user, { folder: 'all' }, { limit: 10, after: { latest: last.latest, id: last.id } }, null);
    expect(new Set([...first.rows, ...rest.rows].map((row) => row.id))).toEqual(new Set([zebra, apple, filed].map((s) => s.subscriptionId).concat(read)));
    expect(rest.rows).toHaveLength(2);
  });

  it('says a subscription is history-capped when its feed holds items older than the cap before it was made', async () => {
    const user = await f.user();
    const { subscriptionId } = await f.entries(user, [{ item_type: 'article', published_ms: Date.now() - 200 * dayMs }]);
    expect((await f.store.subscriptions.byIds(user, [subscriptionId], 90))[0].history_capped).toBe(true);
    expect((await f.store.subscriptions.byIds(user, [subscriptionId], null))[0].history_capped).toBe(false);
    expect((await f.store.subscriptions.byIds(user, [subscriptionId], 365))[0].history_capped).toBe(false);
  });

  it('reads one subscription whole with its folder name and a podcast\'s episode count, and only the user\'s', async () => {
    const user = await f.user();
    const folder = await f.store.folders.create(user, { name: 'Shows', is_pinned: false }) as { id: string };
    const { subscriptionId } = await f.entries(user, [{ item_type: 'episode', published_ms: 1000, duration_seconds: 60 }, { item_type: 'episode', published_ms: 2000 }]);
    await f.run('UPDATE subscriptions SET folder_id = ? WHERE id = ?', folder.id, subscriptionId);
    expect(await f.store.subscriptions.detail(user, subscriptionId, null)).toMatchObject({ folder_name: 'Shows', episode_count: 2, source_type: 'podcast' });
    expect(await f.store.subscriptions.detail(await f.user(), subscriptionId, null)).toBeNull();
    expect(await f.store.subscriptions.sourceTypes(user)).toEqual(['podcast']);
    expect(await f.store.subscriptions.count(user)).toBe(1);
  });

  it('changes subscriptions all or none, refusing an unknown id, a folder not the user\'s and a speed for an article feed, and revives dead feeds', async () => {
    const user = await f.user();
    const a = await f.subscription(user);
    const b = await f.subscription(user);
    const theirs = await f.store.folders.create(await f.user(), { name: 'Theirs', is_pinned: false }) as { id: string };
    const ids = [a.subscriptionId, b.subscriptionId];
    expect(await f.store.subscriptions.change(user, [...ids, '00000000-0000-4000-8000-000000000000'], { is_pinned: true }, { revive: false, cap: null }))
      .toEqual({ missing: '00000000-0000-4000-8000-000000000000' });
    expect(await f.store.subscriptions.change(user, ids, { folder_id: theirs.id, is_pinned: true }, { revive: false, cap: null })).toBe('folder_not_found');
    expect(await f.store.subscriptions.change(user, ids, { playback_speed: 2, is_pinned: true }, { revive: false, cap: null })).toBe('not_podcast');
    expect((await f.store.subscriptions.byIds(user, ids, null)).every((row) => !row.is_pinned)).toBe(true);

    await f.run("UPDATE feeds SET status = 'dead' WHERE id = ?", a.feedId);
    const changed = await f.store.subscriptions.change(user, ids, { is_pinned: true, is_active: false, title: 'Renamed' }, { revive: true, cap: null });
    expect(Array.isArray(changed) && changed.map((row) => [row.is_pinned, row.is_active, row.title])).toEqual([[true, false, 'Renamed'], [true, false, 'Renamed']]);
    expect((await f.run('SELECT status FROM feeds WHERE id = ?', a.feedId))[0].status).toBe('failing');
  });

  it('unsubscribing keeps the entries the user saved, detached, unless the items go too (Google Reader), tags included', async () => {
    const user = await f.user();
    const kept = await f.entries(user, [{ item_type: 'article', published_ms: 1000 }, { item_type: 'article', published_ms: 2000 }]);
    await f.run('UPDATE entries SET is_saved = 1 WHERE item_id = ?', kept.itemIds[0]);
    expect(await f.store.subscriptions.remove(user, [kept.subscriptionId], { dropItems: false })).toEqual({ titles: ['Feed'] });
    expect(await f.run('SELECT item_id, subscription_id FROM entries WHERE user_id = ?', user)).toEqual([{ item_id: kept.itemIds[0], subscription_id: null }]);

    const dropped = await f.entries(user, [{ item_type: 'article', published_ms: 1000 }]);
    await f.run('UPDATE entries SET is_saved = 1 WHERE item_id = ?', dropped.itemIds[0]);
    await f.tag(user, 'Keep', [dropped.itemIds[0]]);
    expect(await f.store.subscriptions.remove(user, [dropped.subscriptionId, 'nope'], { dropItems: true })).toEqual({ missing: 'nope' });
    expect(await f.store.subscriptions.remove(user, [dropped.subscriptionId], { dropItems: true })).toEqual({ titles: ['Feed'] });
    expect(await f.run('SELECT item_id FROM entries WHERE user_id = ?', user)).toEqual([{ item_id: kept.itemIds[0] }]);
    expect(await f.tagsOf(dropped.itemIds[0])).toEqual([]);
  });

  it('subscribes to a stored feed with entries of what it last listed, once, within the plan\'s room and history', async () => {
    const owner = await f.user();
    const { subscriptionId, itemIds } = await f.entries(owner, [
      { item_type: 'article', published_ms: Date.now() - 200 * dayMs }, { item_type: 'article', published_ms: Date.now() - dayMs },
      { item_type: 'article', published_ms: Date.now() },
    ]);
    const [{ feed_id: feedId }] = await f.run('SELECT feed_id FROM subscriptions WHERE id = ?', subscriptionId) as { feed_id: string }[];
    // The last fetch listed the two older items only (the guids are the ids).
    await f.run('UPDATE feeds SET listed_items = ? WHERE id = ?', JSON.stringify({ guids: itemIds.slice(0, 2), urls: [] }), feedId);

    const reader = await f.user();
    const made = await f.store.subscriptions.subscribe(reader, feedId, rules({ historyCap: 90 }));
    expect(made).toMatchObject({ created: true, feed_id: feedId, title: 'Feed' });
    expect((await f.run('SELECT item_id FROM entries WHERE user_id = ?', reader)).map((row) => row.item_id)).toEqual([itemIds[1]]);
    expect(await f.store.subscriptions.subscribe(reader, feedId, rules())).toEqual({ ...(made as object), created: false });
    expect(await f.store.subscriptions.count(reader)).toBe(1);

    const full = await f.user();
    await f.subscription(full);
    expect(await f.store.subscriptions.subscribe(full, feedId, rules({ feedLimit: 1 }))).toBe('feed_limit');
    expect(await f.store.subscriptions.count(full)).toBe(1);
  });

  it('stores a new feed with what its first fetch learnt and subscribes to it, subscribes to it if stored meanwhile, or stores nothing beyond the plan', async () => {
    const user = await f.user();
    const next = new Date(Date.now() + 3600_000).toISOString();
    const made = await f.store.subscriptions.subscribeToNewFeed(user, { url: 'https://new.example/feed.xml', source_type: 'feed', title: 'New' },
      { etag: '"v1"', last_modified: null, next_fetch_at: next, listed: [{ guid: 'a', url: null }] }, rules());
    expect(made).toMatchObject({ created: true, title: 'New' });
    expect(await f.store.subscriptions.findFeed('https://new.example/feed.xml')).toBe((made as { feed_id: string }).feed_id);
    expect(await f.run('SELECT etag, next_fetch_at, listed_items FROM feeds WHERE url = ?', 'https://new.example/feed.xml'))
      .toEqual([{ etag: '"v1"', next_fetch_at: next, listed_items: JSON.stringify({ guids: ['a'], urls: [] }) }]);

    // Stored meanwhile (another request subscribed to the same new feed): the one feed is subscribed to.
    const other = await f.user();
    expect(await f.store.subscriptions.subscribeToNewFeed(other, { url: 'https://new.example/feed.xml', source_type: 'feed', title: 'New' }, null, rules()))
      .toEqual({ ...(made as object), created: true, subscription_id: expect.any(String) });
    expect(await f.run('SELECT id FROM feeds WHERE url = ?', 'https://new.example/feed.xml')).toHaveLength(1);

    expect(await f.store.subscriptions.subscribeToNewFeed(user, { url: null, source_type: 'newsletter', title: 'Letters', newsletter_address: 'x@mail.example' },
      null, rules({ feedLimit: 1 }))).toBe('feed_limit');
    expect(await f.run("SELECT id FROM feeds WHERE newsletter_address = 'x@mail.example'")).toEqual([]);
  });

  it('tells how the user\'s subscriptions are fetched, failing ones most recently tried first', async () => {
    const user = await f.user();
    const healthy = await f.subscription(user);
    const failing = await f.subscription(user);
    const dead = await f.subscription(user);
    await f.run("UPDATE feeds SET status = 'failing', last_error = 'Timed out.', last_fetched_at = '2026-01-02T00:00:00.000Z' WHERE id = ?", failing.feedId);
    await f.run("UPDATE feeds SET status = 'dead', last_fetched_at = '2026-01-01T00:00:00.000Z' WHERE id = ?", dead.feedId);
    expect(await f.store.subscriptions.health(user, healthy.subscriptionId)).toMatchObject({ status: 'healthy', is_demo: false, feed_id: healthy.feedId });
    expect(await f.store.subscriptions.health(await f.user(), healthy.subscriptionId)).toBeNull();
    expect((await f.store.subscriptions.failing(user)).map((row) => [row.subscription_id, row.status, row.last_error]))
      .toEqual([[failing.subscriptionId, 'failing', 'Timed out.'], [dead.subscriptionId, 'dead', null]]);
  });

  it('keeps full-content rules whole, answering the rules they replace, and finds them for an item of the subscription', async () => {
    const user = await f.user();
    const { subscriptionId, itemIds } = await f.entries(user, [{ item_type: 'article', published_ms: 1000 }, { item_type: 'article', published_ms: 2000 }]);
    await f.run("UPDATE items SET url = 'https://site.example/older' WHERE id = ?", itemIds[0]);
    expect(await f.store.subscriptions.contentTarget(user, subscriptionId)).toMatchObject({ source_type: 'feed' });
    expect(await f.store.subscriptions.contentRules(subscriptionId)).toBeNull();
    const first = { full_content: true, content_selector: 'article', remove_selector: null };
    expect(await f.store.subscriptions.saveContentRules(subscriptionId, first, new Date())).toBeNull();
    expect(await f.store.subscriptions.saveContentRules(subscriptionId, { ...first, full_content: false }, new Date())).toEqual(first);
    expect(await f.store.subscriptions.contentRules(subscriptionId)).toEqual({ ...first, full_content: false });
    expect(await f.store.subscriptions.articleRules(user, itemIds[1])).toEqual({ content_selector: 'article', remove_selector: null });
    expect(await f.store.subscriptions.latestItemWithPage(user, subscriptionId)).toEqual({ id: itemIds[0], title: 'Item', url: 'https://site.example/older' });
  });

  it('stores a new feed marked demo (seed:demo), which a new subscriber never waits for and whose health says demo', async () => {
    const user = await f.user();
    const made = await f.store.subscriptions.subscribeToNewFeed(user, { url: 'https://demo.example/feed.xml', source_type: 'feed', title: 'Demo', is_demo: true }, null, rules());
    const plain = await f.store.subscriptions.subscribeToNewFeed(user, { url: 'https://plain.example/feed.xml', source_type: 'feed', title: 'Plain' }, null, rules());
    const [demo, other] = [made, plain] as { feed_id: string; subscription_id: string }[];
    expect(await f.run('SELECT is_demo FROM feeds WHERE id = ?', demo.feed_id)).toEqual([{ is_demo: 1 }]);
    expect(await f.run('SELECT is_demo FROM feeds WHERE id = ?', other.feed_id)).toEqual([{ is_demo: 0 }]);
    expect(await f.store.subscriptions.health(user, demo.subscription_id)).toMatchObject({ is_demo: true });
    const newcomer = await f.user();
    expect(await f.store.subscriptions.staleForNewSubscriber(newcomer, demo.feed_id, new Date())).toBe(false);
    expect(await f.store.subscriptions.staleForNewSubscriber(newcomer, other.feed_id, new Date())).toBe(true);
  });

  it('subscribes to the newsletter feed stored under an address, followed by nobody, instead of storing a second one', async () => {
    const user = await f.user();
    const letter = { url: null, source_type: 'newsletter' as const, title: 'Letters', newsletter_address: 'kept@mail.example' };
    const made = await f.store.subscriptions.subscribeToNewFeed(user, letter, null, rules()) as { feed_id: string; subscription_id: string };
    await f.store.subscriptions.remove(user, [made.subscription_id], { dropItems: false });
    expect(await f.store.subscriptions.subscribeToNewFeed(user, letter, null, rules())).toMatchObject({ created: true, feed_id: made.feed_id });
    expect(await f.run("SELECT id FROM feeds WHERE newsletter_address = 'kept@mail.example'")).toHaveLength(1);
  });
});
