import type { Pool } from 'pg';
import type { IndexedDoc } from '../../intelligence/core';
import type { IndexingStore } from '../indexing';
import { retried } from './unit-of-work';

/** The indexing store on PostgreSQL; ids in byte order ("C"), as SQLite and the queue's sort order them. */
export function postgresIndexingStore(pool: Pool): IndexingStore {
  const ids = async (text: string, values: unknown[] = []) =>
    retried(async () => (await pool.query<[string]>({ text, values, rowMode: 'array' })).rows.map(([id]) => id));
  return {
    storedAmong: async (among) => new Set(await ids('SELECT id FROM items WHERE id = ANY($1::text[])', [among])),
    docs: (among) => retried(async () => (await pool.query<IndexedDoc>(`SELECT id, feed_id AS source_id, title, COALESCE(summary, '') AS summary,
      COALESCE(content, '') AS content, url, published_at FROM items WHERE id = ANY($1::text[]) ORDER BY id COLLATE "C"`, [among])).rows),
    unindexed: () => ids('SELECT id FROM items WHERE NOT EXISTS (SELECT 1 FROM intel_docs WHERE item_id = items.id) ORDER BY id COLLATE "C"'),
    unindexedAmong: (among) => ids(`SELECT id FROM unnest($1::text[]) WITH ORDINALITY AS given(id, n)
      WHERE NOT EXISTS (SELECT 1 FROM intel_docs WHERE item_id = given.id) ORDER BY n`, [among]),
  };
}
