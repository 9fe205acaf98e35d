/**
 * The postings of terms held in memory, sorted as the table's primary key (hour, then document),
 * so placing an item reads its candidates without two queries per term: those were most of the
 * indexing behind a refresh. Answers exactly what the window queries of the table answer.
 *
 * The memory must never show what a rolled-back transaction wrote. Changes made in a
 * transaction the intelligence opened itself (`enter`) are kept, and the memory is emptied when
 * it rolls back; a change made inside anyone else's transaction empties the memory and sends
 * lookups to the table until no transaction is open, as the outcome of that one is not known.
 */
import type { Database } from 'better-sqlite3';

/** A term's postings in (hour, doc) order, flat: hour, doc, weight, hour, doc, weight… (one array per term keeps a term's own memory small). */
type TermPostings = number[];

/** Held terms cost their own memory besides their postings': about as much as this many postings. */
const TERM_COST = 4;
/** What a held term counts against the limit. */
const size = (held: TermPostings | null | undefined) => TERM_COST + (held ? held.length / 3 : 0);
/** The postings of a term none is held for while the memory holds the whole table. Never changed. */
const NONE: TermPostings = [];

/** A posting as the window queries return it: document and weight. */
export type Posting = [number, number];

/** Postings kept per term: a term in more documents is read from the table (its window is a small part of it). */
const TERM_LIMIT = 4096;
/** Postings (and terms, see TERM_COST) kept in all: some 25 MB. */
const TOTAL_LIMIT = 1_000_000;

/** Opens the cache over the postings table of `db`. */
export function createPostingCache(db: Database, limits = { term: TERM_LIMIT, total: TOTAL_LIMIT }) {
  const byTerm = db.prepare('SELECT hour, doc, weight FROM intel_postings WHERE term_id = ? ORDER BY hour, doc LIMIT ?').raw();
  const countAll = db.prepare('SELECT COUNT(*) FROM intel_postings').pluck();
  const readAll = db.prepare('SELECT term_id, hour, doc, weight FROM intel_postings ORDER BY term_id, hour, doc').raw();
  // Changes when another connection (another process) commits: what it wrote is not in the memory.
  const dataVersion = db.prepare('PRAGMA data_version').pluck();
  let seenVersion = dataVersion.get();
  /** Held terms, least recently used first; null: a term with too many postings to hold. */
  const terms = new Map<number, TermPostings | null>();
  let total = 0;
  /**
   * True while the memory holds every term of the table (a new install's, or a small one's): a
   * term it lacks has no postings, and needs no query. Null until checked (again, once emptied).
   */
  let complete: boolean | null = null;
  /** True while a transaction the cache saw begin is open: its changes are the cache's to keep or drop. */
  let owned = false;
  /** True after a change inside a transaction of unknown outcome: the memory is empty and stays unused until it ends. */
  let suspect = false;

  function clear(): void {
    terms.clear();
    total = 0;
    complete = null;
  }

  /** Reads the whole table into memory when it is small enough to leave room to grow. */
  function loadAll(): void {
    complete = false;
    if ((countAll.get() as number) > limits.total / 8) return;
    for (const [termId, hour, doc, weight] of readAll.iterate() as Iterable<[number, number, number, number]>) {
      let held = terms.get(termId);
      if (!held) terms.set(termId, held = []);
      held.push(hour, doc, weight);
    }
    for (const [termId, held] of terms) {
      if (held && held.length / 3 > limits.term) terms.set(termId, null);
      total += size(terms.get(termId));
    }
    complete = true;
  }

  /** Holds a term's postings (null: too many), making room by forgetting the least recently used terms. */
  function remember(termId: number, held: TermPostings | null): void {
    const before = terms.get(termId);
    if (before !== undefined) total -= size(before);
    // Deleted first so that setting it again makes it the most recently used.
    terms.delete(termId);
    terms.set(termId, held);
    total += size(held);
    for (const [oldest, postings] of terms) {
      if (total <= limits.total || oldest === termId) break;
      total -= size(postings);
      terms.delete(oldest);
      complete = false;
    }
  }

  /** Empties the memory when another connection has committed since it was last checked. */
  function checkOthers(): void {
    const version = dataVersion.get();
    if (version === seenVersion) return;
    seenVersion = version;
    clear();
  }

  /** Whether lookups may use the memory; a suspect cache becomes usable again once no transaction is open. */
  function usable(): boolean {
    if (suspect && !db.inTransaction) suspect = false;
    if (!suspect && !owned) checkOthers();
    return !suspect;
  }

  /** Whether a change may be applied to the memory; one of unknown outcome empties it instead. */
  function trackable(): boolean {
    if (!usable()) return false;
    if (db.inTransaction && !owned) {
      suspect = true;
      clear();
      return false;
    }
    return true;
  }

  function load(termId: number): TermPostings | null {
    if (complete === null) loadAll();
    const known = terms.get(termId);
    if (known !== undefined) {
      remember(termId, known);
      return known;
    }
    if (complete) return NONE;
    const rows = byTerm.all(termId, limits.term + 1) as Array<[number, number, number]>;
    const held = rows.length > limits.term ? null : rows.flat();
    remember(termId, held);
    return held;
  }

  /** Offset of the first posting at or after (hour, doc) in a term's order. */
  function lowerBound(held: TermPostings, hour: number, doc: number): number {
    let low = 0;
    let high = held.length / 3;
    while (low < high) {
      const mid = (low + high) >> 1;
      const at = mid * 3;
      if (held[at] < hour || (held[at] === hour && held[at + 1] < doc)) low = mid + 1;
      else high = mid;
    }
    return low * 3;
  }

  return {
    /**
     * The postings of a term from `middle` to `end` in (hour, doc) order and those from `start`
     * to before `middle` in reverse order, up to `limit` each: what the table's window queries
     * give. Undefined when the memory cannot answer (the caller asks the table).
     */
    window(termId: number, start: number, middle: number, end: number, limit: number): { later: Posting[]; earlier: Posting[] } | undefined {
      if (!usable()) return undefined;
      const held = load(termId);
      if (held === null) return undefined;
      const from = lowerBound(held, middle, -Infinity);
      const later: Posting[] = [];
      for (let i = from; i < held.length && held[i] <= end && later.length < limit; i += 3) later.push([held[i + 1], held[i + 2]]);
      const earlier: Posting[] = [];
      for (let i = from - 3; i >= 0 && held[i] >= start && earlier.length < limit; i -= 3) earlier.push([held[i + 1], held[i + 2]]);
      return { later, earlier };
    },
    /** Records a posting written to the table (replacing one of the same term, hour and document). */
    added(termId: number, hour: number, doc: number, weight: number): void {
      if (!trackable()) return;
      if (complete === null) loadAll();
      let held = terms.get(termId);
      if (held === undefined && complete) remember(termId, held = []);
      if (!held) return;
      const at = lowerBound(held, hour, doc);
      if (held[at] === hour && held[at + 1] === doc) {
        held[at + 2] = weight;
        return;
      }
      if (held.length / 3 >= limits.term) {
        remember(termId, null);
        return;
      }
      held.splice(at, 0, hour, doc, weight);
      total++;
    },
    /** Records a posting deleted from the table. */
    removed(termId: number, hour: number, doc: number): void {
      if (!trackable()) return;
      const held = terms.get(termId);
      if (!held) return;
      const at = lowerBound(held, hour, doc);
      if (held[at] !== hour || held[at + 1] !== doc) return;
      held.splice(at, 3);
      total--;
    },
    /**
     * Call before opening a transaction of the intelligence's own; returns what to call once it
     * has ended, saying whether it committed. Nested in another transaction it changes nothing.
     */
    enter(): (committed: boolean) => void {
      const outermost = !db.inTransaction;
      if (outermost) {
        usable();
        owned = true;
      }
      return (committed) => {
        if (outermost) owned = false;
        if (!committed) clear();
      };
    },
  };
}

/** Postings held in memory for the window lookups of story placement. */
export type PostingCache = ReturnType<typeof createPostingCache>;
