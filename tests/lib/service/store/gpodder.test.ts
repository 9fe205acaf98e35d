import { expect, it } from 'vitest';
import type { EpisodeAction } from '@/lib/service/store/gpodder';
import { describeOnBothEngines } from './store-fixture';

describeOnBothEngines('the gpodder store on %s', ['gpodder'], (f) => {

  it('creates a device and keeps the fields a later save does not give', async () => {
    const userId = await f.user();
    await f.store.gpodder.saveDevice(userId, 'phone', {}, 1);
    await f.store.gpodder.saveDevice(userId, 'laptop', { caption: 'Work', type: 'laptop' }, 2);
    await f.store.gpodder.saveDevice(userId, 'laptop', { caption: 'Home' }, 3);
    expect(await f.store.gpodder.devices(userId)).toEqual([
      { id: 'laptop', caption: 'Home', type: 'laptop' }, { id: 'phone', caption: '', type: 'other' }]);
    expect(await f.store.gpodder.devices(await f.user())).toEqual([]);
  });

  it('lists podcast subscriptions since a time, and removals of podcasts not followed again', async () => {
    const userId = await f.user();
    const kept = await f.subscription(userId, null, { source_type: 'podcast', url: 'https://example.org/kept.xml' });
    const gone = await f.subscription(userId, null, { source_type: 'podcast', url: 'https://example.org/gone.xml' });
    await f.subscription(userId, null, { source_type: 'feed', url: 'https://example.org/blog.xml' });
    // Made in the same millisecond, maybe: their order is not what this checks.
    expect((await f.store.gpodder.podcastUrls(userId, 0)).sort()).toEqual(['https://example.org/gone.xml', 'https://example.org/kept.xml']);
    expect(await f.store.gpodder.podcastUrls(userId, Date.now() + 60_000)).toEqual([]);
    expect(await f.store.gpodder.subscriptionByUrl(userId, 'https://example.org/kept.xml')).toBe(kept.subscriptionId);
    expect(await f.store.gpodder.subscriptionByUrl(await f.user(), 'https://example.org/kept.xml')).toBeNull();
    expect(await f.store.gpodder.feedUrlOf(gone.subscriptionId)).toBe('https://example.org/gone.xml');
    const before = Date.now() - 1000;
    await f.run('DELETE FROM subscriptions WHERE id = ?', gone.subscriptionId);
    expect(await f.store.gpodder.removedUrls(userId, before)).toEqual(['https://example.org/gone.xml']);
    expect(await f.store.gpodder.feedUrlOf(gone.subscriptionId)).toBeNull();
  });

  it('moves the position of the user’s episode an uploaded play names, and keeps every other action in the order it came', async () => {
    const userId = await f.user();
    const { feedId, itemIds: [episodeId] } = await f.entries(userId, [{ item_type: 'episode', published_ms: Date.now(), duration_seconds: 600 }]);
    const [{ url: podcast }] = await f.run('SELECT url FROM feeds WHERE id = ?', feedId) as { url: string }[];
    const [{ audio_url: audio }] = await f.run('SELECT audio_url FROM items WHERE id = ?', episodeId) as { audio_url: string }[];
    const actions: EpisodeAction[] = [
      { podcast: podcast!, episode: audio!, action: 'download', device: 'phone' },
      { podcast: podcast!, episode: audio!, action: 'play', position: 120, timestamp: '2026-01-01T10:00:00' },
      { podcast: 'https://example.org/other.xml', episode: 'https://example.org/unknown.mp3', action: 'play', position: 5 },
      { podcast: podcast!, episode: audio!, action: 'delete' },
    ];
    const plays: EpisodeAction[] = [];
    await f.store.gpodder.applyActions(userId, actions, (action) => {
      if (action.action !== 'play') return null;
      plays.push(action);
      return (current) => ({ ...current, playback_position: action.position!, last_played_ms: 5000, playback_client_ms: 4000 });
    }, 5000);
    expect(plays).toHaveLength(2);
    expect(await f.store.gpodder.actionsSince(userId, 5000)).toEqual([actions[0], actions[2], actions[3]]);
    expect(await f.store.gpodder.actionsSince(userId, 5001)).toEqual([]);
    expect(await f.store.gpodder.playsSince(userId, 0)).toEqual([
      { podcast, episode: audio, position: 120, total: 600, played_ms: 5000, client_ms: 4000 }]);
  });

  it('changes nothing of an upload when a step refuses one of its plays', async () => {
    const userId = await f.user();
    const { feedId, itemIds: [episodeId] } = await f.entries(userId, [{ item_type: 'episode', published_ms: Date.now() }]);
    const [{ url: podcast }] = await f.run('SELECT url FROM feeds WHERE id = ?', feedId) as { url: string }[];
    const [{ audio_url: audio }] = await f.run('SELECT audio_url FROM items WHERE id = ?', episodeId) as { audio_url: string }[];
    const upload = f.store.gpodder.applyActions(userId, [
      { podcast: podcast!, episode: audio!, action: 'download' },
      { podcast: podcast!, episode: audio!, action: 'play', position: 1 },
    ], (action) => (action.action === 'play' ? () => { throw new Error('refused'); } : null), 1);
    await expect(upload).rejects.toThrow('refused');
    expect(await f.store.gpodder.actionsSince(userId, 0)).toEqual([]);
  });
});
