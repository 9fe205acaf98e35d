import { expect, it } from 'vitest';
import { describeOnBothEngines } from './store-fixture';

describeOnBothEngines('the subscription store\'s search by text (%s)', ['subscriptions'], (f) => {

  it('finds the user\'s subscriptions by title, website or URL without regard to case, titles starting with the text first, then A to Z', async () => {
    const user = await f.user();
    const table = await f.subscription(user, null, { title: 'The Kitchen Table' });
    const notes = await f.subscription(user, null, { title: 'Kitchen Notes' });
    const bread = await f.subscription(user, null, { title: 'Daily Bread' });
    await f.run("UPDATE feeds SET website = 'https://kitchen-stories.example.org' WHERE id = ?", bread.feedId);
    const oven = await f.subscription(user, null, { title: 'Oven Log', url: 'https://feeds.example.net/KITCHEN/rss.xml' });
    await f.subscription(user, null, { title: 'Gardening' });
    await f.subscription(await f.user(), null, { title: 'Kitchen of someone else' });

    const all = await f.store.subscriptions.search(user, { q: ' kitchen ', limit: 10, offset: 0 }, null);
    expect(all.total).toBe(4);
    expect(all.rows.map((row) => row.id)).toEqual([notes, bread, oven, table].map((s) => s.subscriptionId));
    expect(all.rows[0]).toMatchObject({ title: 'Kitchen Notes', unread_count: 0, is_active: true, history_capped: false });
    const page = await f.store.subscriptions.search(user, { q: 'KITCHEN', limit: 2, offset: 2 }, null);
    expect(page).toMatchObject({ total: 4, rows: [{ id: oven.subscriptionId }, { id: table.subscriptionId }] });
  });

  it('matches the user\'s own title, a newsletter\'s address, one source type, and takes % and _ literally', async () => {
    const user = await f.user();
    const renamed = await f.subscription(user, null, { title: 'Original' });
    await f.run("UPDATE subscriptions SET title = 'Ärzte Zeitung' WHERE id = ?", renamed.subscriptionId);
    const letter = await f.subscription(user, null, { title: 'Morning Brief', url: null, source_type: 'newsletter' });
    await f.run("UPDATE feeds SET newsletter_address = 'brief-42@in.example.org' WHERE id = ?", letter.feedId);
    const show = await f.subscription(user, null, { title: 'Snake_case hour', source_type: 'podcast' });
    await f.subscription(user, null, { title: 'Snakes and ladders' });
    await f.subscription(user, null, { title: '100% Pure' });

    expect((await f.store.subscriptions.search(user, { q: 'ÄRZTE', limit: 10, offset: 0 }, null)).rows.map((row) => row.title)).toEqual(['Ärzte Zeitung']);
    expect((await f.store.subscriptions.search(user, { q: 'original', limit: 10, offset: 0 }, null)).total).toBe(0);
    expect((await f.store.subscriptions.search(user, { q: 'brief-42', limit: 10, offset: 0 }, null)).rows)
      .toEqual([expect.objectContaining({ id: letter.subscriptionId, source_type: 'newsletter', newsletter_address: 'brief-42@in.example.org' })]);
    expect((await f.store.subscriptions.search(user, { q: 'snake_', limit: 10, offset: 0 }, null)).rows.map((row) => row.id)).toEqual([show.subscriptionId]);
    expect((await f.store.subscriptions.search(user, { q: '0%', limit: 10, offset: 0 }, null)).rows.map((row) => row.title)).toEqual(['100% Pure']);
    const podcasts = await f.store.subscriptions.search(user, { q: 'snake', limit: 10, offset: 0, source_type: 'podcast' }, null);
    expect(podcasts).toMatchObject({ total: 1, rows: [{ id: show.subscriptionId, source_type: 'podcast' }] });
  });
});
