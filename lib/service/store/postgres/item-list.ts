import type { GlobalScope, ItemFilter, ItemPage, ItemPageQuery, ListedRow, MissingTarget } from '../items';
import { itemColumns, itemJoins } from '../item-columns';
import { bigNumber } from './big-numbers';
import { applyItemFilter, EntryConditions } from './entry-conditions';
import type { Queryable } from './unit-of-work';

// The tie-break on item ids uses the database's collation, as the entries indexes do, so a page is
// read off an index; for our ids (lower-case UUIDs) every collation orders as SQLite's BINARY does.
const orders: Record<ItemPageQuery['order'], { key: string; direction: 'DESC' | 'ASC' }> = {
  newest: { key: 'e.published_ms', direction: 'DESC' },
  oldest: { key: 'e.published_ms', direction: 'ASC' },
  recently_played: { key: 'COALESCE(e.last_played_ms, 0)', direction: 'DESC' },
};

const owned = [['subscription_ids', 'subscriptions', 'subscription'], ['folder_ids', 'folders', 'folder'], ['tag_ids', 'tags', 'tag']] as const;

/** The first subscription, folder or tag the filter names that the user does not have, or null. */
export async function missingTarget(db: Queryable, userId: string, filter: ItemFilter): Promise<MissingTarget | null> {
  for (const [field, table, noun] of owned) {
    const ids = filter[field];
    if (!ids?.length) continue;
    const { rows } = await db.query<{ id: string }>(`SELECT id FROM ${table} WHERE user_id = $1 AND id = ANY($2::text[])`, [userId, ids]);
    const found = new Set(rows.map((row) => row.id));
    const missing = ids.find((id) => !found.has(id));
    if (missing !== undefined) return { missing: noun, id: missing };
  }
  return null;
}

/**
 * SPEC.md's `q` as a tsquery over `items.search_document` (title A, summary B, content C): every
 * word must match, the last as a prefix; `A`/`B` weights keep to titles and summaries. Words are
 * split as ftsQuery (store/sqlite/search-text.ts) splits them for FTS5; null when the text holds none.
 */
export function searchQuery(text: string, includeBody: boolean): string | null {
  const words = (text.normalize('NFKC').match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 16);
  if (!words.length) return null;
  const weights = includeBody ? '' : 'AB';
  return words.map((word, index) => {
    const prefix = index === words.length - 1 && word.length > 1 ? '*' : '';
    return `'${word}'${prefix || weights ? `:${prefix}${weights}` : ''}`;
  }).join(' & ');
}

/** Whether entry_counts can answer how many entries match: it knows subscription, type, read and saved, not dates, tags or playback. */
export function countsCover(filter: ItemFilter): boolean {
  return !filter.tag_ids?.length && filter.from_ms === undefined && filter.until_ms === undefined && filter.in_progress === undefined;
}

type RawRow = Omit<ListedRow, 'sort_key' | 'last_played_ms'> & { sort_key: string | number; last_played_ms: string | number | null };

/** Rows as SQLite gives them: pg reads BIGINT as text. */
const asListed = (rows: RawRow[]): ListedRow[] =>
  rows.map((row) => ({ ...row, sort_key: Number(row.sort_key), last_played_ms: bigNumber(row.last_played_ms) }));

/**
 * A page of the user's items on PostgreSQL (see ItemStore.list). Reads that do not wait on each
 * other go out together: on a pool each takes a connection of its own, so a list waits for its
 * slowest round trip, not their sum (on a busy machine the round trips are most of a list's time).
 */
export async function listItemPage(db: Queryable, userId: string, query: ItemPageQuery): Promise<ItemPage | MissingTarget> {
  const [missing, page] = await Promise.all([missingTarget(db, userId, query.filter), readPage(db, userId, query)]);
  return missing ?? page;
}

/** How many entries the conditions cover (no search). */
async function countEntries(db: Queryable, filter: ItemFilter, where: EntryConditions): Promise<number> {
  // The counters carry the columns the conditions name, under the same alias.
  const sql = countsCover(filter) ? 'SELECT COALESCE(SUM(e.n), 0)::int AS n FROM entry_counts e' : 'SELECT COUNT(*)::int AS n FROM entries e';
  return (await db.query<{ n: number }>(`${sql} WHERE ${where.sql()}`, where.values)).rows[0]!.n;
}

async function readPage(db: Queryable, userId: string, query: ItemPageQuery): Promise<ItemPage> {
  const { search, after } = query;
  const order = orders[query.order];
  const where = applyItemFilter(query.filter, new EntryConditions(userId));
  const tsquery = search ? searchQuery(search.text, search.include_body) : null;
  if (search && !tsquery) return { rows: [], total: 0 };
  const ownPhase = !after || after.phase === 'own';

  let rows: ListedRow[] = [];
  let total: number | null = null;
  if (tsquery) {
    where.add(`i.search_document @@ to_tsquery('tidings_search', ${where.bind(tsquery)})`);
    if (ownPhase) ({ rows, total } = await searchPage(db, where, order, after, query.limit));
    // An empty page of a search (no match, or past the last) says nothing of the total: counted apart.
    total ??= (await db.query<{ n: number }>(`SELECT COUNT(*)::int AS n ${searchFrom} WHERE ${where.sql()}`, where.values)).rows[0]!.n;
  } else {
    const page = where.clone();
    if (after) page.add(`(${order.key}, e.item_id) ${order.direction === 'DESC' ? '<' : '>'} (${page.bind(after.key)}, ${page.bind(after.id)})`);
    [total, rows] = await Promise.all([countEntries(db, query.filter, where), ownPhase ? db.query<RawRow>(`SELECT ${itemColumns}, ${order.key} AS sort_key
      FROM entries e JOIN items i ON i.id = e.item_id ${itemJoins} WHERE ${page.sql()}
      ORDER BY ${order.key} ${order.direction}, e.item_id ${order.direction} LIMIT ${page.bind(query.limit)}`, page.values).then((found) => asListed(found.rows)) : []]);
  }
  const global = search?.global && tsquery ? globalConditions(userId, tsquery, search.global) : null;
  if (global) total += (await db.query<{ n: number }>(`SELECT COUNT(*)::int AS n ${globalFrom} WHERE ${global.sql()}`, global.values)).rows[0]!.n;
  if (global && rows.length < query.limit) {
    const page = global.clone();
    if (after?.phase === 'global') page.add(`(i.published_ms, i.id) < (${page.bind(after.key)}, ${page.bind(after.id)})`);
    const { rows: found } = await db.query<RawRow>(`SELECT i.id, i.title, i.item_type, i.media_url, i.published_at, i.url AS canonical_url,
        i.summary, i.audio_url, i.duration_seconds, i.episode_number, i.episode_type, i.artwork_url, i.explicit, i.description,
        f.id AS feed_id, f.title AS feed_title, f.source_type, f.website, NULL AS subscription_id, NULL AS subscription_title,
        0 AS is_read, 0 AS is_saved, NULL::int AS playback_position, NULL::bigint AS last_played_ms, 1 AS is_global, i.published_ms AS sort_key
      ${globalFrom} WHERE ${page.sql()} ORDER BY i.published_ms DESC, i.id DESC LIMIT ${page.bind(query.limit - rows.length)}`, page.values);
    rows = rows.concat(asListed(found));
  }
  return { rows, total };
}

// A search reaches the user's entries from the matches through item_rowid, as on SQLite.
const searchFrom = 'FROM items i JOIN entries e ON e.user_id = $1 AND e.item_rowid = i.rowid';

/**
 * A page of the user's search matches and how many match, in one pass: the matches' keys come off
 * entries_search_page (migration 012) without reading entries, are counted by a window before the
 * cursor and the limit apply, and only the page's rows are joined to their columns. The total is
 * null when the page is empty.
 */
async function searchPage(db: Queryable, where: EntryConditions, order: (typeof orders)[ItemPageQuery['order']],
  after: ItemPageQuery['after'], limit: number): Promise<{ rows: ListedRow[]; total: number | null }> {
  const page = where.clone();
  const direction = order.direction;
  const past = after ? `WHERE (m.sort_key, m.item_id) ${direction === 'DESC' ? '<' : '>'} (${page.bind(after.key)}, ${page.bind(after.id)})` : '';
  const { rows: found } = await db.query<RawRow & { match_total: number }>(`SELECT ${itemColumns}, k.sort_key, k.match_total FROM (
      SELECT m.item_id, m.sort_key, m.match_total FROM (
        SELECT e.item_id, ${order.key} AS sort_key, (COUNT(*) OVER ())::int AS match_total ${searchFrom} WHERE ${page.sql()}) m
      ${past} ORDER BY m.sort_key ${direction}, m.item_id ${direction} LIMIT ${page.bind(limit)}) k
    JOIN entries e ON e.user_id = $1 AND e.item_id = k.item_id JOIN items i ON i.id = k.item_id ${itemJoins}
    ORDER BY k.sort_key ${direction}, k.item_id ${direction}`, page.values);
  const total = found[0]?.match_total ?? null;
  for (const row of found) delete (row as Partial<typeof row>).match_total;
  return { rows: asListed(found), total };
}

const globalFrom = 'FROM items i JOIN feeds f ON f.id = i.feed_id';

/** Global corpus matches: the search, and the filters that apply to any item; none of the user's. */
function globalConditions(userId: string, tsquery: string, scope: GlobalScope): EntryConditions {
  const where = new EntryConditions(userId);
  where.clauses.splice(0, where.clauses.length,
    `i.search_document @@ to_tsquery('tidings_search', ${where.bind(tsquery)})`,
    // Items of feeds the user follows are theirs, even ones they hold no entry for (a paused subscription).
    'i.feed_id NOT IN (SELECT feed_id FROM subscriptions WHERE user_id = $1)',
    'NOT EXISTS (SELECT 1 FROM entries x WHERE x.user_id = $1 AND x.item_id = i.id)');
  if (scope.item_type) where.add(`i.item_type = ${where.bind(scope.item_type)}`);
  if (scope.from_ms !== undefined) where.add(`i.published_ms >= ${where.bind(scope.from_ms)}`);
  if (scope.until_ms !== undefined) where.add(`i.published_ms <= ${where.bind(scope.until_ms)}`);
  return where;
}
