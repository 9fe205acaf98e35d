import { expect, it } from 'vitest';
import { describeOnBothEngines } from './store-fixture';

describeOnBothEngines('the OPML store (%s)', ['opml'], (f) => {

  it('lists the feeds to export without a folder first, then by folder and title, leaving out newsletters', async () => {
    const user = await f.user();
    const news = await f.store.folders.create(user, { name: 'news', is_pinned: false }) as { id: string };
    const arts = await f.store.folders.create(user, { name: 'Arts', is_pinned: false }) as { id: string };
    await f.subscription(user, news.id, { title: 'b news', url: 'https://b.example/feed' });
    await f.subscription(user, arts.id, { title: 'Zine', url: 'https://z.example/feed' });
    await f.subscription(user, null, { title: 'Loose', url: 'https://l.example/feed' });
    await f.subscription(user, null, { title: 'Letters', url: null, source_type: 'newsletter' });
    await f.subscription(await f.user(), null, { title: 'Not mine' });
    expect(await f.store.opml.exportedFeeds(user)).toEqual([
      { title: 'Loose', url: 'https://l.example/feed', website: null, folder: null },
      { title: 'Zine', url: 'https://z.example/feed', website: null, folder: 'Arts' },
      { title: 'b news', url: 'https://b.example/feed', website: null, folder: 'news' },
    ]);
  });

  it('imports feeds each on its own: new ones stored as never fetched until the time given, a known one keeps the outline\'s title unless it is the feed\'s, one beyond the plan refused', async () => {
    const user = await f.user();
    const until = new Date(Date.now() + 600_000);
    const known = await f.subscription(await f.user(), null, { title: 'Known', url: 'https://known.example/feed.xml' });
    const same = await f.subscription(await f.user(), null, { title: 'Same', url: 'https://same.example/feed.xml' });
    const { outcomes, created } = await f.store.opml.importFeeds(user, [
      { url: 'https://known.example/feed.xml', title: 'Known', outlineTitle: 'My name for it', folderId: null },
      { url: 'https://same.example/feed.xml', title: 'Same', outlineTitle: 'Same', folderId: null },
      { url: 'https://fresh.example/feed.xml', title: 'Fresh', outlineTitle: 'Fresh', folderId: null },
      { url: 'https://known.example/feed.xml', title: 'Known', outlineTitle: null, folderId: null },
      { url: 'https://over.example/feed.xml', title: 'Over', outlineTitle: null, folderId: null },
    ], { feedLimit: 3, historyCap: null, now: new Date(), holdUntil: until });
    expect(outcomes).toEqual(['imported', 'imported', 'imported', 'already_subscribed', 'feed_limit']);
    expect(created).toEqual([{ id: expect.any(String), url: 'https://fresh.example/feed.xml' }]);
    expect(await f.feed(created[0].id)).toMatchObject({ last_fetched_at: null, next_fetch_at: until.toISOString() });
    expect((await f.feed(known.feedId)).last_fetched_at).not.toBeNull();
    expect(await f.store.opml.hasFeed('https://over.example/feed.xml')).toBe(false);
    const titles = await f.run('SELECT feed_id, title FROM subscriptions WHERE user_id = ? ORDER BY title', user);
    expect(titles).toEqual(expect.arrayContaining([{ feed_id: known.feedId, title: 'My name for it' }, { feed_id: same.feedId, title: null }]));
  });

  it('moves an imported page to the URL of its feed only when no other feed has that URL', async () => {
    const user = await f.user();
    const { feedId: page } = await f.subscription(user, null, { url: 'https://site.example/' });
    await f.subscription(user, null, { url: 'https://taken.example/feed' });
    expect(await f.store.opml.hasFeed('https://taken.example/feed')).toBe(true);
    expect(await f.store.opml.hasFeed('https://site.example/feed')).toBe(false);
    expect(await f.store.opml.moveFeed(page, 'https://taken.example/feed')).toBe(false);
    expect((await f.feed(page)).url).toBe('https://site.example/');
    expect(await f.store.opml.moveFeed(page, 'https://site.example/feed')).toBe(true);
    expect((await f.feed(page)).url).toBe('https://site.example/feed');
  });
});
