import type { OpmlImportResult } from '@/lib/contract/organizing';
import type { User } from '../accounts';
import { subscribeRules } from '../feeds/subscribe-user';
import { ensureFolder } from '../folders/folders';
import { feedLimitReached } from '../subscriptions/feed-limit';
import { normalizeFeedUrl } from '../subscriptions/subscribe';
import type { ServiceContext } from '../../context';
import { fetchImportedFeeds } from './import-fetch';
import { readOpml, type OpmlFeed } from './read-opml';
import type { ImportedFeed } from '../../store/subscriptions';
import { tooLarge } from '../errors';

/**
 * The most distinct feeds one import takes. It is the pro plan's feed limit, and readers'
 * exports rarely list more than a few hundred. A bigger list is refused whole rather than half imported.
 */
export const maxImportFeeds = 1000;

/** How long the scheduler leaves a feed just imported to the import's own fetch before fetching it itself. */
const importFetchGraceMs = 10 * 60_000;

/** The distinct feeds of a document: a URL listed twice is subscribed once, in the first folder it appears in. */
function distinctFeeds(feeds: OpmlFeed[]): OpmlFeed[] {
  const seen = new Map<string, OpmlFeed>();
  for (const feed of feeds) {
    const key = normalizeFeedUrl(feed.url) ?? feed.url;
    if (!seen.has(key)) seen.set(key, feed);
  }
  return [...seen.values()];
}

/** Subscription titles are at most 256 characters, as PATCH /v1/subscriptions/{id} takes them. */
const maxTitle = 256;

/**
 * A known feed subscribed from a file takes the outline's title as the subscription's own (the
 * name the person gave it in another reader), which later fetches leave alone; one that is just
 * the feed's own name is left unset, to follow the channel. A feed new here is named by the file
 * only until its first fetch names it, as before: many files hold placeholders (a host, "Feed 1").
 */
function outlineTitle(title: string | null): string | null {
  return title?.slice(0, maxTitle).trim() || null;
}

/**
 * POST /v1/opml/import: subscribes to every feed of the document, making its folders (or
 * reusing ones of the same name), and answers as soon as the subscriptions exist: feeds not
 * stored yet are fetched in the background (see import-fetch.ts), and one that turns out broken
 * shows as failing, like any feed. A feed refused (bad URL, plan limit) is reported with the
 * reason and the rest go on. Subscriptions that already exist are left where they are. Folders
 * made here that end up empty are removed again. A document of more than `maxImportFeeds` feeds is refused (413).
 */
export async function importOpml(service: ServiceContext, user: User, text: string): Promise<OpmlImportResult> {
  const outlines = readOpml(text);
  const feeds = distinctFeeds(outlines);
  if (feeds.length > maxImportFeeds) {
    // 413, not 422: the document is readable but more than one import takes, as a body over 1 MB is;
    // a client tells this apart from a document that is not OPML (422) by the status, not the wording.
    throw tooLarge(`opml lists ${feeds.length.toLocaleString('en-US')} feeds, more than the ${maxImportFeeds.toLocaleString('en-US')} one import takes; split the file into smaller ones.`);
  }
  const folderIds = new Map<string, string>();
  const madeFolders: string[] = [];
  for (const folder of new Set(feeds.map((feed) => feed.folder))) {
    if (folder === null) continue;
    const { id, created: made } = await ensureFolder(service.store, user, folder);
    folderIds.set(folder, id);
    if (made) madeFolders.push(id);
  }
  // A feed refused (bad URL, plan limit) is reported with the reason and the rest go on.
  const refusals = new Map<OpmlFeed, string>();
  const accepted: { feed: OpmlFeed; imported: ImportedFeed }[] = [];
  for (const feed of feeds) {
    const url = normalizeFeedUrl(feed.url);
    if (!url) { refusals.set(feed, 'url must be an http or https URL.'); continue; }
    const folderId = feed.folder === null ? null : folderIds.get(feed.folder) ?? null;
    accepted.push({ feed, imported: { url, title: feed.title || new URL(url).hostname, outlineTitle: outlineTitle(feed.title), folderId } });
  }
  // New feeds are not fetched yet: the scheduler leaves them to the import's fetch for a while.
  const { outcomes, created } = await service.store.opml.importFeeds(user.id, accepted.map(({ imported }) => imported),
    { ...subscribeRules(user, null), holdUntil: new Date(Date.now() + importFetchGraceMs) });
  accepted.forEach(({ feed }, i) => {
    if (outcomes[i] === 'feed_limit') refusals.set(feed, feedLimitReached(user).message);
    else if (outcomes[i] === 'failed') refusals.set(feed, 'Something went wrong while subscribing.');
  });
  const outcomeOf = new Map(accepted.map(({ feed }, i) => [feed, outcomes[i]]));
  await service.store.folders.deleteIfEmpty(user.id, madeFolders);
  fetchImportedFeeds(service, user, created);

  const result: OpmlImportResult = { imported: 0, already_subscribed: 0, duplicates: outlines.length - feeds.length, failed: [] };
  for (const feed of feeds) {
    const refusal = refusals.get(feed);
    if (refusal) result.failed.push({ url: feed.url, message: refusal });
    else if (outcomeOf.get(feed) === 'imported') result.imported += 1;
    else result.already_subscribed += 1;
  }
  return result;
}
