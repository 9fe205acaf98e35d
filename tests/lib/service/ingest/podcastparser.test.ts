import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseFeed } from '@/lib/service/ingest/parse-feed';
import type { ParsedFeed, ParsedItem } from '@/lib/service/ingest/types';
import { corpusFile, hasSharedFeeds, missingFeedsMessage, sharedFeeds } from './shared-feeds';

/**
 * gpodder's podcastparser cases: NAME.rss with that library's expected output in NAME.json.
 * Its fields map to ours as follows (podcastparser → Tidings):
 *
 *   feed  title → title ('' when the feed has none: podcastparser falls back to the file name)
 *         link → website · description → description (itunes:summary when there is no description)
 *         cover_url → artwork_url · itunes_author → artist · explicit → explicit
 *         language → language · new_url → new_feed_url
 *         type, payment_url, funding_url, import_prohibited, itunes_keywords, itunes_categories,
 *         itunes_owner, generator, paged_feed_* → not part of ParsedFeed (not compared)
 *   item  total_time → duration_seconds (0 ↔ null) · number → episode_number · type → episode_type
 *         explicit → explicit · season → platform_metadata.season · episode_art_url → artwork_url
 *         published (epoch s, 0 = none) → published_at · itunes_author → author
 *         description → description for episodes (plain text; '' ↔ null)
 *         description_html → content (sanitized HTML)
 *         chapters → platform_metadata.chapters · chapters_json_url → platform_metadata.chapters_url
 *         transcript_url → platform_metadata.transcripts[0].url · persons → platform_metadata.persons
 *         enclosures → audio_url is the first enclosure that is not an image
 *         subtitle, payment_url → not exposed (subtitle only feeds the summary)
 *
 * Where the semantics differ on purpose:
 *   - podcastparser drops items it cannot play (no enclosure and no link, no URL, no title with
 *     several files); a reader keeps every item, so we match its episodes to ours instead of
 *     comparing lists, and never expect fewer items than it lists.
 *   - podcastparser resolves every guid as a URL and fills a missing guid and link from the
 *     enclosure or link; we keep the guid as written (null when absent) and take a guid as the
 *     item's link only when it is absolute or marked isPermaLink="true".
 *   - podcastparser sorts by date (or serial order) and honours max_episodes; we keep document order.
 *   - podcastparser takes the text of a non-episode (no enclosure) as description; ours lives in
 *     summary, and description stays null for articles.
 */
type PodcastparserEpisode = {
  title: string;
  guid: string;
  link: string;
  published: number;
  total_time: number;
  description: string;
  description_html?: string;
  number?: number;
  type?: string;
  explicit?: boolean;
  season?: number;
  episode_art_url?: string;
  itunes_author?: string;
  chapters?: unknown[];
  chapters_json_url?: string;
  transcript_url?: string;
  persons?: unknown[];
  enclosures: Array<{ url: string; mime_type: string; file_size: number }>;
};
type PodcastparserFeed = {
  title: string;
  link?: string;
  description?: string;
  cover_url?: string;
  itunes_author?: string;
  explicit?: boolean;
  language?: string;
  new_url?: string;
  episodes?: PodcastparserEpisode[];
};

const folder = path.join(sharedFeeds, 'podcastparser');
const cases = hasSharedFeeds
  ? readdirSync(folder).filter((file) => file.endsWith('.rss')).map((file) => file.slice(0, -4)).sort()
  : [];

function documentUrl(name: string): string {
  return `file://tests/data/${name}.rss`;
}

function matchEpisode(feed: ParsedFeed, episode: PodcastparserEpisode): ParsedItem | undefined {
  const audio = episode.enclosures.find((enclosure) => !enclosure.mime_type.startsWith('image/'));
  return (audio && feed.items.find((item) => item.audio_url === audio.url))
    ?? feed.items.find((item) => item.title === episode.title)
    ?? feed.items.find((item) => item.guid && episode.guid.endsWith(item.guid));
}

function checkFeed(name: string, feed: ParsedFeed, expected: PodcastparserFeed): void {
  expect(feed.title).toBe(expected.title === name ? '' : expected.title);
  if (expected.link !== undefined) expect(feed.website).toBe(new URL(expected.link).href);
  if (expected.description !== undefined) expect(feed.description).toBe(expected.description);
  expect(feed.artwork_url).toBe(expected.cover_url ?? null);
  expect(feed.artist).toBe(expected.itunes_author ?? null);
  expect(feed.explicit).toBe(expected.explicit ?? null);
  expect(feed.language).toBe(expected.language ?? null);
  expect(feed.new_feed_url).toBe(expected.new_url ?? null);
  expect(feed.items.length).toBeGreaterThanOrEqual(expected.episodes?.length ?? 0);
}

function checkEpisode(item: ParsedItem, episode: PodcastparserEpisode): void {
  // podcastparser names an untitled episode after its file; we leave the title empty.
  if (item.title !== '') expect(item.title).toBe(episode.title);
  expect(item.duration_seconds ?? 0).toBe(episode.total_time);
  expect(item.episode_number).toBe(episode.number ?? null);
  expect(item.episode_type).toBe(episode.type ?? null);
  expect(item.explicit).toBe(episode.explicit ?? null);
  expect(item.platform_metadata.season).toBe(episode.season);
  expect(item.artwork_url).toBe(episode.episode_art_url ?? null);
  expect(item.published_at ? Date.parse(item.published_at) / 1000 : 0).toBe(episode.published);
  if (episode.itunes_author) expect(item.author).toBe(episode.itunes_author);
  const audio = episode.enclosures.find((enclosure) => !enclosure.mime_type.startsWith('image/'));
  expect(item.audio_url).toBe(audio?.url ?? null);
  if (item.item_type === 'episode') expect(item.description ?? '').toBe(episode.description);
  if (episode.description_html) expect(item.content).toBe(episode.description_html);
  if (item.url) expect(item.url).toBe(episode.link);
  // podcastparser resolves a relative guid (against xml:base); we keep it as written.
  if (item.guid) expect(episode.guid.endsWith(item.guid)).toBe(true);
  expect(item.platform_metadata.chapters).toEqual(episode.chapters);
  expect(item.platform_metadata.chapters_url).toBe(episode.chapters_json_url);
  expect((item.platform_metadata.transcripts as Array<{ url: string }> | undefined)?.[0]?.url).toBe(episode.transcript_url);
  expect(item.platform_metadata.persons).toEqual(episode.persons);
}

describe.skipIf(!hasSharedFeeds)('podcastparser cases from ../shared/feeds/podcastparser', () => {
  for (const name of cases) {
    it(`matches podcastparser's result for ${name}`, () => {
      const expected = JSON.parse(corpusFile('podcastparser', `${name}.json`).toString('utf8')) as PodcastparserFeed;
      const feed = parseFeed(corpusFile('podcastparser', `${name}.rss`), { url: documentUrl(name) });
      checkFeed(name, feed, expected);
      for (const episode of expected.episodes ?? []) {
        const item = matchEpisode(feed, episode);
        expect(item, `episode "${episode.title}"`).toBeDefined();
        checkEpisode(item as ParsedItem, episode);
      }
    });
  }

  it('keeps items podcastparser drops, since a reader shows every item', () => {
    const feed = parseFeed(corpusFile('podcastparser', 'no_enclosure.rss'), { url: documentUrl('no_enclosure') });
    expect(feed.items.map((item) => [item.title, item.item_type])).toEqual([['A', 'episode'], ['B', 'article'], ['C', 'episode']]);
  });

  it('takes a relative guid marked isPermaLink="true" as the link, resolved against xml:base', () => {
    const permalink = parseFeed(corpusFile('podcastparser', 'permalink.rss'), { url: documentUrl('permalink') });
    expect(permalink.items[0].url).toBe('http://example.com/podcast/episode/1/');
    const notPermalink = parseFeed(corpusFile('podcastparser', 'no_permalink.rss'), { url: documentUrl('no_permalink') });
    expect(notPermalink.items[0].url).toBeNull();
    expect(notPermalink.items[0].guid).toBe('episode/1/');
  });
});

describe.skipIf(hasSharedFeeds)('podcastparser cases (corpus absent)', () => {
  it(missingFeedsMessage, () => {
    expect(hasSharedFeeds).toBe(false);
  });
});
