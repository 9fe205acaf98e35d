import type { ServiceContext } from '../../context';
import { preparedOnce, type Db } from '../../store/database';
import { storeFullContent, type ArticleRules } from '../items/full-content';

/** Article pages one service fetches at once, whatever their hosts (each host also keeps its own limit of two). */
export const ARTICLE_CONCURRENCY = 3;
/** Tries of one page that failed for a reason that may pass (a timeout, a 503) before its failure stands. */
export const ARTICLE_ATTEMPTS = 3;
/** Items younger than this are still fetched at a refresh when their page was not (yet) got. */
const RECENT_MS = 3 * 24 * 3_600_000;

type Job = { itemId: string; feedId: string; replace: boolean };
type Queue = { waiting: Job[]; queued: Set<string>; running: number; idle: Array<() => void> };

/** One queue per database: the service's background work, never awaited by the refresh. */
const queues = new WeakMap<Db, Queue>();

function queueOf(db: Db): Queue {
  let queue = queues.get(db);
  if (!queue) {
    queue = { waiting: [], queued: new Set(), running: 0, idle: [] };
    queues.set(db, queue);
  }
  return queue;
}

function prepareStatements(db: Db) {
  return {
    // The most recently saved rule wins when several people follow the feed with different selectors.
    rules: db.prepare(`SELECT r.content_selector, r.remove_selector FROM subscriptions s
      JOIN subscription_content_rules r ON r.subscription_id = s.id
      WHERE s.feed_id = ? AND s.is_active = 1 AND r.full_content = 1 ORDER BY r.updated_at DESC LIMIT 1`),
    pending: db.prepare(`SELECT id FROM items WHERE feed_id = @feed AND url IS NOT NULL AND full_content IS NULL AND created_at >= @since
      AND (json_extract(platform_metadata, '$.full_content') IS NULL
        OR (json_extract(platform_metadata, '$.full_content.retry') = 1 AND json_extract(platform_metadata, '$.full_content.attempts') < @attempts))
      ORDER BY published_ms DESC LIMIT 50`).pluck(),
    latest: db.prepare('SELECT id FROM items WHERE feed_id = ? AND url IS NOT NULL ORDER BY published_ms DESC LIMIT ?').pluck(),
    prefer: db.prepare(`UPDATE entries SET prefers_full_content = 1 WHERE item_id = ?
      AND subscription_id IN (SELECT subscription_id FROM subscription_content_rules WHERE full_content = 1)`),
  };
}

const statementsOf = preparedOnce(prepareStatements);

/** The rules new items of a feed are fetched with; null when no active subscription of it asks for full articles. */
export function feedArticleRules(db: Db, feedId: string): ArticleRules | null {
  return (statementsOf(db).rules.get(feedId) as ArticleRules | undefined) ?? null;
}

/**
 * The ingest hook: when someone follows the feed with full articles on, its items still without
 * one (new ones, and recent ones whose page failed for a passing reason) are fetched in the
 * background. Costs one indexed look-up for other feeds; never waits for a page.
 */
export function fetchFullArticlesLater(service: ServiceContext, feedId: string): void {
  const { db } = service;
  if (!feedArticleRules(db, feedId)) return;
  const ids = statementsOf(db).pending.all({ feed: feedId, since: new Date(Date.now() - RECENT_MS).toISOString(), attempts: ARTICLE_ATTEMPTS }) as string[];
  enqueue(service, ids.map((itemId) => ({ itemId, feedId, replace: false })));
}

/** After the rules changed: the feed's latest items are fetched again with them (their earlier article replaced). */
export function refetchFullArticles(service: ServiceContext, feedId: string, count = 20): void {
  const ids = statementsOf(service.db).latest.all(feedId, count) as string[];
  enqueue(service, ids.map((itemId) => ({ itemId, feedId, replace: true })));
}

/** Resolves once no article is waiting or being fetched (for tests and an orderly stop). */
export function fullArticlesSettled(service: ServiceContext): Promise<void> {
  const queue = queueOf(service.db);
  if (!queue.running && !queue.waiting.length) return Promise.resolve();
  return new Promise((resolve) => queue.idle.push(resolve));
}

function enqueue(service: ServiceContext, jobs: Job[]): void {
  const queue = queueOf(service.db);
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
      if (!queue.running && !queue.waiting.length) queue.idle.splice(0).forEach((resolve) => resolve());
    });
  }
}

async function run(service: ServiceContext, job: Job): Promise<void> {
  try {
    const { db } = service;
    // Read when its turn comes: the rules may have been changed or turned off while it waited.
    const rules = feedArticleRules(db, job.feedId);
    if (!rules) return;
    if (!job.replace && db.prepare('SELECT full_content IS NOT NULL FROM items WHERE id = ?').pluck().get(job.itemId) !== 0) return;
    if (await storeFullContent(service, job.itemId, rules)) statementsOf(db).prefer.run(job.itemId);
  } catch {
    // The service stopped (its database closed) while the page was fetched: nothing to keep.
  }
}
