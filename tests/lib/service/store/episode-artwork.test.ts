import { describe, expect, it } from 'vitest';
import { createFeed } from '@/lib/service/store/sqlite/subscribing';
import { storeItems, type NewItem } from '@/lib/service/store/sqlite/store-items';
import { migrate, openDatabase } from '@/lib/service/store/database';

function item(guid: string, fields: Partial<NewItem>): NewItem {
  return {
    guid, url: null, title: guid, published_at: new Date().toISOString(), author: null, summary: '', content: '<p>An episode.</p>',
    item_type: 'episode', media_url: null, audio_url: `https://example.com/${guid}.mp3`, duration_seconds: 60, episode_number: null,
    episode_type: null, explicit: null, artwork_url: null, description: null, platform_metadata: {}, ...fields,
  };
}

describe('the episode artwork migration', () => {
  it("gives stored episodes without artwork their podcast's, and leaves the rest as they were", () => {
    const db = openDatabase(':memory:');
    const podcast = createFeed(db, { url: 'https://example.com/show.xml', source_type: 'podcast', title: 'Show', artwork_url: 'https://example.com/cover.jpg' });
    const blog = createFeed(db, { url: 'https://example.com/blog.xml', source_type: 'feed', title: 'Blog' });
    const [bare, own] = storeItems(db, podcast, [item('bare', {}), item('own', { artwork_url: 'https://example.com/own.jpg' })]).added;
    const [post] = storeItems(db, blog, [item('post', { item_type: 'article', audio_url: null })]).added;
    // As an install upgraded from before version 7 holds them.
    db.prepare('DELETE FROM schema_migrations WHERE version = 7').run();

    migrate(db);

    const artwork = (id: string) => db.prepare('SELECT artwork_url FROM items WHERE id = ?').pluck().get(id);
    expect(artwork(bare!)).toBe('https://example.com/cover.jpg');
    expect(artwork(own!)).toBe('https://example.com/own.jpg');
    expect(artwork(post!)).toBeNull();
    db.close();
  });
});
