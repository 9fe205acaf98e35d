import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { describeOnBothEngines } from './store-fixture';

const hour = 3_600_000;

describeOnBothEngines('the story store on %s', ['stories'], (f) => {

  /** A story of these items (item id and its feed), dated by its newest member `hoursAgo`. */
  async function story(title: string, hoursAgo: number, members: { itemId: string; feedId: string }[]) {
    const id = randomUUID();
    const last = new Date(Date.now() - hoursAgo * hour).toISOString();
    await f.run(`INSERT INTO stories (id, title, summary, lead_item_id, first_published_at, last_published_at, article_count, source_count)
      VALUES (?, ?, '', ?, ?, ?, ?, ?)`, id, title, members[0]!.itemId, last, last, members.length, new Set(members.map((member) => member.feedId)).size);
    for (const member of members) {
      await f.run('INSERT INTO story_items (item_id, story_id, source_id, published_at) VALUES (?, ?, ?, ?)', member.itemId, id, member.feedId, last);
    }
    return id;
  }

  it('lists the stories enough of the user\'s feeds report, newest first, each with the user\'s articles newest first', async () => {
    const userId = await f.user();
    const now = Date.now();
    const article = (hoursAgo: number) => ({ item_type: 'article' as const, published_ms: now - hoursAgo * hour });
    const a = await f.entries(userId, [article(1), article(3), article(4)]);
    const b = await f.entries(userId, [article(2), article(5)]);
    const elsewhere = await f.entries(await f.user(), [article(0), article(0)]);
    // An item belongs to one story at most.
    const older = await story('Older', 5, [{ itemId: a.itemIds[1]!, feedId: a.feedId }, { itemId: b.itemIds[1]!, feedId: b.feedId }]);
    const newer = await story('Newer', 1, [
      { itemId: a.itemIds[0]!, feedId: a.feedId }, { itemId: b.itemIds[0]!, feedId: b.feedId }, { itemId: elsewhere.itemIds[0]!, feedId: elsewhere.feedId }]);
    await story('One outlet of theirs', 0, [{ itemId: a.itemIds[2]!, feedId: a.feedId }, { itemId: elsewhere.itemIds[1]!, feedId: elsewhere.feedId }]);

    const listed = await f.store.stories.listed(userId, 10, 2);
    expect(listed.map((entry) => entry.id)).toEqual([newer, older]);
    expect(listed[0]).toMatchObject({ title: 'Newer', summary: '' });
    expect(listed[0]!.articles.map((article) => [article.item.id, article.source_id])).toEqual([[a.itemIds[0], a.feedId], [b.itemIds[0], b.feedId]]);
    expect(listed[0]!.articles[0]!.item).toMatchObject({ title: 'Item', is_read: false, feeds: [{ id: a.subscriptionId }] });
    expect((await f.store.stories.listed(userId, 1, 2)).map((entry) => entry.id)).toEqual([newer]);
    expect(await f.store.stories.listed(userId, 10, 3)).toEqual([]);
  });
});
