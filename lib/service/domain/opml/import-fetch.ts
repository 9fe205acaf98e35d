/*
 * The background fetch of feeds an OPML import subscribed to without fetching them: the import
 * answers at once, and the Subscriptions page polls the progress kept here (in memory: should the
 * process stop, the scheduler fetches the feeds still unfetched when they fall due).
 */
import type { OpmlImportProgress } from '@/lib/contract/organizing';
import type { User } from '../accounts';
import { FeedNotFound, loadFeed } from '../feeds/load-feed';
import { refreshFeeds, type RefreshOutcome } from '../feeds/refresh-feed';
import type { ServiceContext } from '../../context';
import type { Store } from '../../store/store';

/** Feeds fetched at once; the per-host limit keeps this polite to any one site. */
const IMPORT_CONCURRENCY = 16;

type Job = { progress: OpmlImportProgress; done: Promise<void> };

/** The fetch under way (or last done) for each user, per store (one per database). */
const jobs = new WeakMap<Store, Map<string, Job>>();

function jobsOf(store: Store): Map<string, Job> {
  let map = jobs.get(store);
  if (!map) jobs.set(store, map = new Map());
  return map;
}

/**
 * Fetches the feeds an import just subscribed `user` to, in the background; progress adds up
 * over imports made while one is still being fetched.
 */
export function fetchImportedFeeds(service: ServiceContext, user: User, feeds: { id: string; url: string }[]): void {
  if (!feeds.length) return;
  const userJobs = jobsOf(service.store);
  const previous = userJobs.get(user.id);
  const progress: OpmlImportProgress = previous?.progress.running
    ? previous.progress
    : { total: 0, fetched: 0, running: true, failed: [] };
  progress.total += feeds.length;
  const urls = new Map(feeds.map((feed) => [feed.id, feed.url]));
  const fetching = refreshFeeds(service, feeds.map((feed) => feed.id), IMPORT_CONCURRENCY, undefined, (outcomes) => {
    progress.fetched += outcomes.length;
    for (const outcome of outcomes) {
      if (outcome.result === 'failed') progress.failed.push({ url: urls.get(outcome.feedId) ?? '', message: outcome.message ?? 'The feed could not be fetched.' });
    }
  }).then((outcomes) => fetchFeedsOfPages(service, progress, pagesAmong(outcomes, urls))).catch((error: unknown) => {
    console.error('[tidings opml import]', error);
  });
  const done = Promise.all([previous?.done, fetching]).then(() => {
    if (userJobs.get(user.id)?.done === done) progress.running = false;
  });
  userJobs.set(user.id, { progress, done });
}

function pagesAmong(outcomes: RefreshOutcome[], urls: Map<string, string>): { id: string; url: string }[] {
  return outcomes.filter((outcome) => outcome.notAFeed).map((outcome) => ({ id: outcome.feedId, url: urls.get(outcome.feedId)! }));
}

/**
 * An imported address that turned out to be a web page (as some readers' exports hold) is
 * searched for its feed, as subscribing to it would: a feed found there, not stored yet, becomes
 * the imported feed's address and is fetched; the page's failure is then forgotten.
 */
async function fetchFeedsOfPages(service: ServiceContext, progress: OpmlImportProgress, pages: { id: string; url: string }[]): Promise<void> {
  const moved = new Map<string, string>();
  for (const page of pages) {
    try {
      const found = await loadFeed(page.url, { allowPrivate: service.config.allowPrivateUrls, isKnown: (url) => service.store.opml.hasFeed(url) });
      if ('knownUrl' in found || !(await service.store.opml.moveFeed(page.id, found.url))) continue;
      moved.set(page.id, page.url);
    } catch (error) {
      if (!(error instanceof FeedNotFound)) throw error;
    }
  }
  if (!moved.size) return;
  const outcomes = await refreshFeeds(service, [...moved.keys()], IMPORT_CONCURRENCY);
  const found = new Set(outcomes.filter((outcome) => outcome.result === 'updated' || outcome.result === 'not_modified').map((outcome) => moved.get(outcome.feedId)));
  progress.failed = progress.failed.filter((failure) => !found.has(failure.url));
}

/** How far the fetch of `user`'s imported feeds has got (all zero when none was started). */
export function importProgress(store: Store, user: User): OpmlImportProgress {
  const job = jobsOf(store).get(user.id);
  return job ? { ...job.progress, failed: [...job.progress.failed] } : { total: 0, fetched: 0, running: false, failed: [] };
}

/** Resolves once the background fetch of `user`'s imported feeds is over (at once when there is none). */
export function importFetched(store: Store, user: User): Promise<void> {
  return jobsOf(store).get(user.id)?.done ?? Promise.resolve();
}
