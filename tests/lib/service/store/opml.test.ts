import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { withPostgres } from '../../../postgres';
import { fixturesFor, type StoreFixture } from './store-fixture';

withPostgres();

describe.each(fixturesFor('opml'))('the OPML store (%s)', (_engine, open) => {
  let f: StoreFixture;
  beforeEach(async () => { f = await open(); });
  afterEach(async () => { await f.close(); });

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

  it('holds imported feeds as never fetched until the time given', async () => {
    const user = await f.user();
    const { feedId } = await f.subscription(user);
    const { feedId: other } = await f.subscription(user);
    const until = new Date(Date.now() + 600_000);
    await f.store.opml.holdUnfetched([feedId], until);
    expect(await f.feed(feedId)).toMatchObject({ last_fetched_at: null, next_fetch_at: until.toISOString() });
    expect((await f.feed(other)).last_fetched_at).not.toBeNull();
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
