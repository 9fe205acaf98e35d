import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import type { FullContentNote } from '@/lib/service/store/articles';
import { describeOnBothEngines } from './store-fixture';

describeOnBothEngines('the article store on %s', ['articles', 'chapters'], (f) => {

  const now = () => new Date().toISOString();
  /** A new item of the feed with a page, as ingest stores it. */
  async function item(feedId: string, fields: { url?: string | null; full_content?: string | null; metadata?: object; created_at?: string; published_ms?: number } = {}) {
    const id = randomUUID();
    await f.run(`INSERT INTO items (id, feed_id, guid, title, url, full_content, platform_metadata, published_ms, created_at)
      VALUES (?, ?, ?, 'Item', ?, ?, ?, ?, ?)`, id, feedId, id, fields.url === undefined ? `https://example.org/${id}` : fields.url,
    fields.full_content ?? null, JSON.stringify(fields.metadata ?? {}), fields.published_ms ?? Date.now(), fields.created_at ?? now());
    return id;
  }
  const failed = (attempts: number, retry: boolean): { full_content: FullContentNote } =>
    ({ full_content: { status: 'failed', message: 'No.', at: now(), attempts, retry } });

  it('keeps a fetched article with the note made from the previous one, a failure keeping the article fetched before', async () => {
    const { feedId } = await f.subscription(await f.user());
    const id = await item(feedId, { full_content: '<p>Earlier</p>', metadata: { video_id: 'v1' } });
    const notes: (FullContentNote | undefined)[] = [];
    const failure = (previous: FullContentNote | undefined): FullContentNote => {
      notes.push(previous);
      return { status: 'failed', at: now(), attempts: (previous?.attempts ?? 0) + 1, retry: true };
    };
    expect(await f.store.articles.keep(id, null, failure)).toBe(true);
    expect(await f.store.articles.keep(id, null, failure)).toBe(true);
    expect(notes.map((note) => note?.attempts)).toEqual([undefined, 1]);
    const page = await f.store.articles.page(id);
    expect(page?.full_content).toBe('<p>Earlier</p>');
    expect(JSON.parse(page!.platform_metadata)).toMatchObject({ video_id: 'v1', full_content: { status: 'failed', attempts: 2 } });

    expect(await f.store.articles.keep(id, '<p>Now</p>', () => ({ status: 'extracted', at: now() }))).toBe(true);
    expect((await f.store.articles.page(id))?.full_content).toBe('<p>Now</p>');
    expect(await f.store.articles.lacksArticle(id)).toBe(false);
    expect(await f.store.articles.keep(randomUUID(), '<p>Lost</p>', failure)).toBe(false);
    expect(await f.store.articles.page(randomUUID())).toBeNull();
  });

  it('lists a feed’s recent items waiting for their article: never tried, or failed for a passing reason fewer times than allowed, newest first', async () => {
    const { feedId, itemId: seeded } = await f.subscription(await f.user());
    await f.run('DELETE FROM items WHERE id = ?', seeded);
    const base = Date.now();
    const fresh = await item(feedId, { published_ms: base - 1000 });
    const retrying = await item(feedId, { metadata: failed(1, true), published_ms: base });
    const older = base - 5000;
    await item(feedId, { metadata: failed(3, true), published_ms: older });
    await item(feedId, { metadata: failed(1, false), published_ms: older });
    await item(feedId, { full_content: '<p>Got</p>', published_ms: older });
    await item(feedId, { url: null, published_ms: base + 1000 });
    await item(feedId, { created_at: new Date(base - 10 * 86_400_000).toISOString(), published_ms: older });
    const since = new Date(base - 86_400_000).toISOString();
    expect(await f.store.articles.waiting(feedId, since, 3)).toEqual([retrying, fresh]);
    expect(await f.store.articles.lacksArticle(fresh)).toBe(true);
    expect(await f.store.articles.lacksArticle(randomUUID())).toBe(false);
    expect((await f.store.articles.latest(feedId, 2))).toEqual([retrying, fresh]);
  });

  it('takes a feed’s article rules from the latest saved active subscription asking for full articles, and opens its entries with the article', async () => {
    const first = await f.user();
    const second = await f.user();
    const { feedId, subscriptionId, itemIds: [itemId] } = await f.entries(first, [{ item_type: 'article', published_ms: Date.now() }]);
    expect(await f.store.articles.feedRules(feedId)).toBeNull();
    const other = randomUUID();
    await f.run('INSERT INTO subscriptions (id, user_id, feed_id, created_at) VALUES (?, ?, ?, ?)', other, second, feedId, now());
    await f.run(`INSERT INTO entries (user_id, item_id, subscription_id, item_type, published_ms, item_rowid)
      SELECT ?, id, ?, item_type, published_ms, rowid FROM items WHERE id = ?`, second, other, itemId);
    await f.run('INSERT INTO subscription_content_rules (subscription_id, full_content, content_selector, updated_at) VALUES (?, 1, ?, ?)',
      subscriptionId, 'article', '2026-01-01T00:00:00.000Z');
    await f.run('INSERT INTO subscription_content_rules (subscription_id, full_content, content_selector, updated_at) VALUES (?, 0, ?, ?)',
      other, 'main', '2026-02-01T00:00:00.000Z');
    expect(await f.store.articles.feedRules(feedId)).toEqual({ content_selector: 'article', remove_selector: null });
    await f.store.articles.preferArticle(itemId!);
    const rows = await f.run('SELECT user_id, prefers_full_content FROM entries WHERE item_id = ?', itemId);
    expect(Object.fromEntries(rows.map((row) => [row.user_id, Number(row.prefers_full_content)]))).toEqual({ [first]: 1, [second]: 0 });
    await f.run('UPDATE subscriptions SET is_active = 0 WHERE id = ?', subscriptionId);
    expect(await f.store.articles.feedRules(feedId)).toBeNull();
  });

  it('gives an article to summarize only until its summary is kept, and never replaces a kept summary', async () => {
    const { feedId } = await f.subscription(await f.user());
    const id = await item(feedId);
    expect(await f.store.articles.summarySource(id)).toEqual({ title: 'Item', summary: null, content: null });
    await f.store.articles.keepSummary(id, 'First.');
    await f.store.articles.keepSummary(id, 'Second.');
    expect(await f.store.articles.summarySource(id)).toBeNull();
    expect((await f.run('SELECT ai_summary FROM items WHERE id = ?', id))[0]!.ai_summary).toBe('First.');
  });

  it('reads an item’s chapters only for a user who has it', async () => {
    const userId = await f.user();
    const { itemIds: [episode] } = await f.entries(userId, [{ item_type: 'episode', published_ms: Date.now() }]);
    await f.run('UPDATE items SET platform_metadata = ? WHERE id = ?', '{"chapters_url":"https://example.org/c.json"}', episode);
    expect(await f.store.chapters.item(userId, episode!)).toEqual({ item_type: 'episode', platform_metadata: '{"chapters_url":"https://example.org/c.json"}' });
    expect(await f.store.chapters.item(await f.user(), episode!)).toBeNull();
  });
});
