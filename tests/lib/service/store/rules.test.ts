import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import type { RuleEntry, RuleSpec, RuleSubscriber } from '@/lib/service/store/rules';
import { newItemSteps } from '@/lib/service/domain/rules/ingest-rules';
import { describeOnBothEngines } from './store-fixture';

const markRead: RuleSpec = {
  subscription_id: null, fields: ['title'], match: 'any_words', words: ['Item'], pattern: null, action: 'mark_read', tag: null, is_active: true,
};
const hour = 3_600_000;
const everyEntry = { subscriptionId: null, withContent: false };

describeOnBothEngines('the rule store on %s', ['rules'], (f) => {

  /** A user following a feed of three articles an hour apart, newest first in `itemIds`. */
  async function seedArticles() {
    const userId = await f.user();
    const now = Date.now();
    const seeded = await f.entries(userId, [0, 1, 2].map((hours) => ({ item_type: 'article' as const, published_ms: now - hours * hour })));
    return { userId, ...seeded };
  }
  const only = (ids: string[]) => (entry: RuleEntry) => ids.includes(entry.id);

  it('keeps each user\'s rules to themselves, oldest first even when made at once, and changes and deletes them', async () => {
    const userId = await f.user();
    const other = await f.user();
    const made = await Promise.all([1, 2, 3].map((n) => f.store.rules.create(userId, { ...markRead, words: [`w${n}`] })));
    const listed = await f.store.rules.list(userId);
    expect(listed).toHaveLength(3);
    expect(new Set(listed.map((rule) => rule.created_at)).size).toBe(3);
    expect(listed.map((rule) => rule.created_at)).toEqual(listed.map((rule) => rule.created_at).sort());
    expect(made[0]).toEqual({ ...markRead, words: ['w1'], id: expect.any(String), created_at: expect.any(String), updated_at: expect.any(String) });
    expect(await f.store.rules.list(other)).toEqual([]);

    const id = made[0]!.id;
    expect(await f.store.rules.get(other, id)).toBeNull();
    expect(await f.store.rules.update(other, id, { ...markRead, action: 'hide' })).toBeNull();
    expect(await f.store.rules.delete(other, id)).toBe(false);
    const changed = await f.store.rules.update(userId, id, { ...markRead, action: 'tag', tag: 'news', is_active: false });
    expect(changed).toMatchObject({ id, action: 'tag', tag: 'news', is_active: false, created_at: made[0]!.created_at });
    expect(await f.store.rules.get(userId, id)).toEqual(changed);
    expect(await f.store.rules.delete(userId, id)).toBe(true);
    expect(await f.store.rules.get(userId, id)).toBeNull();
  });

  it('says whether a subscription is the user\'s', async () => {
    const userId = await f.user();
    const { subscriptionId } = await f.subscription(userId);
    expect(await f.store.rules.ownsSubscription(userId, subscriptionId)).toBe(true);
    expect(await f.store.rules.ownsSubscription(await f.user(), subscriptionId)).toBe(false);
  });

  it('offers the user\'s entries in scope newest first, with their state and tags, and answers those accepted', async () => {
    const { userId, subscriptionId, itemIds } = await seedArticles();
    await f.user().then((other) => f.entries(other, [{ item_type: 'article', published_ms: Date.now() }]));
    const elsewhere = await f.entries(userId, [{ item_type: 'article', published_ms: Date.now() + hour }]);
    await f.tag(userId, 'Later', [itemIds[1]!]);
    const offered: RuleEntry[] = [];
    const found = await f.store.rules.matching(userId, { subscriptionId, withContent: true }, (entry) => {
      offered.push(entry);
      return entry.id !== itemIds[0];
    });
    expect(offered.map((entry) => entry.id)).toEqual(itemIds);
    expect(offered[1]).toMatchObject({ title: 'Item', feed_title: 'Feed', is_read: false, is_saved: false, tags: ['Later'] });
    expect(offered[0]!.tags).toEqual([]);
    expect(found.map((entry) => entry.id)).toEqual(itemIds.slice(1));
    const everywhere = await f.store.rules.matching(userId, everyEntry, () => true);
    expect(everywhere.map((entry) => entry.id)).toEqual([elsewhere.itemIds[0], ...itemIds]);
  });

  it('applies a step to the matching entries in one go, counting what it changed', async () => {
    const { userId, itemIds } = await seedArticles();
    const read = await f.store.rules.apply(userId, everyEntry, only(itemIds.slice(0, 2)), { action: 'mark_read', tag: null, ruleId: null }, null);
    expect(read).toEqual({ matched: 2, changed: 2 });
    const again = await f.store.rules.apply(userId, everyEntry, only(itemIds), { action: 'mark_read', tag: null, ruleId: null }, null);
    expect(again).toEqual({ matched: 3, changed: 1 });
    const state = await f.store.rules.matching(userId, everyEntry, () => true);
    expect(state.every((entry) => entry.is_read)).toBe(true);
  });

  it('saves the newest matches first and stops at the saved-items limit, counting the items already saved', async () => {
    const { userId, itemIds } = await seedArticles();
    const save = { action: 'save' as const, tag: null, ruleId: null };
    expect(await f.store.rules.apply(userId, everyEntry, only([itemIds[2]!]), save, 2)).toEqual({ matched: 1, changed: 1 });
    expect(await f.store.rules.apply(userId, everyEntry, only(itemIds), save, 2)).toEqual({ matched: 3, changed: 1 });
    const saved = (await f.store.rules.matching(userId, everyEntry, (entry) => entry.is_saved)).map((entry) => entry.id);
    expect(saved).toEqual([itemIds[0], itemIds[2]]);
  });

  it('tags with the user\'s tag of that name whatever its case, making it only when missing', async () => {
    const { userId, itemIds } = await seedArticles();
    await f.tag(userId, 'Releases', [itemIds[0]!]);
    const tagged = await f.store.rules.apply(userId, everyEntry, only(itemIds.slice(0, 2)), { action: 'tag', tag: 'releases', ruleId: null }, null);
    expect(tagged).toEqual({ matched: 2, changed: 1 });
    expect(await f.tagsOf(itemIds[1]!)).toEqual(['Releases']);
    await f.store.rules.apply(userId, everyEntry, only([itemIds[2]!]), { action: 'tag', tag: 'Fresh', ruleId: null }, null);
    expect(await f.tagsOf(itemIds[2]!)).toEqual(['Fresh']);
  });

  it('hides matching entries except saved ones, and shows a rule\'s hidden items again as read or unread as they were', async () => {
    const { userId, itemIds } = await seedArticles();
    const rule = await f.store.rules.create(userId, { ...markRead, action: 'hide' });
    await f.store.rules.apply(userId, everyEntry, only([itemIds[0]!]), { action: 'mark_read', tag: null, ruleId: null }, null);
    await f.store.rules.apply(userId, everyEntry, only([itemIds[2]!]), { action: 'save', tag: null, ruleId: null }, null);
    const hidden = await f.store.rules.apply(userId, everyEntry, () => true, { action: 'hide', tag: null, ruleId: rule.id }, null);
    expect(hidden).toEqual({ matched: 3, changed: 2 });
    expect((await f.store.rules.matching(userId, everyEntry, () => true)).map((entry) => entry.id)).toEqual([itemIds[2]]);

    expect(await f.store.rules.showHidden(userId, randomUUID())).toBe(0);
    expect(await f.store.rules.showHidden(userId, rule.id)).toBe(2);
    const back = await f.store.rules.matching(userId, everyEntry, () => true);
    expect(back.map((entry) => [entry.id, entry.is_read])).toEqual([[itemIds[0], true], [itemIds[1], false], [itemIds[2], false]]);
    expect(await f.store.rules.showHidden(userId, rule.id)).toBe(0);
  });

  it('hands ingest each subscriber with active rules reaching the feed, with their entries of the new items, and does the steps', async () => {
    const { userId, feedId, subscriptionId, itemIds } = await seedArticles();
    const withoutRules = await f.user();
    await f.store.rules.create(userId, { ...markRead, words: ['release'] });
    await f.store.rules.create(userId, { ...markRead, action: 'save', is_active: false });
    await f.store.rules.create(userId, { ...markRead, action: 'hide', subscription_id: (await f.subscription(userId)).subscriptionId });
    await f.store.rules.create(withoutRules, markRead);
    const seen: RuleSubscriber[] = [];
    const items = ['Version 2 release', 'Ordinary', 'Another release'].map((title) => ({ title, content: null, summary: null, author: null, url: null }));
    const steps = newItemSteps(itemIds, items);
    await f.store.rules.actOnNewItems(feedId, itemIds, (subscriber) => {
      seen.push(subscriber);
      return steps(subscriber);
    });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ userId, plan: 'free', savedCount: 0, rules: [expect.objectContaining({ words: ['release'] })] });
    expect(seen[0]!.entries.map((entry) => entry.itemId).sort()).toEqual([...itemIds].sort());
    const state = await f.store.rules.matching(userId, { subscriptionId, withContent: false }, () => true);
    expect(state.map((entry) => entry.is_read)).toEqual([true, false, true]);
  });

  it('asks nothing of ingest for a feed none of whose subscribers has a rule, and changes nothing when a decision throws', async () => {
    const { userId, feedId, itemIds } = await seedArticles();
    let asked = 0;
    await f.store.rules.actOnNewItems(feedId, itemIds, () => { asked++; return []; });
    expect(asked).toBe(0);
    // A second subscriber: the first one's steps are done before the second decision throws.
    const second = await f.user();
    await f.store.rules.create(userId, markRead);
    await f.store.rules.create(second, markRead);
    await f.run('INSERT INTO subscriptions (id, user_id, feed_id, created_at) VALUES (?, ?, ?, ?)', randomUUID(), second, feedId, new Date().toISOString());
    for (const itemId of itemIds) {
      await f.run(`INSERT INTO entries (user_id, item_id, subscription_id, item_type, published_ms, item_rowid)
        SELECT ?, item_id, NULL, item_type, published_ms, item_rowid FROM entries WHERE user_id = ? AND item_id = ?`, second, userId, itemId);
    }
    await expect(f.store.rules.actOnNewItems(feedId, itemIds, (subscriber) => {
      if (++asked === 2) throw new Error('refused');
      return subscriber.entries.map((entry) => ({ itemId: entry.itemId, action: 'mark_read' as const, tag: null, ruleId: null }));
    })).rejects.toThrow('refused');
    for (const user of [userId, second]) expect(await f.store.rules.matching(user, everyEntry, (entry) => entry.is_read)).toEqual([]);
  });
});
