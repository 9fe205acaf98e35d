import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { describeOnBothEngines } from './store-fixture';

describeOnBothEngines('the feed icon store on %s', ['feedIcons'], (f) => {

  const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
  const icon = { contentType: 'image/png', data: png, url: 'https://example.org/favicon.png' };

  it('keeps an icon found earlier when a later look finds none, moving only the time, and serves it by feed or subscription', async () => {
    const { feedId, subscriptionId } = await f.subscription(await f.user());
    expect(await f.store.feedIcons.icon(feedId)).toBeNull();
    expect(await f.store.feedIcons.save(feedId, icon, '2026-01-01T00:00:00.000Z')).toBe(true);
    expect(await f.store.feedIcons.save(feedId, null, '2026-02-01T00:00:00.000Z')).toBe(true);
    const stored = await f.store.feedIcons.icon(subscriptionId);
    expect(stored?.contentType).toBe('image/png');
    expect(Buffer.from(stored!.data).equals(png)).toBe(true);
    expect(await f.run('SELECT source_url, fetched_at FROM feed_icons WHERE feed_id = ?', feedId))
      .toEqual([{ source_url: 'https://example.org/favicon.png', fetched_at: '2026-02-01T00:00:00.000Z' }]);
  });

  it('keeps nothing for a feed that is gone', async () => {
    expect(await f.store.feedIcons.save(randomUUID(), icon, new Date().toISOString())).toBe(false);
    expect(await f.run('SELECT feed_id FROM feed_icons')).toEqual([]);
  });

  it('lists feeds never looked at first, then those looked at before the cut-off, and no newsletters', async () => {
    const userId = await f.user();
    const stale = (await f.subscription(userId)).feedId;
    const fresh = (await f.subscription(userId)).feedId;
    const never = (await f.subscription(userId)).feedId;
    await f.subscription(userId, null, { source_type: 'newsletter', url: null });
    await f.store.feedIcons.save(stale, null, '2026-01-01T00:00:00.000Z');
    await f.store.feedIcons.save(fresh, icon, '2026-03-01T00:00:00.000Z');
    const due = await f.store.feedIcons.due('2026-02-01T00:00:00.000Z', 10);
    expect(due.map((feed) => feed.id)).toEqual([never, stale]);
    expect(due[0]).toEqual({ id: never, url: `https://example.org/${never}.xml`, website: null });
    expect((await f.store.feedIcons.due('2026-02-01T00:00:00.000Z', 1)).map((feed) => feed.id)).toEqual([never]);
  });
});
