/*
 * The demo's seeding through the store alone, on each engine (the seed:demo command itself, on a
 * data directory, is seed-demo.test.ts): what it leaves is read back with plain SQL.
 */
import { expect, it } from 'vitest';
import type { IndexedDoc } from '@/lib/service/intelligence';
import { demoSources } from '@/lib/service/cli/demo-content';
import { seedDemo, type DemoTarget } from '@/lib/service/cli/demo-seed';
import { ensureUser } from '@/lib/service/domain/accounts';
import { describeOnBothEngines } from '../store/store-fixture';

// Seeding a few hundred items one store call after another takes a few seconds on a loaded machine.
const slow = 60_000;

describeOnBothEngines('seeding the demo through the store (%s)', ['accounts', 'subscriptions', 'folders', 'feeds', 'feedIcons', 'items', 'playback', 'tags', 'savedSearches'], (f) => {
  const target = (indexed: IndexedDoc[] = []): DemoTarget => ({ store: f.store, mailDomain: 'mail.example', index: (docs) => { indexed.push(...docs); } });

  it('follows every demo source, marked demo and with an icon, with items, a reading history and folders, and indexes the new items', async () => {
    const user = await ensureUser(f.store, 'demo@example.com');
    const indexed: IndexedDoc[] = [];
    const summary = await seedDemo(target(indexed), user);
    expect(summary).toMatchObject({ sources: demoSources.length, added: demoSources.length });
    expect(summary.items).toBeGreaterThanOrEqual(200);
    expect(summary.unread).toBeGreaterThan(0);
    expect(summary.unread).toBeLessThan(summary.items);
    expect(summary.saved).toBeGreaterThan(0);
    expect(summary.tagged).toBeGreaterThan(0);
    expect(new Set(indexed.map((doc) => doc.id)).size).toBe(summary.items);

    const feeds = await f.run('SELECT f.is_demo, f.newsletter_address, f.source_type FROM feeds f JOIN subscriptions s ON s.feed_id = f.id WHERE s.user_id = ?', user.id);
    expect(feeds).toHaveLength(demoSources.length);
    expect(feeds.every((feed) => Number(feed.is_demo) === 1)).toBe(true);
    expect(feeds.find((feed) => feed.source_type === 'newsletter')?.newsletter_address).toMatch(/@mail\.example$/);
    expect(await f.run('SELECT feed_id FROM feed_icons WHERE data IS NOT NULL')).toHaveLength(demoSources.length);
    expect((await f.run('SELECT id FROM subscriptions WHERE user_id = ? AND folder_id IS NOT NULL', user.id)).length).toBeGreaterThanOrEqual(2);
    expect((await f.run('SELECT item_id FROM entries WHERE user_id = ? AND playback_position > 0', user.id)).length).toBeGreaterThan(0);
    expect((await f.store.savedSearches.list(user.id)).map((search) => search.name).sort()).toEqual(['Budget votes', 'Flood defenses']);
  }, slow);

  it('adds nothing when run again for the same user, and gives another user the demo feeds already stored', async () => {
    const user = await ensureUser(f.store, 'demo@example.com');
    const first = await seedDemo(target(), user);
    const count = async (table: string) => Number((await f.run(`SELECT COUNT(*) AS n FROM ${table}`))[0].n);
    const [entries, items, feeds] = [await count('entries'), await count('items'), await count('feeds')];

    const again = await seedDemo(target(), user);
    expect(again).toEqual({ ...first, added: 0 });
    expect(await f.store.savedSearches.list(user.id)).toHaveLength(2);
    expect([await count('entries'), await count('items'), await count('feeds')]).toEqual([entries, items, feeds]);

    // The feeds' items are shared; only the newsletter (an address of each user's own) is a feed of its own.
    const other = await ensureUser(f.store, 'other@example.com');
    expect(await seedDemo(target(), other)).toMatchObject({ added: demoSources.length, items: first.items });
    expect(await count('feeds')).toBe(feeds + 1);
  }, slow);

  it('follows again, on the next run, a demo source the user unfollowed (the newsletter too, whose feed stays under its address)', async () => {
    const user = await ensureUser(f.store, 'demo@example.com');
    const first = await seedDemo(target(), user);
    const followed = await f.run("SELECT s.id FROM subscriptions s JOIN feeds f ON f.id = s.feed_id WHERE s.user_id = ? AND f.source_type IN ('newsletter', 'podcast')", user.id);
    expect(followed).toHaveLength(2);
    expect(await f.store.subscriptions.remove(user.id, followed.map((row) => String(row.id)), { dropItems: false })).toMatchObject({ titles: expect.any(Array) });
    const again = await seedDemo(target(), user);
    expect(again).toMatchObject({ added: 2, items: first.items });
  }, slow);
});
