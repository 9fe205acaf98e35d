/**
 * The intelligence on PostgreSQL: its storage (intelligence/storage.ts) over the intel_* and story
 * tables, answering with promises on one client of a transaction, and the intelligence that runs the
 * shared steps (intelligence/core.ts) on it: each addition, or batch of them, one transaction; and the
 * indexing left for later (backlog.ts), its slices awaited one after another.
 */
import type { Pool, PoolClient } from 'pg';
import type { Intelligence } from '../../intelligence';
import { createBacklog } from '../../intelligence/backlog';
import { createIntelligenceCore } from '../../intelligence/core';
import { runLater, type IntelligenceStorage, type Steps, type StoryMember } from '../../intelligence/storage';
import type { DocRow } from '../../intelligence/stored-doc';
import { inTransaction, type Queryable } from './unit-of-work';

type Pair = [string | number, string | number];

/** [number, number] rows of two BIGINT/INTEGER columns (pg answers BIGINT as text). */
const numbers = (rows: Pair[]): Array<[number, number]> => rows.map(([a, b]) => [Number(a), Number(b)]);

const docColumns = 'd.doc, d.item_id, d.source_id, d.hour, d.published_at, v.title, v.summary, v.vec';
const toDocRow = (row: DocRow & { doc: string | number }): DocRow => ({ ...row, doc: Number(row.doc) });

/**
 * The intelligence's storage on one client (inside a transaction: `open`) or the pool (single
 * statements); document numbers are taken on `numbering` (the pool), so that no transaction holds
 * their row while it indexes and other nodes' indexing waits.
 */
export function postgresIntelligenceStorage(db: Queryable, open: boolean, numbering: Queryable = db): IntelligenceStorage {
  const pairs = async (text: string, values: unknown[]) => numbers((await db.query<Pair>({ text, values, rowMode: 'array' })).rows);
  const one = async <T>(text: string, values: unknown[]): Promise<T | undefined> =>
    ((await db.query({ text, values, rowMode: 'array' })).rows[0] as T[] | undefined)?.[0];
  const run = async (text: string, values: unknown[]) => void await db.query(text, values);
  return {
    docCount: async () => Number((await one<string>("SELECT value FROM intel_meta WHERE key = 'doc_count'", [])) ?? 0),
    addDocCount: (n) => run(`INSERT INTO intel_meta (key, value) VALUES ('doc_count', $1)
      ON CONFLICT (key) DO UPDATE SET value = intel_meta.value + excluded.value`, [n]),
    termCount: async () => Number(await one<string>('SELECT COUNT(*) FROM intel_terms', [])),
    allFrequencies: () => pairs('SELECT id, df FROM intel_terms', []),
    frequencies: (ids) => pairs('SELECT id, df FROM intel_terms WHERE id = ANY($1::bigint[])', [ids]),
    addFrequencies: (increments) => run(`INSERT INTO intel_terms (id, df) SELECT * FROM unnest($1::bigint[], $2::int[])
      ON CONFLICT (id) DO UPDATE SET df = intel_terms.df + excluded.df`, [increments.map(([id]) => id), increments.map(([, df]) => df)]),
    // Numbers are never reused, even after the newest document is removed (see SQLite's storage), nor after a rollback.
    nextDocs: async (n) => Number(((await numbering.query({ text: `INSERT INTO intel_meta (key, value)
      VALUES ('last_doc', COALESCE((SELECT MAX(doc) FROM intel_docs), 0) + $1) ON CONFLICT (key) DO UPDATE SET value = intel_meta.value + $1 RETURNING value`,
    values: [n], rowMode: 'array' })).rows as string[][])[0][0]) - n + 1,
    insertDoc: (doc) => {
      const column = (k: number) => doc.postings.filter((_, i) => i % 4 === k);
      return run(`WITH d AS (INSERT INTO intel_docs (doc, item_id, source_id, hour, published_at) VALUES ($1, $2, $3, $4, $5)),
        v AS (INSERT INTO intel_vectors (doc, title, summary, vec) VALUES ($1, $6, $7, $8))
        INSERT INTO intel_postings (term_id, hour, doc, weight) SELECT * FROM unnest($9::bigint[], $10::int[], $11::bigint[], $12::int[])
        ON CONFLICT (term_id, hour, doc) DO UPDATE SET weight = excluded.weight`,
      [doc.doc, doc.itemId, doc.sourceId, doc.hour, doc.publishedAt, doc.title, doc.summary, doc.vec, column(0), column(1), column(2), column(3)]);
    },
    placedAmong: async (itemIds) => (await db.query<[string]>({ text: `SELECT item_id FROM intel_docs WHERE item_id = ANY($1::text[])
      UNION SELECT item_id FROM story_items WHERE item_id = ANY($1::text[])`, values: [itemIds], rowMode: 'array' })).rows.map(([id]) => id),
    docByItem: async (itemId) => {
      const { rows } = await db.query(`SELECT ${docColumns} FROM intel_docs d JOIN intel_vectors v ON v.doc = d.doc WHERE d.item_id = $1`, [itemId]);
      return rows[0] ? toDocRow(rows[0]) : undefined;
    },
    docsByNumber: async (docs) => (await db.query(`SELECT ${docColumns} FROM intel_docs d JOIN intel_vectors v ON v.doc = d.doc
      WHERE d.doc = ANY($1::bigint[]) ORDER BY d.doc`, [docs])).rows.map(toDocRow),
    itemIdsOf: async (docs) => (await db.query<[string, string]>({ text: 'SELECT doc, item_id FROM intel_docs WHERE doc = ANY($1::bigint[])',
      values: [docs], rowMode: 'array' })).rows.map(([doc, itemId]) => [Number(doc), itemId]),
    deleteDoc: (doc) => run('WITH d AS (DELETE FROM intel_docs WHERE doc = $1) DELETE FROM intel_vectors WHERE doc = $1', [doc]),
    insertPostings: (flat) => {
      const column = (k: number) => flat.filter((_, i) => i % 4 === k);
      return run(`INSERT INTO intel_postings (term_id, hour, doc, weight) SELECT * FROM unnest($1::bigint[], $2::int[], $3::bigint[], $4::int[])
        ON CONFLICT (term_id, hour, doc) DO UPDATE SET weight = excluded.weight`, [column(0), column(1), column(2), column(3)]);
    },
    deletePostings: (termIds, hour, doc) => run('DELETE FROM intel_postings WHERE term_id = ANY($1::bigint[]) AND hour = $2 AND doc = $3',
      [Array.from(termIds), hour, doc]),
    // Ties in the order of SQLite's index (term, weight, then its primary key's hour and doc).
    postingsByWeight: async (termIds, limit) => {
      const { rows } = await db.query<[string, number, string, number]>({ text: `SELECT t.i, p.hour, p.doc, p.weight FROM unnest($1::bigint[]) WITH ORDINALITY t(term, i)
        CROSS JOIN LATERAL (SELECT hour, doc, weight FROM intel_postings WHERE term_id = t.term ORDER BY weight DESC, hour, doc LIMIT $2) p`,
      values: [termIds, limit], rowMode: 'array' });
      const lists = termIds.map((): Array<[number, number, number]> => []);
      for (const [i, hour, doc, weight] of rows) lists[Number(i) - 1].push([weight, hour, Number(doc)]);
      // Each term's order is restored here: strongest first, ties by hour, then doc.
      return lists.map((list) => list.sort((a, b) => b[0] - a[0] || a[1] - b[1] || a[2] - b[2]).map(([weight, , doc]) => [doc, weight] as [number, number]));
    },
    postingsWindows: async (termIds, start, middle, end, limit) => {
      // Every term's two sides in one round trip; each side's order is restored here.
      const { rows } = await db.query<[string, number, number, string, number]>({ text: `SELECT t.i, p.side, p.hour, p.doc, p.weight
        FROM unnest($1::bigint[]) WITH ORDINALITY t(term, i) CROSS JOIN LATERAL (
          (SELECT 0 AS side, hour, doc, weight FROM intel_postings WHERE term_id = t.term AND hour >= $3 AND hour <= $4 ORDER BY hour, doc LIMIT $5)
          UNION ALL
          (SELECT 1, hour, doc, weight FROM intel_postings WHERE term_id = t.term AND hour < $3 AND hour >= $2 ORDER BY hour DESC, doc DESC LIMIT $5)) p`,
      values: [termIds, start, middle, end, limit], rowMode: 'array' });
      const sides = termIds.map(() => [[], []] as Array<Array<[number, number, number]>>);
      for (const [i, side, hour, doc, weight] of rows) sides[Number(i) - 1][side].push([hour, Number(doc), weight]);
      const ordered = (list: Array<[number, number, number]>, sign: number) => list.sort((a, b) => sign * (a[0] - b[0] || a[1] - b[1]))
        .map(([, doc, weight]) => [doc, weight] as [number, number]);
      return sides.map(([later, earlier]) => ({ later: ordered(later, 1), earlier: ordered(earlier, -1) }));
    },
    storyOfItem: (itemId) => one<string>('SELECT story_id FROM story_items WHERE item_id = $1', [itemId]),
    storiesOfItems: async (itemIds) => (await db.query<[string, string]>({ text: 'SELECT item_id, story_id FROM story_items WHERE item_id = ANY($1::text[])',
      values: [itemIds], rowMode: 'array' })).rows,
    members: async (storyId) => (await db.query<StoryMember>(`SELECT item_id, source_id, published_at FROM story_items WHERE story_id = $1
      ORDER BY published_at COLLATE "C"`, [storyId])).rows,
    memberDocs: async (storyId, limit) => (await db.query<[string]>({ text: `SELECT d.doc FROM story_items s JOIN intel_docs d ON d.item_id = s.item_id
      WHERE s.story_id = $1 ORDER BY s.published_at COLLATE "C" LIMIT $2`, values: [storyId, limit], rowMode: 'array' })).rows.map(([doc]) => Number(doc)),
    span: async (storyId) => (await db.query<[string, string]>({ text: 'SELECT first_published_at, last_published_at FROM stories WHERE id = $1',
      values: [storyId], rowMode: 'array' })).rows[0],
    putMember: (storyId, member) => run(`INSERT INTO story_items (item_id, story_id, source_id, published_at) VALUES ($1, $2, $3, $4)
      ON CONFLICT (item_id) DO UPDATE SET story_id = excluded.story_id, source_id = excluded.source_id, published_at = excluded.published_at`,
    [member.item_id, storyId, member.source_id, member.published_at]),
    deleteMember: (itemId) => run('DELETE FROM story_items WHERE item_id = $1', [itemId]),
    mergeStory: (to, from) => run('WITH moved AS (UPDATE story_items SET story_id = $1 WHERE story_id = $2) DELETE FROM stories WHERE id = $2', [to, from]),
    insertStory: (story, member) => run(`WITH s AS (INSERT INTO stories (id, title, summary, lead_item_id, first_published_at, last_published_at,
      article_count, source_count) VALUES ($1, $2, $3, $4, $5, $6, $7, $8))
      INSERT INTO story_items (item_id, story_id, source_id, published_at) VALUES ($9, $1, $10, $11)
      ON CONFLICT (item_id) DO UPDATE SET story_id = excluded.story_id, source_id = excluded.source_id, published_at = excluded.published_at`,
    [story.id, story.title, story.summary, story.leadItemId, story.firstPublishedAt, story.lastPublishedAt, story.articleCount, story.sourceCount,
      member.item_id, member.source_id, member.published_at]),
    updateStory: (story) => run(`UPDATE stories SET title = $1, summary = $2, lead_item_id = $3, first_published_at = $4, last_published_at = $5,
      article_count = $6, source_count = $7 WHERE id = $8`, [story.title, story.summary, story.leadItemId, story.firstPublishedAt,
      story.lastPublishedAt, story.articleCount, story.sourceCount, story.id]),
    deleteStory: (storyId) => run('DELETE FROM stories WHERE id = $1', [storyId]),
    sourceCount: (storyId) => one<number>('SELECT source_count FROM stories WHERE id = $1', [storyId]),
    inTransaction: () => open,
  };
}

/** The intelligence of a PostgreSQL database: every call async; additions are written one transaction per call. */
export type PostgresIntelligence = Intelligence;

/**
 * Claims items for the open transaction: the positions (from 0) of those no other transaction is
 * indexing, each under an advisory lock held until this one ends. Several nodes may index one
 * database, each its own items.
 */
async function claimItems(client: Queryable, ids: string[]): Promise<number[]> {
  const { rows } = await client.query<[string]>({ text: `SELECT n - 1 FROM unnest($1::text[]) WITH ORDINALITY AS t(id, n)
    WHERE pg_try_advisory_xact_lock(hashtextextended('intel_item:' || id, 0))`, values: [ids], rowMode: 'array' });
  return rows.map(([n]) => Number(n));
}

/**
 * Least time a batch given an `until` runs before it may stop. A batch here does not hold the event
 * loop (it waits on the database between items), and its fixed cost is a dozen round trips (claims,
 * numbers, counts, commit): batches of 100 ms spent most of their time on them.
 */
const LEAST_BATCH_MS = 500;

/**
 * Waits for the open transaction's turn to write stories: one node at a time, so each places its
 * items among the stories the others committed (placing side by side made two stories of one event,
 * and deadlocked on the rows both updated).
 */
async function takeStoryTurn(client: Queryable): Promise<void> {
  await client.query("SELECT pg_advisory_xact_lock(hashtextextended('intel_stories', 0))");
}

/**
 * Opens the intelligence over a pool whose database has the service's schema. Other processes may
 * index the same database: an item another is indexing is passed over, one indexed meanwhile is
 * left as is (IndexedDoc.isNew), each batch reads its words' frequencies afresh, and stories are
 * written one node at a time. Calls of this
 * process are run one after another, so a transaction that is rolled back (and its document
 * numbers) never reaches another call's view of the memory.
 */
export function createPostgresIntelligence(pool: Pool): PostgresIntelligence {
  const core = createIntelligenceCore({ shared: true });
  let queue: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(work: () => Promise<T>): Promise<T> => {
    const result = queue.then(work);
    queue = result.catch(() => undefined);
    return result;
  };

  /** Runs `work` in one transaction; a lost race runs it again from a memory that forgot what the failed attempt counted. */
  const transaction = <T>(work: (client: PoolClient) => Promise<T>): Promise<T> => inTurn(async () => {
    let attempt = 0;
    try {
      const result = await inTransaction(pool, (client) => {
        if (attempt++ > 0) core.forgetFrequencies();
        return work(client);
      });
      core.committed();
      return result;
    } catch (error) {
      core.forgetFrequencies();
      throw error;
    } finally {
      core.settle(false);
    }
  });
  const run = <T>(client: PoolClient, steps: Steps<T>) => runLater(steps, postgresIntelligenceStorage(client, true, pool));
  const read = <T>(steps: () => Steps<T>): Promise<T> => inTurn(() => runLater(steps(), postgresIntelligenceStorage(pool, false)));

  const backlog = createBacklog();

  return {
    addItems: (docs, prepared = [], until = Infinity) => (docs.length ? transaction(async (client) => {
      const claimed = await claimItems(client, docs.map(({ id }) => id));
      if (!claimed.length) return docs.length;
      await takeStoryTurn(client);
      const bound = Math.max(until, performance.now() + LEAST_BATCH_MS);
      const passed = await run(client, core.deferFrequencies(core.addItems(claimed.map((i) => docs[i]), claimed.map((i) => prepared[i]), bound)));
      // Items passed over (claimed by another node) count as done, up to where it stopped.
      return passed === claimed.length ? docs.length : claimed[passed - 1] + 1;
    }) : Promise.resolve(0)),
    later: backlog.add,
    idle: backlog.idle,
    hold: backlog.hold,
    close: backlog.close,
    removeItem: (id) => transaction(async (client) => {
      await takeStoryTurn(client);
      return run(client, core.removeItem(id));
    }),
    similar: (id, limit, visible) => read(() => core.similar(id, limit, visible)),
    storyOf: (id) => read(() => core.storyOf(id)),
  };
}
