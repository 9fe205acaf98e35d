/*
 * The intelligence's side of ingestion: items just stored (by a refresh, a new subscription or a
 * newsletter) are indexed for similar items and stories, at once or queued behind ingestion, and
 * what a stopped run left unindexed is queued again at start. The same on every engine: items are
 * read through the store (store/indexing.ts) and indexed through the engine's intelligence.
 */
import type { ParsedFeed } from '../ingest/types';
import type { ServiceContext } from '../context';
import type { StoredItems } from '../domain/feeds/store-items';
import type { DocText } from '../domain/feeds/prepare-messages';
import type { IndexedDoc } from './core';
import type { PreparedDoc } from './prepare-doc';

/** What the queue works with: the store and the service's intelligence. */
type Indexing = Pick<ServiceContext, 'store' | 'intelligence'>;

/** Works out items' docs off the main thread when it can (the feed preparer's prepareDocs); null when it cannot. */
export type PrepareDocs = (texts: DocText[]) => Promise<PreparedDoc[] | null>;

/** A stored item of a fetched feed: its id, where it was in the feed, and whether it is new (not edited). */
type Entry = { id: string; position: number; isNew: boolean };

/** Ids of the items to index after storing: the new ones and those their feed edited (indexed again). */
function toIndex(stored: StoredItems): string[] {
  return stored.changed?.length ? [...stored.added, ...stored.changed] : stored.added;
}

/** The items just stored (new or edited) in id order (the order indexItems reads them back), with where each was in the feed. */
function inIdOrder(stored: StoredItems): Entry[] {
  const positions = [...stored.addedFrom ?? [], ...stored.changedFrom ?? []];
  return toIndex(stored).map((id, i) => ({ id, position: positions[i], isNew: i < stored.added.length })).sort((a, b) => byId(a.id, b.id));
}

/** The doc of a stored item of `feed`, with its prepared doc when `docs` has it by the time it is indexed (else worked out then). */
function documenterOf(feedId: string, feed: ParsedFeed, now: Date, docs: PreparedDoc[]) {
  return ({ id, position, isNew }: Entry): [IndexedDoc, PreparedDoc | undefined] => {
    const item = feed.items[position];
    return [{
      id, isNew, title: item.title, summary: item.summary, content: item.content, source_id: feedId,
      // As stored: an undated or future-dated item is dated when it was first seen.
      published_at: item.published_at && Date.parse(item.published_at) <= now.getTime() ? item.published_at : now.toISOString(), url: item.url,
    }, docs[position]];
  };
}

type Documenter = ReturnType<typeof documenterOf>;

/** Indexes entries in one transaction (until `until`, see Intelligence.addItems); answers how many. */
async function indexEntries<E extends Entry>(service: Indexing, entries: E[], document: (entry: E) => [IndexedDoc, PreparedDoc | undefined],
  until?: number): Promise<number> {
  if (!entries.length) return 0;
  const made = entries.map(document);
  return service.intelligence.addItems(made.map(([doc]) => doc), made.map(([, prepared]) => prepared), until);
}

/** Queues `slice` of items for a later turn; the transaction that stored them may have been rolled back since (and the feed written again). */
function indexSliceLater(service: Indexing, slice: Entry[], document: Documenter): void {
  service.intelligence.later(async () => {
    const kept = await service.store.indexing.storedAmong(slice.map(({ id }) => id));
    await indexEntries(service, slice.filter(({ id }) => kept.has(id)), document);
  });
}

/**
 * Indexes items just stored from their prepared docs, in the order indexItems reads them back
 * (by id), so the stories come out the same: the first at once (in one transaction), the rest a slice per later turn.
 */
export async function indexPreparedItems(service: Indexing, feedId: string, feed: ParsedFeed, stored: StoredItems, now: Date, docs: PreparedDoc[]): Promise<StoredItems> {
  const document = documenterOf(feedId, feed, now, docs);
  const [first, ...rest] = inSlices(inIdOrder(stored));
  await indexEntries(service, first, document);
  for (const slice of rest) indexSliceLater(service, slice, document);
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

type Behind = Entry & { document: Documenter };
/** Items of any feed waiting to be indexed behind ingestion, per intelligence (one per database). */
const behind = new WeakMap<Indexing['intelligence'], Behind[]>();

/** Indexes waiting items (of whatever feeds) for BEHIND_SLICE_MS at most, and queues itself again while more wait. */
async function drainBehind(service: Indexing, queue: Behind[]): Promise<void> {
  const slice = queue.slice(0, BEHIND_SLICE);
  // After a failure the whole slice is passed over (rolled back, it is indexed when the service next starts): the rest goes on.
  let done = slice.length;
  try {
    const kept = await service.store.indexing.storedAmong(slice.map(({ id }) => id));
    const entries = slice.filter(({ id }) => kept.has(id));
    const indexed = await indexEntries(service, entries, (entry) => entry.document(entry), performance.now() + BEHIND_SLICE_MS);
    // Stopped for time: the rest of the slice is the next one's.
    if (indexed < entries.length) done = slice.indexOf(entries[indexed - 1]) + 1;
  } finally {
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
  const document = documenterOf(feedId, feed, now, docs);
  let queue = behind.get(service.intelligence);
  if (!queue) behind.set(service.intelligence, queue = []);
  const idle = queue.length === 0;
  const order = inIdOrder(stored);
  for (const entry of order) queue.push({ ...entry, document });
  if (idle) service.intelligence.later(() => drainBehind(service, queue));
  const missing = order.filter(({ position }) => !docs[position]);
  const texts = missing.map(({ position }) => ({ title: feed.items[position].title, summary: feed.items[position].summary, content: feed.items[position].content }));
  void prepareDocs(texts).then((made) => made?.forEach((doc, i) => { docs[missing[i].position] ??= doc; }));
  return stored;
}

/** Runs the intelligence over items just stored: the first of them at once, in one transaction, the rest a slice per later turn. */
export async function indexNewItems(service: Indexing, stored: StoredItems): Promise<StoredItems> {
  if (!toIndex(stored).length) return stored;
  const [first, ...rest] = inSlices([...toIndex(stored)].sort(byId));
  const added = new Set(stored.added);
  await indexItems(service, first, added);
  for (const slice of rest) service.intelligence.later(() => indexItems(service, slice, added));
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

/** Indexes stored items by id, in id order, in one transaction; ids no longer stored are skipped. Those in `added` are new (IndexedDoc.isNew). */
async function indexItems(service: Indexing, ids: string[], added: ReadonlySet<string>): Promise<void> {
  const docs = await service.store.indexing.docs(ids);
  if (docs.length) await service.intelligence.addItems(docs.map((doc) => ({ ...doc, isNew: added.has(doc.id) })));
}

/**
 * Queues the items a previous run stored but did not index (it stopped with indexing left for
 * later), a slice per turn like the rest; each slice skips those indexed since.
 */
export function resumeIndexing(service: Indexing): void {
  // Asked now, at start, not in the slice: by the time it runs, a refresh may have stored items of
  // its own, queued behind it already, which would then be indexed twice.
  const found = service.store.indexing.unindexed();
  found.catch(() => undefined);
  service.intelligence.later(async () => {
    const ids = await found;
    for (let start = 0; start < ids.length; start += SLICE) {
      const slice = ids.slice(start, start + SLICE);
      service.intelligence.later(async () => {
        const unindexed = await service.store.indexing.unindexedAmong(slice);
        await indexItems(service, unindexed, new Set(unindexed));
      });
    }
  });
}
