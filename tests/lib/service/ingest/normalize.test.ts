import { describe, expect, it } from 'vitest';
import { parseFeed } from '@/lib/service/ingest/parse-feed';
import { fixture } from './shared-feeds';

describe('normalizing a podcast feed', () => {
  it('gives an episode without artwork of its own the channel’s itunes:image, and keeps an episode’s own', () => {
    const feed = parseFeed(fixture('podcast-channel-artwork.rss'), { url: 'https://harbour.example/feed.rss' });
    expect(feed.artwork_url).toBe('https://cdn.harbour.example/cover-3000.jpg');
    expect(feed.items.map((item) => [item.title, item.item_type, item.artwork_url])).toEqual([
      ['Lighthouse keepers', 'episode', 'https://cdn.harbour.example/cover-3000.jpg'],
      ['The ferry crossing', 'episode', 'https://cdn.harbour.example/episodes/11.jpg'],
    ]);
    // The channel's art is the player's, not each episode's picture in lists.
    expect(feed.items[0].media_url).toBeNull();
  });
});
