import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { article, episode, isoDaysAgo, startHarness, type Harness } from '../harness';

let h: Harness;
beforeAll(async () => { h = await startHarness(); });
afterAll(async () => { await h.stop(); });

async function seed(duration: number | null = 1000) {
  const account = await h.createUser();
  const [episodeId] = (await h.seedSubscription(account.user, [episode({ duration_seconds: duration })], { source_type: 'podcast' })).itemIds;
  const [articleId] = (await h.seedSubscription(account.user, [article()])).itemIds;
  return { ...account, episodeId, articleId };
}

async function progress(key: string, id: string, body: Record<string, unknown>) {
  return h.call('POST', `/v1/items/${id}/playback-progress`, { key, body });
}

async function stateOf(key: string, id: string) {
  return (await h.call('GET', `/v1/items/${id}`, { key })).body as { playback_position: number | null; last_played_at: string | null; is_read: boolean };
}

describe('POST /v1/items/{id}/playback-progress', () => {
  it('records the position and answers the playback result', async () => {
    const { key, episodeId } = await seed();
    const answer = await progress(key, episodeId, { position_seconds: 120, client_timestamp: isoDaysAgo(0.01) });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ playback_position: 120, last_played_at: expect.any(String), is_read: false, completed: false });
    expect(Date.parse(answer.body.last_played_at)).not.toBeNaN();
    const state = await stateOf(key, episodeId);
    expect(state).toMatchObject({ playback_position: 120, last_played_at: answer.body.last_played_at, is_read: false });
  });

  it('keeps the newer write when an older one (by client_timestamp) arrives later', async () => {
    const { key, episodeId } = await seed();
    await progress(key, episodeId, { position_seconds: 500, client_timestamp: isoDaysAgo(0.01) });
    const stale = await progress(key, episodeId, { position_seconds: 100, client_timestamp: isoDaysAgo(0.02) });
    expect(stale.status).toBe(200);
    expect(stale.body.playback_position).toBe(500);
    expect((await stateOf(key, episodeId)).playback_position).toBe(500);
  });

  it('lets a newer write move the position back', async () => {
    const { key, episodeId } = await seed();
    await progress(key, episodeId, { position_seconds: 500, client_timestamp: isoDaysAgo(0.02) });
    const rewound = await progress(key, episodeId, { position_seconds: 60, client_timestamp: isoDaysAgo(0.01) });
    expect(rewound.body.playback_position).toBe(60);
  });

  it('uses the time of arrival when client_timestamp is absent', async () => {
    const { key, episodeId } = await seed();
    await progress(key, episodeId, { position_seconds: 500, client_timestamp: isoDaysAgo(0.01) });
    expect((await progress(key, episodeId, { position_seconds: 510 })).body.playback_position).toBe(510);
    // A write stamped before that arrival is now the older one.
    expect((await progress(key, episodeId, { position_seconds: 20, client_timestamp: isoDaysAgo(0.005) })).body.playback_position).toBe(510);
  });

  it('marks the episode read once the position is within 5% of the duration', async () => {
    const { key, episodeId } = await seed(1000);
    const short = await progress(key, episodeId, { position_seconds: 949, client_timestamp: isoDaysAgo(0.03) });
    expect(short.body).toMatchObject({ is_read: false, completed: false });
    const done = await progress(key, episodeId, { position_seconds: 950, client_timestamp: isoDaysAgo(0.02) });
    expect(done.body).toMatchObject({ playback_position: 950, is_read: true, completed: true });
    expect((await stateOf(key, episodeId)).is_read).toBe(true);

    // Listening again from the start keeps it read but it is no longer completed.
    const again = await progress(key, episodeId, { position_seconds: 10, client_timestamp: isoDaysAgo(0.01) });
    expect(again.body).toMatchObject({ is_read: true, completed: false });
  });

  it('rounds a fractional position to whole seconds', async () => {
    const { key, episodeId } = await seed();
    expect((await progress(key, episodeId, { position_seconds: 12.6 })).body.playback_position).toBe(13);
  });

  it('never completes an episode whose duration is unknown', async () => {
    const { key, episodeId } = await seed(null);
    expect((await progress(key, episodeId, { position_seconds: 99999 })).body).toMatchObject({ is_read: false, completed: false });
  });

  it('answers 422 for an unknown item, another user’s episode and an article, changing nothing', async () => {
    const { key, articleId } = await seed();
    const stranger = await seed();
    for (const id of ['00000000-0000-4000-8000-000000000004', stranger.episodeId, articleId]) {
      const answer = await progress(key, id, { position_seconds: 10 });
      expect(answer.status).toBe(422);
      expect(answer.body).toEqual({ message: expect.any(String) });
    }
    expect((await stateOf(stranger.key, stranger.episodeId)).playback_position).toBeNull();
    expect((await stateOf(key, articleId)).playback_position).toBeNull();
  });
});

describe('playback progress and clocks', () => {
  it('does not let a client clock running ahead lock out later writes from other devices', async () => {
    const { key, episodeId } = await seed();
    const ahead = new Date(Date.now() + 86_400_000).toISOString();
    expect((await progress(key, episodeId, { position_seconds: 100, client_timestamp: ahead })).body.playback_position).toBe(100);
    const now = new Date().toISOString();
    expect((await progress(key, episodeId, { position_seconds: 200, client_timestamp: now })).body.playback_position).toBe(200);
  });
});
