import { randomUUID } from 'node:crypto';
import type { SourceType } from '@/lib/contract/common';
import type { Db } from '../../store/database';

/** What is known of a source when it is first stored. */
export type NewFeed = {
  url: string | null; source_type: SourceType; title: string; website?: string | null; description?: string | null;
  language?: string | null; artwork_url?: string | null; artist?: string | null; podcast_summary?: string | null;
  explicit?: boolean | null; newsletter_address?: string | null; ttl_minutes?: number | null;
};

/** Stores a new feed (shared by all its subscribers) and returns its id. */
export function createFeed(db: Db, feed: NewFeed, now = new Date()): string {
  const id = randomUUID();
  db.prepare(`INSERT INTO feeds (id, url, source_type, title, website, description, language, artwork_url, artist,
      podcast_summary, explicit, newsletter_address, ttl_minutes, created_at, last_fetched_at)
    VALUES (@id, @url, @source_type, @title, @website, @description, @language, @artwork_url, @artist, @podcast_summary,
      @explicit, @newsletter_address, @ttl_minutes, @created_at, @created_at)`).run({
    id, url: feed.url, source_type: feed.source_type, title: feed.title, website: feed.website ?? null,
    description: feed.description ?? null, language: feed.language ?? null, artwork_url: feed.artwork_url ?? null,
    artist: feed.artist ?? null, podcast_summary: feed.podcast_summary ?? null,
    explicit: feed.explicit === undefined || feed.explicit === null ? null : feed.explicit ? 1 : 0,
    newsletter_address: feed.newsletter_address ?? null, ttl_minutes: feed.ttl_minutes ?? null, created_at: now.toISOString(),
  });
  return id;
}

/** The id of the feed stored under this URL, or null. */
export function findFeedByUrl(db: Db, url: string): string | null {
  return (db.prepare('SELECT id FROM feeds WHERE url = ?').pluck().get(url) as string | undefined) ?? null;
}
