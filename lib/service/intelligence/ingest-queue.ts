/*
 * The intelligence's side of ingestion: items just stored (by a refresh, a new subscription or a
 * newsletter) are indexed for similar items and stories, at once or queued behind ingestion, and
 * what a stopped run left unindexed is queued again at start. Still on SQLite directly.
 */
import type { ParsedFeed } from '../ingest/types';
import type { ServiceContext } from '../context';
import type { StoredItems } from '../domain/feeds/store-items';
import type { DocText } from '../domain/feeds/prepare-messages';
import type { PreparedDoc } from './prepare-doc';

/** What the queue works with: the connection and the service's intelligence. */
type Indexing = Pick<ServiceContext, 'db' | 'intelligence'>;

/** Works out items' docs off the main thread when it can (the feed preparer's prepareDocs); null when it cannot. */
export type PrepareDocs = (texts: DocText[]) => Promise<PreparedDoc[] | null>;

/** Ids of the items to index after storing: the new ones and those their feed edited (indexed again). */
function toIndex(stored: StoredItems): string[] {
  return stored.changed?.length ? [...stored.added, ...stored.changed] : stored.added;
}

/** The items just stored (new or edited) in id order (the order indexItems reads them back), with where each was in the feed. */
function inIdOrder(stored: StoredItems): { id: string; position: number }[] {
  const positions = [...stored.addedFrom ?? [], ...stored.changedFrom ?? []];
  return toIndex(stored).map((id, i) => ({ id, position: positions[i] })).sort((a, b) => byId(a.id, b.id));
}

/** Indexes one stored item of `feed` from its prepared doc (worked out now when `docs` lacks it). */
function indexerOf(service: Indexing, feedId: string, feed: ParsedFeed, now: Date, docs: PreparedDoc[]) {
  return ({ id, position }: { id: string; position: number }) => {
    const item = feed.items[position];
    service.intelligence.addItem({
      id, title: item.title, summary: item.summary, content: item.content, source_id: feedId,
      // As stored: an undated or future-dated item is dated when it was first seen.
      published_at: item.published_at && Date.parse(item.published_at) <= now.getTime() ? item.published_at : now.toISOString(), url: item.url,
    }, docs[position]);
  };
}

/** Queues `slice` of items for a later turn; the transaction that stored them may have been rolled back since (and the feed written again). */
function indexSliceLater(service: Indexing, slice: { id: string; position: number }[], index: (entry: { id: string; position: number }) => void): void {
  service.intelligence.later(() => {
    const kept = stillStored(service, slice.map(({ id }) => id));
    slice.filter(({ id }) => kept.has(id)).forEach(index);
  });
}

/**
 * Indexes items just stored from their prepared docs, in the order indexItems reads them back
 * (by id), so the stories come out the same: the first at once (in one transaction), the rest a slice per later turn.
 */
export function indexPreparedItems(service: Indexing, feedId: string, feed: ParsedFeed, stored: StoredItems, now: Date, docs: PreparedDoc[]): StoredItems {
  const index = indexerOf(service, feedId, feed, now, docs);
  const [first, ...rest] = inSlices(inIdOrder(stored));
  service.db.transaction(() => first.forEach(index))();
  for (const slice of rest) indexSliceLater(service, slice, index);
  return stored;
}

/** Most items per slice of indexing behind a refresh (those checked still stored in one query). */
const BEHIND_SLICE = 64;
/**
 * Time a slice of indexing behind a refresh may take before it stops and commits, its commit on
 * top: slices of 200 items held the event loop for one to two seconds on a loaded machine. Not
 * shorter, as each commit rewrites the posting pages its slice touched: 50 ms slices made the
 * backlog of 1,000 feeds take a fifth longer.
 */
const BEHIND_SLICE_MS = 100;

type Behind = { id: string; position: number; index: (entry: { id: string; position: number }) => void };
/** Items of any feed waiting to be indexed behind ingestion, per intelligence (one per database). */
const behind = new WeakMap<Indexing['intelligence'], Behind[]>();

/** Indexes waiting items (of whatever feeds) for BEHIND_SLICE_MS at most, and queues itself again while more wait. */
function drainBehind(service: Indexing, queue: Behind[]): void {
  const slice = queue.slice(0, BEHIND_SLICE);
  const kept = stillStored(service, slice.map(({ id }) => id));
  const started = performance.now();
  let done = 0;
  try {
    for (const entry of slice) {
      done++;
      if (kept.has(entry.id)) entry.index(entry);
      if (performance.now() - started >= BEHIND_SLICE_MS) break;
    }
  } finally {
    // Also after a failure (its slice is rolled back, and indexed again when the service next starts): the rest goes on.
    queue.splice(0, done);
    if (queue.length) service.intelligence.later(() => drainBehind(service, queue));
  }
}

/**
 * Queues the indexing of items a refresh just stored, all of it for later turns: the items are
 * listed once stored, and similar items and stories follow as the backlog drains, in slices
 * that gather the items of many feeds. Items without a doc in `docs` (a refresh leaves them out)
 * get theirs from the feed preparer's worker thread when it has no feed to prepare, or, not
 * back by the time they are indexed, on the spot.
 */
export function indexPreparedItemsLater(service: Indexing, feedId: string, feed: ParsedFeed, stored: StoredItems, now: Date, docs: PreparedDoc[],
  prepareDocs: PrepareDocs): StoredItems {
  if (!toIndex(stored).length) return stored;
  const index = indexerOf(service, feedId, feed, now, docs);
  let queue = behind.get(service.intelligence);
  if (!queue) behind.set(service.intelligence, queue = []);
  const idle = queue.length === 0;
  const order = inIdOrder(stored);
  for (const entry of order) queue.push({ ...entry, index });
  if (idle) service.intelligence.later(() => drainBehind(service, queue));
  const missing = order.filter(({ position }) => !docs[position]);
  const texts = missing.map(({ position }) => ({ title: feed.items[position].title, summary: feed.items[position].summary, content: feed.items[position].content }));
  void prepareDocs(texts).then((made) => made?.forEach((doc, i) => { docs[missing[i].position] ??= doc; }));
  return stored;
}

/** Runs the intelligence over items just stored: the first of them at once, in one transaction, the rest a slice per later turn. */
export function indexNewItems(service: Indexing, stored: StoredItems): StoredItems {
  if (!toIndex(stored).length) return stored;
  const [first, ...rest] = inSlices([...toIndex(stored)].sort(byId));
  service.db.transaction(() => indexItems(service, first))();
  for (const slice of rest) service.intelligence.later(() => indexItems(service, slice));
  return stored;
}

/** Items indexed before a feed's new items are answered for; more are indexed on later turns, so other requests go on. */
const INDEX_AT_ONCE = 100;
/** Items indexed per later turn: some 50 ms on a slow machine, so a request waits little between two. */
const SLICE = 25;

function inSlices<T>(list: T[]): T[][] {
  const slices = [list.slice(0, INDEX_AT_ONCE)];
  for (let start = INDEX_AT_ONCE; start < list.length; start += SLICE) slices.push(list.slice(start, start + SLICE));
  return slices;
}

function byId(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function stillStored(service: Indexing, ids: string[]): Set<string> {
  return new Set(service.db.prepare('SELECT id FROM items WHERE id IN (SELECT value FROM json_each(?))').pluck().all(JSON.stringify(ids)) as string[]);
}

/** Indexes stored items by id, in id order; ids no longer stored are skipped. */
function indexItems(service: Indexing, ids: string[]): void {
  const rows = service.db.prepare(`SELECT id, feed_id, title, summary, content, url, published_at FROM items
    WHERE id IN (SELECT value FROM json_each(?)) ORDER BY id`).all(JSON.stringify(ids)) as
    { id: string; feed_id: string; title: string; summary: string | null; content: string | null; url: string | null; published_at: string | null }[];
  for (const row of rows) {
    service.intelligence.addItem({
      id: row.id, title: row.title, summary: row.summary ?? '', content: row.content ?? '',
      source_id: row.feed_id, published_at: row.published_at, url: row.url,
    });
  }
}

/**
 * Queues the items a previous run stored but did not index (it stopped with indexing left for
 * later), a slice per turn like the rest; each slice skips those indexed since.
 */
export function resumeIndexing(service: Indexing): number {
  // The id index answers this without reading the items themselves.
  const ids = service.db.prepare(`SELECT id FROM items WHERE NOT EXISTS (SELECT 1 FROM intel_docs WHERE item_id = items.id)
    ORDER BY id`).pluck().all() as string[];
  for (let start = 0; start < ids.length; start += SLICE) {
    const slice = ids.slice(start, start + SLICE);
    service.intelligence.later(() => indexItems(service, notIndexed(service, slice)));
  }
  return ids.length;
}

function notIndexed(service: Indexing, ids: string[]): string[] {
  return service.db.prepare(`SELECT value FROM json_each(?) WHERE NOT EXISTS (SELECT 1 FROM intel_docs WHERE item_id = value)`)
    .pluck().all(JSON.stringify(ids)) as string[];
}
