/**
 * The intelligence's storage port. Design:
 * 1. The algorithms (corpus.ts, stories.ts, similar.ts) are written once, as generators that `yield* ask(s => …)` each read or write.
 * 2. An engine gives an IntelligenceStorage: SQLite's (store/sqlite/intelligence.ts) answers at once; PostgreSQL's
 *    (store/postgres/intelligence.ts) answers with promises, on the client of one transaction.
 * 3. `runNow` drives the steps synchronously (SQLite: indexing stays inside the caller's transaction); `runLater` awaits promises.
 * 4. Memory that only speeds things up stays beside the port: frequencies and documents in the corpus (every engine),
 *    postings in SQLite's storage (posting-cache.ts).
 * 5. Transactions belong to the engine's intelligence (index.ts; store/postgres/intelligence.ts); the query side the domain
 *    uses (similar, storyOf, removeItem: IntelligenceQueries in core.ts) is async on both engines.
 */
import type { DocRow } from './stored-doc';

/** An answer now (SQLite) or later (PostgreSQL). */
export type Answer<T> = T | Promise<T>;

/** A story's member as stored. */
export type StoryMember = { item_id: string; source_id: string; published_at: string };

/** A story's row as the clustering writes it. */
export type StoryFields = {
  id: string; title: string; summary: string; leadItemId: string; firstPublishedAt: string; lastPublishedAt: string;
  articleCount: number; sourceCount: number;
};

/** A term's postings on both sides of a window's middle, [doc, weight], nearest the middle first. */
export type PostingWindow = { later: Array<[number, number]>; earlier: Array<[number, number]> };

/** A document's row before it is written, with its postings flat as insertPostings takes them. */
export type NewDoc = {
  doc: number; itemId: string; sourceId: string; hour: number; publishedAt: string; title: string; summary: string; vec: Buffer; postings: number[];
};

/** What the intelligence stores and reads; every method is one statement's worth of work (or a cache's answer). */
export type IntelligenceStorage = {
  /** Documents indexed so far (removed ones included: frequencies keep counting them). */
  docCount(): Answer<number>;
  addDocCount(n: number): Answer<void>;
  /** The number of distinct terms ever seen. */
  termCount(): Answer<number>;
  /** Every term's document frequency, [id, df]. */
  allFrequencies(): Answer<Array<[number, number]>>;
  /** The frequencies of these terms; terms never seen are left out. */
  frequencies(ids: number[]): Answer<Array<[number, number]>>;
  /** Adds to the frequencies, [id, increment], creating terms. */
  addFrequencies(increments: Array<[number, number]>): Answer<void>;
  /** The first of `n` new consecutive document numbers, never used before (not even by a removed document). */
  nextDocs(n: number): Answer<number>;
  /** Writes a document and its postings. */
  insertDoc(doc: NewDoc): Answer<void>;
  /** Those of these items that have a document or a story (so adding them again replaces). */
  placedAmong(itemIds: string[]): Answer<string[]>;
  docByItem(itemId: string): Answer<DocRow | undefined>;
  docsByNumber(docs: number[]): Answer<DocRow[]>;
  /** [doc, item id] of those documents that exist. */
  itemIdsOf(docs: number[]): Answer<Array<[number, string]>>;
  deleteDoc(doc: number): Answer<void>;
  /** Writes postings given flat: term, hour, doc, weight, term, hour, … (replacing those of the same term, hour and doc). */
  insertPostings(flat: number[]): Answer<void>;
  /** Deletes a document's postings of these terms at its hour. */
  deletePostings(termIds: ArrayLike<number>, hour: number, doc: number): Answer<void>;
  /** Each term's strongest postings, [doc, weight], strongest first (ties by hour, then doc): one list per term, in their order. */
  postingsByWeight(termIds: number[], limit: number): Answer<Array<Array<[number, number]>>>;
  /**
   * Each term's postings from `middle` to `end` in (hour, doc) order and from before `middle` down to
   * `start` in reverse order, up to `limit` each, [doc, weight]: one window per term, in their order.
   */
  postingsWindows(termIds: number[], start: number, middle: number, end: number, limit: number): Answer<PostingWindow[]>;
  storyOfItem(itemId: string): Answer<string | undefined>;
  /** [item id, story id] of the items that are in a story. */
  storiesOfItems(itemIds: string[]): Answer<Array<[string, string]>>;
  /** A story's members, earliest first. */
  members(storyId: string): Answer<StoryMember[]>;
  /** Documents of a story's earliest `limit` members. */
  memberDocs(storyId: string, limit: number): Answer<number[]>;
  /** First and last publication of a story. */
  span(storyId: string): Answer<[string, string]>;
  putMember(storyId: string, member: StoryMember): Answer<void>;
  deleteMember(itemId: string): Answer<void>;
  /** Moves every member of `from` into `to` and deletes `from`. */
  mergeStory(to: string, from: string): Answer<void>;
  /** Writes a new story with its first member. */
  insertStory(story: StoryFields, member: StoryMember): Answer<void>;
  updateStory(story: StoryFields): Answer<void>;
  deleteStory(storyId: string): Answer<void>;
  sourceCount(storyId: string): Answer<number | undefined>;
  /** Whether the writes made so far may yet be rolled back (a transaction is open). */
  inTransaction(): boolean;
};

/** One storage call of the algorithms, with the answer it expects. */
export type Call = (storage: IntelligenceStorage) => unknown;
/** An algorithm's run: the storage calls it makes, then its result. */
export type Steps<T> = Generator<Call, T, unknown>;

/** Asks the storage one thing: `yield* ask((s) => s.docByItem(id))`. */
export function* ask<T>(call: (storage: IntelligenceStorage) => Answer<T>): Steps<T> {
  return (yield call) as T;
}

/** Runs steps on a storage that answers at once (SQLite); a promise for an answer is a programming error. */
export function runNow<T>(steps: Steps<T>, storage: IntelligenceStorage): T {
  let step = steps.next();
  while (!step.done) {
    let answer: unknown;
    try {
      answer = step.value(storage);
      if (answer instanceof Promise) throw new Error('The intelligence was given storage that answers later to run now.');
    } catch (error) {
      step = steps.throw(error);
      continue;
    }
    step = steps.next(answer);
  }
  return step.value;
}

/** Runs steps awaiting each answer that is a promise (answers given at once are passed on at once). */
export async function runLater<T>(steps: Steps<T>, storage: IntelligenceStorage): Promise<T> {
  let step = steps.next();
  while (!step.done) {
    let answer: unknown;
    try {
      answer = step.value(storage);
      if (answer instanceof Promise) answer = await answer;
    } catch (error) {
      step = steps.throw(error);
      continue;
    }
    step = steps.next(answer);
  }
  return step.value;
}
