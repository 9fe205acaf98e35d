import type { ServiceContext } from '../../context';
import type { Store } from '../../store/store';
import { storeFullContent } from '../items/full-content';

/** Article pages one service fetches at once, whatever their hosts (each host also keeps its own limit of two). */
export const ARTICLE_CONCURRENCY = 3;
/** Tries of one page that failed for a reason that may pass (a timeout, a 503) before its failure stands. */
export const ARTICLE_ATTEMPTS = 3;
/** Items younger than this are still fetched at a refresh when their page was not (yet) got. */
const RECENT_MS = 3 * 24 * 3_600_000;

type Job = { itemId: string; feedId: string; replace: boolean };
// `looking`: look-ups of items to fetch not yet answered (the queue is not settled meanwhile).
type Queue = { waiting: Job[]; queued: Set<string>; running: number; looking: number; idle: Array<() => void> };

/** One queue per service (its store): the service's background work, never awaited by the refresh. */
const queues = new WeakMap<Store, Queue>();

function queueOf(store: Store): Queue {
  let queue = queues.get(store);
  if (!queue) {
    queue = { waiting: [], queued: new Set(), running: 0, looking: 0, idle: [] };
    queues.set(store, queue);
  }
  return queue;
}

/**
 * The ingest hook: when someone follows the feed with full articles on, its items still without
 * one (new ones, and recent ones whose page failed for a passing reason) are fetched in the
 * background. Costs one indexed look-up for other feeds; never waits for a page.
 */
export function fetchFullArticlesLater(service: ServiceContext, feedId: string): void {
  const { articles } = service.store;
  enqueueFound(service, async () => {
    if (!await articles.feedRules(feedId)) return [];
    const ids = await articles.waiting(feedId, new Date(Date.now() - RECENT_MS).toISOString(), ARTICLE_ATTEMPTS);
    return ids.map((itemId) => ({ itemId, feedId, replace: false }));
  });
}

/** After the rules changed: the feed's latest items are fetched again with them (their earlier article replaced). */
export function refetchFullArticles(service: ServiceContext, feedId: string, count = 20): void {
  enqueueFound(service, async () => (await service.store.articles.latest(feedId, count)).map((itemId) => ({ itemId, feedId, replace: true })));
}

/** Resolves once no article is waiting or being fetched (for tests and an orderly stop). */
export function fullArticlesSettled(service: ServiceContext): Promise<void> {
  const queue = queueOf(service.store);
  if (!queue.running && !queue.looking && !queue.waiting.length) return Promise.resolve();
  return new Promise((resolve) => queue.idle.push(resolve));
}

/** Queues the jobs `find` looks up. */
function enqueueFound(service: ServiceContext, find: () => Promise<Job[]>): void {
  const queue = queueOf(service.store);
  queue.looking++;
  void find().then((jobs) => enqueue(service, jobs), () => {
    // The service stopped (its database closed) meanwhile: nothing to fetch.
  }).finally(() => {
    queue.looking--;
    settle(queue);
  });
}

function settle(queue: Queue): void {
  if (!queue.running && !queue.looking && !queue.waiting.length) queue.idle.splice(0).forEach((resolve) => resolve());
}

function enqueue(service: ServiceContext, jobs: Job[]): void {
  const queue = queueOf(service.store);
  for (const job of jobs) {
    if (queue.queued.has(job.itemId)) continue;
    queue.queued.add(job.itemId);
    queue.waiting.push(job);
  }
  // After the caller's transaction: the refresh that stored the items goes on at once.
  if (jobs.length) setImmediate(() => pump(service, queue));
}

function pump(service: ServiceContext, queue: Queue): void {
  while (queue.running < ARTICLE_CONCURRENCY && queue.waiting.length) {
    const job = queue.waiting.shift()!;
    queue.running++;
    void run(service, job).finally(() => {
      queue.running--;
      queue.queued.delete(job.itemId);
      pump(service, queue);
      settle(queue);
    });
  }
}

async function run(service: ServiceContext, job: Job): Promise<void> {
  try {
    const { articles } = service.store;
    // Read when its turn comes: the rules may have been changed or turned off while it waited.
    const rules = await articles.feedRules(job.feedId);
    if (!rules) return;
    if (!job.replace && !await articles.lacksArticle(job.itemId)) return;
    if (await storeFullContent(service, job.itemId, rules)) await articles.preferArticle(job.itemId);
  } catch {
    // The service stopped (its database closed) while the page was fetched: nothing to keep.
  }
}
