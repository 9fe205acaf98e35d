import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import type { PlaybackState } from '@/lib/service/store/playback';
import { episode, startHarness, type Harness } from '../harness';

const started: Harness[] = [];
afterAll(async () => {
  for (const h of started) await h.stop();
});

/** A running service on a new SQLite file: its store, and the harness to seed the entries playback writes to. */
async function openSqlite(): Promise<Harness> {
  const h = await startHarness();
  started.push(h);
  return h;
}

async function seedEpisode(h: Harness) {
  const { user } = await h.createUser();
  const { itemIds: [itemId] } = h.seedSubscription(user, [episode({ duration_seconds: 600 })], { source_type: 'podcast' });
  return { userId: user.id, itemId };
}

describe.each([['SQLite', openSqlite]] as [string, () => Promise<Harness>][])('the playback store on %s', (_engine, open) => {
  it('hands `next` the entry as it is and keeps what it answers', async () => {
    const h = await open();
    const { userId, itemId } = await seedEpisode(h);
    const seen: PlaybackState[] = [];
    const heard = await h.service.store.playback.record(userId, itemId, (current) => {
      seen.push(current);
      return { ...current, playback_position: 590, last_played_ms: 2000, playback_client_ms: 1000, is_read: true, playback_completed: true };
    });
    expect(seen).toEqual([{ item_type: 'episode', duration_seconds: 600, playback_position: null, last_played_ms: null, playback_client_ms: null, is_read: false, playback_completed: false }]);
    expect(heard).toMatchObject({ playback_position: 590, is_read: true, playback_completed: true });
    const again = await h.service.store.playback.record(userId, itemId, () => null);
    expect(again).toEqual(heard);
  });

  it('answers null for an item the user has no entry for, without calling `next`', async () => {
    const h = await open();
    const { userId } = await seedEpisode(h);
    let called = false;
    expect(await h.service.store.playback.record(userId, randomUUID(), () => { called = true; return null; })).toBeNull();
    expect(called).toBe(false);
  });

  it('changes nothing when `next` throws', async () => {
    const h = await open();
    const { userId, itemId } = await seedEpisode(h);
    await expect(h.service.store.playback.record(userId, itemId, () => { throw new Error('refused'); })).rejects.toThrow('refused');
    expect(await h.service.store.playback.record(userId, itemId, () => null)).toMatchObject({ playback_position: null, is_read: false });
  });
});
