import type { OpmlImportResult } from '@/lib/contract/organizing';
import type { User } from '../accounts';
import { ensureFolder } from '../folders/folders';
import { normalizeFeedUrl, subscribe } from '../subscriptions/subscribe';
import type { ServiceContext } from '../../context';
import { readOpml, type OpmlFeed } from './read-opml';
import { DomainError, tooLarge, unavailable } from '../errors';

/** Feeds fetched at once: quick for a long list, polite to the hosts and to the machine. */
const defaultConcurrency = 4;

/**
 * The most distinct feeds one import takes. The app's proxy waits five minutes for an import;
 * with four feeds fetched at once and a new feed taking about a second, some 1,000 new feeds fit
 * in that. It is also the pro plan's feed limit, and readers' exports rarely list more than a few
 * hundred. A bigger list is refused whole rather than half imported.
 */
export const maxImportFeeds = 1000;

/** Runs `work` over `items`, `limit` at a time; no new item is started once `signal` aborts. */
async function eachLimited<T>(items: T[], limit: number, work: (item: T) => Promise<void>, signal?: AbortSignal): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length && !signal?.aborted) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** The distinct feeds of a document: a URL listed twice is subscribed once, in the first folder it appears in. */
function distinctFeeds(feeds: OpmlFeed[]): OpmlFeed[] {
  const seen = new Map<string, OpmlFeed>();
  for (const feed of feeds) {
    const key = normalizeFeedUrl(feed.url) ?? feed.url;
    if (!seen.has(key)) seen.set(key, feed);
  }
  return [...seen.values()];
}

/**
 * POST /v1/opml/import: subscribes to every feed of the document, making its folders (or
 * reusing ones of the same name). A feed that fails (unreachable, not a feed, plan limit)
 * is reported with the reason and the rest go on. Subscriptions that already exist are
 * left where they are. Folders made here that end up empty are removed again. A document of
 * more than `maxImportFeeds` feeds is refused (413). Once `signal` aborts (the caller stopped
 * waiting) no further feed is subscribed and the import answers 503 with what it got through.
 */
export async function importOpml(
  service: ServiceContext, user: User, text: string, options: { concurrency?: number; signal?: AbortSignal } = {},
): Promise<OpmlImportResult> {
  const outlines = readOpml(text);
  const feeds = distinctFeeds(outlines);
  if (feeds.length > maxImportFeeds) {
    // 413, not 422: the document is readable but more than one import takes, as a body over 1 MB is;
    // a client tells this apart from a document that is not OPML (422) by the status, not the wording.
    throw tooLarge(`opml lists ${feeds.length.toLocaleString('en-US')} feeds, more than the ${maxImportFeeds.toLocaleString('en-US')} one import takes; split the file into smaller ones.`);
  }
  const { signal } = options;
  const folderIds = new Map<string, string>();
  const madeFolders: string[] = [];
  for (const folder of new Set(feeds.map((feed) => feed.folder))) {
    if (folder === null) continue;
    const { id, created } = ensureFolder(service.db, user, folder);
    folderIds.set(folder, id);
    if (created) madeFolders.push(id);
  }

  const outcomes = new Map<OpmlFeed, 'imported' | 'already_subscribed' | { message: string }>();
  await eachLimited(feeds, options.concurrency ?? defaultConcurrency, async (feed) => {
    try {
      const folderId = feed.folder === null ? null : folderIds.get(feed.folder) ?? null;
      const outcome = await subscribe(service, user, { url: feed.url, folder_id: folderId }, { signal });
      outcomes.set(feed, outcome.status === 201 ? 'imported' : 'already_subscribed');
    } catch (error) {
      if (!(error instanceof DomainError)) console.error('[tidings opml import]', feed.url, error);
      outcomes.set(feed, { message: error instanceof DomainError ? error.message : 'Something went wrong while subscribing.' });
    }
  }, signal);

  const removeIfEmpty = service.db.prepare(`DELETE FROM folders WHERE id = ? AND user_id = ?
    AND NOT EXISTS (SELECT 1 FROM subscriptions WHERE folder_id = folders.id)`);
  for (const id of madeFolders) removeIfEmpty.run(id, user.id);

  if (signal?.aborted) {
    const subscribed = [...outcomes.values()].filter((outcome) => outcome === 'imported').length;
    throw unavailable(`The import took longer than the app waits, so it stopped after subscribing to ${subscribed} of ${feeds.length} feeds; import the file again to add the rest.`);
  }
  const result: OpmlImportResult = { imported: 0, already_subscribed: 0, duplicates: outlines.length - feeds.length, failed: [] };
  for (const feed of feeds) {
    const outcome = outcomes.get(feed)!;
    if (outcome === 'imported') result.imported += 1;
    else if (outcome === 'already_subscribed') result.already_subscribed += 1;
    else result.failed.push({ url: feed.url, message: outcome.message });
  }
  return result;
}
