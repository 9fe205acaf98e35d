import type { ServiceContext } from '../../context';
import type { IconDue, StoredIcon } from '../../store/feed-icons';
import type { Store } from '../../store/store';
import { findSiteIcon, type FeedIcon } from '../../ingest/feed-icon';

/** An icon is looked for again after a week, found or not. */
export const iconMaxAgeMs = 7 * 86_400_000;
/** Feeds whose icon is looked for in one pass, so a pass stays short beside the refreshes. */
const iconsPerPass = 8;

/**
 * Stores a feed's icon, or that none was found (`icon` null), as of `at`. An icon already stored
 * stays when none is found: a site down for a day keeps its icon.
 */
export async function storeFeedIcon(store: Store, feedId: string, icon: FeedIcon | null, at: Date): Promise<void> {
  await store.feedIcons.save(feedId, icon, at.toISOString());
}

/**
 * The stored icon of a feed, named by its id or by a subscription to it (the id items' feed
 * references carry), or null when it has none (yet).
 */
export function feedIconOf(store: Store, id: string): Promise<StoredIcon | null> {
  return store.feedIcons.icon(id);
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
  for (const feed of await service.store.feedIcons.due(new Date(now.getTime() - iconMaxAgeMs).toISOString(), limit)) {
    let site: string | null = null;
    try {
      site = siteOf(feed);
    } catch {
      // A feed URL that does not parse has no site to ask.
    }
    const icon = site ? await findSiteIcon(site, { allowPrivate: service.config.allowPrivateUrls }) : null;
    // The feed may have been deleted while its icon was fetched: then nothing is kept.
    if (await service.store.feedIcons.save(feed.id, icon, new Date().toISOString()) && icon) found++;
  }
  return found;
}
