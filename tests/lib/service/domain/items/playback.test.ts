import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordPlayback } from '@/lib/service/domain/items/playback';
import { episode, startHarness, type Harness } from '../../harness';

let h: Harness;
beforeAll(async () => { h = await startHarness(); });
afterAll(async () => { await h.stop(); });

async function seedEpisode(duration = 600) {
  const { user } = await h.createUser();
  const [id] = (await h.seedSubscription(user, [episode({ duration_seconds: duration })], { source_type: 'podcast' })).itemIds;
  return { userId: user.id, id };
}

const at = (iso: string) => Date.parse(iso);

describe('recordPlayback', () => {
  it('stamps last_played_at with the time the write was accepted', async () => {
    const { userId, id } = await seedEpisode();
    const result = await recordPlayback(h.service.store, userId, id, { position_seconds: 42, client_timestamp: '2026-05-01T10:00:00Z' }, at('2026-05-01T10:00:05Z'));
    expect(result).toEqual({ playback_position: 42, last_played_at: '2026-05-01T10:00:05.000Z', is_read: false, completed: false });
  });

  it('accepts a write with the same client timestamp as the last one', async () => {
    const { userId, id } = await seedEpisode();
    await recordPlayback(h.service.store, userId, id, { position_seconds: 10, client_timestamp: '2026-05-01T10:00:00Z' });
    expect((await recordPlayback(h.service.store, userId, id, { position_seconds: 11, client_timestamp: '2026-05-01T10:00:00Z' })).playback_position).toBe(11);
  });

  it('answers an older write with the state it keeps, last_played_at unchanged', async () => {
    const { userId, id } = await seedEpisode();
    const kept = await recordPlayback(h.service.store, userId, id, { position_seconds: 300, client_timestamp: '2026-05-01T10:00:00Z' }, at('2026-05-01T10:00:01Z'));
    const stale = await recordPlayback(h.service.store, userId, id, { position_seconds: 5, client_timestamp: '2026-05-01T09:00:00Z' }, at('2026-05-01T11:00:00Z'));
    expect(stale).toEqual(kept);
  });

  it('completes at exactly 95% of the duration', async () => {
    const { userId, id } = await seedEpisode(600);
    expect((await recordPlayback(h.service.store, userId, id, { position_seconds: 569 })).completed).toBe(false);
    expect((await recordPlayback(h.service.store, userId, id, { position_seconds: 570 })).completed).toBe(true);
  });
});
