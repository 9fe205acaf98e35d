import { describe, expect, it } from 'vitest';
import { discoverFeeds } from '@/lib/service/ingest/discover';
import { FeedParseError, parseFeed } from '@/lib/service/ingest/parse-feed';
import { corpusFile, hasSharedFeeds, missingFeedsMessage } from './shared-feeds';
import { realWorldFeeds as feeds } from './real-world-expectations';


const pages: Array<{ file: string; url: string; feeds: string[] }> = [
  { file: 'DaringFireball.html', url: 'https://daringfireball.net/', feeds: ['https://daringfireball.net/feeds/main'] },
  { file: 'YouTubeTheVolvoRocks.html', url: 'https://www.youtube.com/user/TheVolvorocks', feeds: ['https://www.youtube.com/feeds/videos.xml?channel_id=UCct7QF2jcWRY6dhXWMSq9LQ'] },
  { file: 'coco.html', url: 'https://www.theatlantic.com/', feeds: ['https://www.theatlantic.com/feed/all/', 'https://www.theatlantic.com/feed/best-of/'] },
  { file: 'furbo.html', url: 'https://furbo.org/', feeds: ['http://furbo.org/feed/'] },
  { file: 'inessential.html', url: 'https://inessential.com/', feeds: ['http://inessential.com/xml/rss.xml'] },
  { file: 'sixcolors.html', url: 'https://sixcolors.com/', feeds: ['http://feedpress.me/sixcolors'] },
];

describe.skipIf(!hasSharedFeeds)('real-world feeds from ../shared/feeds/real-world', () => {
  for (const expected of feeds) {
    it(`reads ${expected.file}: title, website, item count and the first item`, () => {
      const feed = parseFeed(corpusFile('real-world', expected.file), { url: `https://feeds.example/${expected.file}` });
      expect(feed.format).toBe(expected.format);
      expect(feed.title).toBe(expected.title);
      expect(feed.website).toBe(expected.website);
      expect(feed.items).toHaveLength(expected.count);
      const first = feed.items[0];
      expect({ title: first.title, url: first.url, published_at: first.published_at }).toEqual(expected.first);
      expect(feed.is_podcast).toBe(!!expected.podcast);
      if (expected.podcast) {
        expect(first.item_type).toBe('episode');
        expect(first.audio_url).toBe(expected.podcast.audio_url);
        expect(first.duration_seconds).toBe(expected.podcast.duration_seconds);
      }
    });
  }

  it('reads the podcast fields of atp.rss at feed level', () => {
    const feed = parseFeed(corpusFile('real-world', 'atp.rss'), { url: 'https://atp.fm/rss' });
    expect(feed.artist).toBe('Marco Arment, Casey Liss, John Siracusa');
    expect(feed.explicit).toBe(false);
    expect(feed.artwork_url).toBe('http://static1.squarespace.com/static/513abd71e4b0fe58c655c105/t/52c45a37e4b0a77a5034aa84/1388599866232/1500w/Artwork.jpg');
    expect(feed.podcast_summary).toBe('Three nerds discussing tech, Apple, programming, and loosely related matters.');
    expect(feed.language).toBe('en-US');
    expect(feed.items.every((item) => item.item_type === 'episode' && item.audio_url)).toBe(true);
  });

  it('takes an image enclosure of macworld.rss as the item picture, not as audio', () => {
    const first = parseFeed(corpusFile('real-world', 'macworld.rss'), { url: 'https://www.macworld.com/index.rss' }).items[0];
    expect(first.media_url).toBe('https://images.idgesg.net/images/article/2017/08/best-smart-locks-100730768-medium.jpg');
    expect(first.audio_url).toBeNull();
    expect(first.item_type).toBe('article');
  });

  it('falls back from item authors to the feed authors in authors.json', () => {
    const authors = parseFeed(corpusFile('real-world', 'authors.json'), { url: 'https://feeds.example/authors.json' }).items.map((item) => item.author);
    expect(authors).toEqual(['Root Author 1, Root Author 2', 'Legacy Item Author', 'Item Author 1, Item Author 2', 'Item Author 1, Item Author 2']);
  });

  for (const page of pages) {
    it(`discovers the feeds that ${page.file} links to`, () => {
      expect(discoverFeeds(corpusFile('real-world', page.file).toString('utf8'), page.url)).toEqual(page.feeds);
    });
  }
});

describe.skipIf(hasSharedFeeds)('real-world feeds (corpus absent)', () => {
  it(missingFeedsMessage, () => {
    expect(hasSharedFeeds).toBe(false);
  });
});

describe.skipIf(!hasSharedFeeds)('real-world feeds cut short at any point', () => {
  const files = ['atp.rss', 'DaringFireball.atom', 'bio.rdf', 'kc0011.rss', 'curt.json', 'OneFootTsunami.atom', 'livemint.xml'];
  for (const file of files) {
    it(`parses ${file} truncated anywhere into its complete items, or refuses it with a FeedParseError`, () => {
      const bytes = corpusFile('real-world', file);
      const whole = parseFeed(bytes, { url: `https://feeds.example/${file}` }).items.length;
      for (const fraction of [0.02, 0.1, 0.33, 0.5, 0.77, 0.95, 0.999]) {
        const cut = bytes.subarray(0, Math.floor(bytes.length * fraction));
        try {
          const feed = parseFeed(cut, { url: `https://feeds.example/${file}` });
          expect(feed.items.length).toBeLessThanOrEqual(whole);
        } catch (error) {
          expect(error).toBeInstanceOf(FeedParseError);
        }
      }
    });
  }
});
