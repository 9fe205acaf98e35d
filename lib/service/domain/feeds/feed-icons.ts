import type { ServiceContext } from '../../context';
import type { Db } from '../../store/database';
import { findSiteIcon, type FeedIcon } from '../../ingest/feed-icon';

/** An icon is looked for again after a week, found or not. */
export const iconMaxAgeMs = 7 * 86_400_000;
/** Feeds whose icon is looked for in one pass, so a pass stays short beside the refreshes. */
const iconsPerPass = 8;

type IconDue = { id: string; url: string | null; website: string | null };

/** Feeds (not newsletters, which have no site) that have no icon row yet, or a stale one. */
export function feedsDueForIcon(db: Db, now: Date, limit = iconsPerPass): IconDue[] {
  const staleBefore = new Date(now.getTime() - iconMaxAgeMs).toISOString();
  return db.prepare(`SELECT f.id, f.url, f.website FROM feeds f LEFT JOIN feed_icons i ON i.feed_id = f.id
    WHERE f.source_type != 'newsletter' AND f.url IS NOT NULL AND (i.feed_id IS NULL OR i.fetched_at < ?)
    ORDER BY i.fetched_at IS NOT NULL, i.fetched_at LIMIT ?`).all(staleBefore, limit) as IconDue[];
}

/**
 * Stores a feed's icon, or that none was found (`icon` null), as of `at`. An icon already stored
 * stays when none is found: a site down for a day keeps its icon.
 */
export function storeFeedIcon(db: Db, feedId: string, icon: FeedIcon | null, at: Date): void {
  if (!icon && feedIconOf(db, feedId)) {
    db.prepare('UPDATE feed_icons SET fetched_at = ? WHERE feed_id = ?').run(at.toISOString(), feedId);
    return;
  }
  db.prepare(`INSERT INTO feed_icons (feed_id, content_type, data, source_url, fetched_at) VALUES (?, ?, ?, ?, ?)
    ON CONFLICT (feed_id) DO UPDATE SET content_type = excluded.content_type, data = excluded.data,
      source_url = excluded.source_url, fetched_at = excluded.fetched_at`)
    .run(feedId, icon?.contentType ?? null, icon?.data ?? null, icon?.url ?? null, at.toISOString());
}

/**
 * The stored icon of a feed, named by its id or by a subscription to it (the id items' feed
 * references carry), or null when it has none (yet).
 */
export function feedIconOf(db: Db, id: string): { contentType: string; data: Buffer } | null {
  const row = db.prepare(`SELECT content_type, data FROM feed_icons
    WHERE feed_id = COALESCE((SELECT feed_id FROM subscriptions WHERE id = @id), @id) AND data IS NOT NULL`)
    .get({ id }) as { content_type: string; data: Buffer } | undefined;
  return row ? { contentType: row.content_type, data: row.data } : null;
}

/** The site whose icon stands for a feed: its website, else the feed's own host. */
function siteOf(feed: IconDue): string | null {
  return feed.website || (feed.url ? new URL('/', feed.url).href : null);
}

/**
 * Looks for the icons of feeds that have none yet or a week-old one (a few per pass), through
 * the guarded fetch, and stores what it finds (or that it found none). Answers how many it found.
 */
export async function refreshFeedIcons(service: ServiceContext, now = new Date(), limit = iconsPerPass): Promise<number> {
  let found = 0;
  for (const feed of feedsDueForIcon(service.db, now, limit)) {
    let site: string | null = null;
    try {
      site = siteOf(feed);
    } catch {
      // A feed URL that does not parse has no site to ask.
    }
    const icon = site ? await findSiteIcon(site, { allowPrivate: service.config.allowPrivateUrls }) : null;
    // The feed may have been deleted while its icon was fetched.
    if (!service.db.prepare('SELECT 1 FROM feeds WHERE id = ?').get(feed.id)) continue;
    storeFeedIcon(service.db, feed.id, icon, new Date());
    if (icon) found++;
  }
  return found;
}
