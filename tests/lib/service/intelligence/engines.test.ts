import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIntelligence, intelligenceSchemaSql, type IndexedDoc, type IntelligenceQueries } from '@/lib/service/intelligence';
import { createPostgresIntelligence } from '@/lib/service/store/postgres/intelligence';
import { migratePostgres } from '@/lib/service/store/postgres/migrate';
import { freshDatabase, skipPostgres, withPostgres } from '../../../postgres';
import { bridgeCollapse, bridgeWeekLater, festivalOneSource, rateRise, unrelated } from '@/tests/fixtures/intelligence/articles';
import { corpus } from '@/tests/fixtures/intelligence/event-corpus';

withPostgres();

/** What an engine answers after indexing, story ids aside (they are random): rows read with each engine's own query. */
type Engine = {
  intelligence: IntelligenceQueries;
  /** Indexes docs as one batch (one transaction). */
  add(docs: IndexedDoc[]): Promise<void>;
  rows(sql: string): Promise<unknown[][]>;
};

const docs = [...corpus(300), ...bridgeCollapse, ...rateRise, ...festivalOneSource, bridgeWeekLater, ...unrelated];
const removed = ['item-0010', 'item-0100', 'bridge-tribune'];

/** Indexes in slices of 25 as the backlog does, then removes a few and adds one back changed, as a re-fetched feed does. */
async function ingest(engine: Engine): Promise<void> {
  for (let start = 0; start < docs.length; start += 25) await engine.add(docs.slice(start, start + 25));
  for (const id of removed) await engine.intelligence.removeItem(id);
  await engine.add([{ ...docs[20], title: `${docs[20].title} follow-up` }]);
}

/** Each item with the members of its story, A to Z (story ids are random, so compared this way). */
async function storyMates(engine: Engine): Promise<string[]> {
  const byStory = new Map<unknown, string[]>();
  for (const [storyId, itemId] of await engine.rows('SELECT story_id, item_id FROM story_items')) {
    byStory.set(storyId, [...byStory.get(storyId) ?? [], itemId as string]);
  }
  return [...byStory.values()].flatMap((items) => items.map((item) => `${item}: ${[...items].sort().join(' ')}`)).sort();
}

// Each story's row without its id.
const storyRowsSql = `SELECT lead_item_id, title, summary, first_published_at, last_published_at, article_count, source_count FROM stories
  ORDER BY lead_item_id`;
const frequenciesSql = 'SELECT id, df FROM intel_terms ORDER BY id';
const postingsSql = 'SELECT term_id, hour, doc, weight FROM intel_postings ORDER BY term_id, hour, doc';

async function openSqlite(dir: string): Promise<Engine> {
  const db = new Database(path.join(dir, 'intel.db'));
  db.exec(intelligenceSchemaSql);
  const intelligence = createIntelligence(db);
  return {
    intelligence,
    add: async (batch) => intelligence.batch(() => batch.forEach((doc) => intelligence.addItem(doc))),
    rows: async (sql) => db.prepare(sql).raw().all() as unknown[][],
  };
}

async function openPostgres(): Promise<Engine & { pool: pg.Pool }> {
  const pool = new pg.Pool({ connectionString: await freshDatabase(), max: 4 });
  await migratePostgres(pool);
  const intelligence = createPostgresIntelligence(pool);
  return {
    pool,
    intelligence,
    add: async (batch) => void await intelligence.addItems(batch),
    // BIGINT columns come back as text: compared as numbers.
    rows: async (sql) => (await pool.query({ text: sql, rowMode: 'array' })).rows.map((row: unknown[]) =>
      row.map((value) => (typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value))),
  };
}

describe.skipIf(skipPostgres)('the intelligence on SQLite and on PostgreSQL', () => {
  let dir: string;
  let sqlite: Engine;
  let postgres: Engine & { pool: pg.Pool };

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'tidings-engines-'));
    sqlite = await openSqlite(dir);
    postgres = await openPostgres();
    await ingest(sqlite);
    await ingest(postgres);
  }, 120_000);

  afterAll(async () => {
    await postgres?.pool.end();
    rmSync(dir, { recursive: true, force: true });
  });

  it('forms the same stories from the same items, with the same rows', async () => {
    const mates = await storyMates(sqlite);
    expect(await storyMates(postgres)).toEqual(mates);
    expect(await postgres.rows(storyRowsSql)).toEqual(await sqlite.rows(storyRowsSql));
    // Real stories formed, and the removed items are in none.
    expect((await sqlite.rows('SELECT COUNT(*) FROM stories WHERE source_count >= 2'))[0][0]).toBeGreaterThan(20);
    for (const id of removed) expect(mates.some((line) => line.includes(id))).toBe(false);
    for (const id of ['bridge-herald', 'item-0020', 'recipe', 'festival-1', 'bridge-tribune']) {
      expect((await postgres.intelligence.storyOf(id)) === null).toBe((await sqlite.intelligence.storyOf(id)) === null);
    }
    expect(await postgres.intelligence.storyOf('bridge-herald')).not.toBeNull();
  });

  it('keeps the same word counts, documents and postings', async () => {
    for (const sql of [frequenciesSql, postingsSql, "SELECT key, value FROM intel_meta ORDER BY key", 'SELECT doc, item_id FROM intel_docs ORDER BY doc']) {
      expect(await postgres.rows(sql)).toEqual(await sqlite.rows(sql));
    }
  });

  it('finds the same similar items, with the same scores, for everyone and for a reader who sees some sources', async () => {
    const everyone = async (ids: string[]) => new Set(ids);
    const someSources = async (ids: string[]) => new Set(ids.filter((id) => !/[13579]$/.test(id)));
    for (const id of ['bridge-herald', 'rates-ledger', 'item-0020', 'item-0042', 'item-0150', 'item-0299', 'bridge-tribune']) {
      for (const visible of [everyone, someSources]) {
        const expected = await sqlite.intelligence.similar(id, 10, visible);
        expect(await postgres.intelligence.similar(id, 10, visible)).toEqual(expected);
      }
    }
    expect((await postgres.intelligence.similar('bridge-herald', 10, everyone)).map((hit) => hit.id)).toContain('bridge-courier');
    expect(await postgres.intelligence.similar('bridge-tribune', 10, everyone)).toEqual([]);
  });
});
