import type { OpmlImportResult } from '@/lib/contract/organizing';
import type { User } from '../accounts';
import { createFeed, findFeedByUrl } from '../feeds/create-feed';
import { ensureFolder } from '../folders/folders';
import { normalizeFeedUrl, subscribeToStored } from '../subscriptions/subscribe';
import type { ServiceContext } from '../../context';
import { fetchImportedFeeds } from './import-fetch';
import { readOpml, type OpmlFeed } from './read-opml';
import { badRequest, DomainError, tooLarge } from '../errors';

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

type Outcome = 'imported' | 'already_subscribed' | { message: string };

/** Subscription titles are at most 256 characters, as PATCH /v1/subscriptions/{id} takes them. */
const maxTitle = 256;

/**
 * A known feed subscribed from a file takes the outline's title as the subscription's own (the
 * name the person gave it in another reader), which later fetches leave alone; one that is just
 * the feed's own name is left unset, to follow the channel. A feed new here is named by the file
 * only until its first fetch names it, as before: many files hold placeholders (a host, "Feed 1").
 */
function keepOutlineTitle(service: ServiceContext, subscriptionId: string, outlineTitle: string | null): void {
  const title = outlineTitle?.slice(0, maxTitle).trim();
  if (!title) return;
  service.db.prepare(`UPDATE subscriptions SET title = @title WHERE id = @id
    AND (SELECT f.title FROM feeds f WHERE f.id = subscriptions.feed_id) IS NOT @title`).run({ id: subscriptionId, title });
}

/**
 * Subscribes `user` to one feed of the document, storing a feed not known yet without fetching it
 * (added to `created`); a feed refused (bad URL, plan limit) is reported with the reason.
 */
function subscribeWithoutFetching(service: ServiceContext, user: User, feed: OpmlFeed, folderId: string | null, created: { id: string; url: string }[]): Outcome {
  try {
    return service.db.transaction((): Outcome => {
      const url = normalizeFeedUrl(feed.url);
      if (!url) throw badRequest('url must be an http or https URL.');
      let feedId = findFeedByUrl(service.db, url);
      const isNew = !feedId;
      if (!feedId) feedId = createFeed(service.db, { url, source_type: 'feed', title: feed.title || new URL(url).hostname });
      const outcome = subscribeToStored(service, user, feedId, folderId);
      if (isNew) created.push({ id: feedId, url });
      if (outcome.status !== 201) return 'already_subscribed';
      if (!isNew) keepOutlineTitle(service, outcome.body.subscription_id, feed.title);
      return 'imported';
    })();
  } catch (error) {
    if (!(error instanceof DomainError)) console.error('[tidings opml import]', feed.url, error);
    return { message: error instanceof DomainError ? error.message : 'Something went wrong while subscribing.' };
  }
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
  const created: { id: string; url: string }[] = [];
  const folderIds = new Map<string, string>();
  const madeFolders: string[] = [];
  for (const folder of new Set(feeds.map((feed) => feed.folder))) {
    if (folder === null) continue;
    const { id, created: made } = await ensureFolder(service.store, user, folder);
    folderIds.set(folder, id);
    if (made) madeFolders.push(id);
  }
  // One transaction for all the subscriptions: a commit per feed made a big import slow.
  const outcomes = service.db.transaction(() =>
    feeds.map((feed) => subscribeWithoutFetching(service, user, feed, feed.folder === null ? null : folderIds.get(feed.folder) ?? null, created)))();
  // Not fetched yet: no last try to show, and the scheduler leaves them to the import's fetch for a while.
  // No await comes between the subscriptions' commit and this call, so no scheduler round runs in between.
  await service.store.opml.holdUnfetched(created.map((feed) => feed.id), new Date(Date.now() + importFetchGraceMs));
  await service.store.folders.deleteIfEmpty(user.id, madeFolders);
  fetchImportedFeeds(service, user, created);

  const result: OpmlImportResult = { imported: 0, already_subscribed: 0, duplicates: outlines.length - feeds.length, failed: [] };
  feeds.forEach((feed, i) => {
    const outcome = outcomes[i];
    if (outcome === 'imported') result.imported += 1;
    else if (outcome === 'already_subscribed') result.already_subscribed += 1;
    else result.failed.push({ url: feed.url, message: outcome.message });
  });
  return result;
}
