import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { describeOnBothEngines } from './store-fixture';

describeOnBothEngines('finding a newsletter by its address on %s', ['subscriptions'], (f) => {
  it('finds a followed newsletter without case, paused only when every subscription to it is', async () => {
    const first = await f.user();
    const { feedId, subscriptionId } = await f.subscription(first, null, { url: null, source_type: 'newsletter', title: 'Letters' });
    await f.run("UPDATE feeds SET newsletter_address = 'Letters.ab12@Mail.Example' WHERE id = ?", feedId);
    expect(await f.store.subscriptions.newsletter('letters.ab12@mail.example')).toEqual({ feed_id: feedId, paused: false });
    await f.run('UPDATE subscriptions SET is_active = 0 WHERE id = ?', subscriptionId);
    expect(await f.store.subscriptions.newsletter('LETTERS.AB12@MAIL.EXAMPLE')).toEqual({ feed_id: feedId, paused: true });
    await f.run('INSERT INTO subscriptions (id, user_id, feed_id, created_at) VALUES (?, ?, ?, ?)', randomUUID(), await f.user(), feedId,
      new Date().toISOString());
    expect(await f.store.subscriptions.newsletter('letters.ab12@mail.example')).toEqual({ feed_id: feedId, paused: false });
  });

  it('finds no feed for an unknown address, a feed that is no newsletter, or a newsletter no one follows', async () => {
    const userId = await f.user();
    const { feedId } = await f.subscription(userId, null, { url: 'https://example.org/feed.xml' });
    await f.run("UPDATE feeds SET newsletter_address = 'feed@mail.example' WHERE id = ?", feedId);
    await f.run("INSERT INTO feeds (id, url, source_type, title, newsletter_address, created_at) VALUES (?, NULL, 'newsletter', 'Orphan', 'orphan@mail.example', ?)",
      randomUUID(), new Date().toISOString());
    expect(await f.store.subscriptions.newsletter('feed@mail.example')).toBeNull();
    expect(await f.store.subscriptions.newsletter('orphan@mail.example')).toBeNull();
    expect(await f.store.subscriptions.newsletter('nobody@mail.example')).toBeNull();
  });
});
