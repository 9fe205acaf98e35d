import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import type { PlaybackState } from '@/lib/service/store/playback';
import { describeOnBothEngines } from './store-fixture';

describeOnBothEngines('the playback store on %s', ['playback'], (f) => {

  async function seedEpisode() {
    const userId = await f.user();
    const { itemIds: [itemId] } = await f.entries(userId, [{ item_type: 'episode', published_ms: Date.now(), duration_seconds: 600 }]);
    return { userId, itemId: itemId! };
  }

  it('hands `next` the entry as it is and keeps what it answers', async () => {
    const { userId, itemId } = await seedEpisode();
    const seen: PlaybackState[] = [];
    const heard = await f.store.playback.record(userId, itemId, (current) => {
      seen.push(current);
      return { ...current, playback_position: 590, last_played_ms: 2000, playback_client_ms: 1000, is_read: true, playback_completed: true };
    });
    expect(seen).toEqual([{ item_type: 'episode', duration_seconds: 600, playback_position: null, last_played_ms: null, playback_client_ms: null, is_read: false, playback_completed: false }]);
    expect(heard).toMatchObject({ playback_position: 590, is_read: true, playback_completed: true });
    const again = await f.store.playback.record(userId, itemId, () => null);
    expect(again).toEqual(heard);
  });

  it('answers null for an item the user has no entry for, without calling `next`', async () => {
    const { userId } = await seedEpisode();
    let called = false;
    expect(await f.store.playback.record(userId, randomUUID(), () => { called = true; return null; })).toBeNull();
    expect(called).toBe(false);
  });

  it('changes nothing when `next` throws', async () => {
    const { userId, itemId } = await seedEpisode();
    await expect(f.store.playback.record(userId, itemId, () => { throw new Error('refused'); })).rejects.toThrow('refused');
    expect(await f.store.playback.record(userId, itemId, () => null)).toMatchObject({ playback_position: null, is_read: false });
  });

  it('applies records made at once one after another, each `next` seeing the one before', async () => {
    const { userId, itemId } = await seedEpisode();
    await Promise.all([1, 2, 3, 4].map(() => f.store.playback.record(userId, itemId, (current) =>
      ({ ...current, playback_position: (current.playback_position ?? 0) + 10 }))));
    expect(await f.store.playback.record(userId, itemId, () => null)).toMatchObject({ playback_position: 40 });
  });
});
