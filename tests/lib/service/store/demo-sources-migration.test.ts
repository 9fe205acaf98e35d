import { describe, expect, it } from 'vitest';
import { createFeed } from '@/lib/service/store/sqlite/subscribing';
import { storeItems, type NewItem } from '@/lib/service/store/sqlite/store-items';
import { migrate, openDatabase } from '@/lib/service/store/database';

function item(guid: string): NewItem {
  return {
    guid, url: null, title: guid, published_at: new Date().toISOString(), author: null, summary: '', content: '<p>An item.</p>',
    item_type: 'article', media_url: null, audio_url: null, duration_seconds: null, episode_number: null,
    episode_type: null, explicit: null, artwork_url: null, description: null, platform_metadata: {},
  };
}

describe('the up-next migration (14)', () => {
  it('marks demo sources seeded before it as demo and healthy, and leaves other failing feeds as they were', () => {
    const db = openDatabase(':memory:');
    const demo = createFeed(db, { url: 'https://smallhours.example/podcast.xml', source_type: 'podcast', title: 'Small Hours' });
    const real = createFeed(db, { url: 'https://example.com/feed.xml', source_type: 'feed', title: 'Real' });
    storeItems(db, demo, [item('tidings-demo:small-hours:1')]);
    storeItems(db, real, [item('real-1')]);
    // As an install seeded before version 14 holds them: every fetch of the made-up address failed.
    db.exec(`DROP TABLE up_next; ALTER TABLE feeds DROP COLUMN is_demo; DELETE FROM schema_migrations WHERE version = 14;
      UPDATE feeds SET status = 'failing', last_error = 'The address could not be found.', failure_count = 4, next_fetch_at = '2030-01-01T00:00:00.000Z'`);

    migrate(db);

    const feed = (id: string) => db.prepare('SELECT is_demo, status, last_error, failure_count, next_fetch_at FROM feeds WHERE id = ?').get(id);
    expect(feed(demo)).toEqual({ is_demo: 1, status: 'healthy', last_error: null, failure_count: 0, next_fetch_at: null });
    expect(feed(real)).toMatchObject({ is_demo: 0, status: 'failing', failure_count: 4 });
    db.close();
  });
});
