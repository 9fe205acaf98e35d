/*
 * Several nodes on one PostgreSQL database: the indexing a stopped run left behind is taken up by
 * every node that starts, and each item must still be indexed exactly once, with the word counts
 * of one node doing it all.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openService } from '@/lib/service/service';
import { createPostgresIntelligence } from '@/lib/service/store/postgres/intelligence';
import { migratePostgres } from '@/lib/service/store/postgres/migrate';
import { corpus } from '@/tests/fixtures/intelligence/event-corpus';
import { freshDatabase, skipPostgres, withPostgres } from '../../../../postgres';

withPostgres();

const docs = corpus(300);

/** What the intelligence wrote, compared between runs. */
type Indexed = { docs: number; distinctItems: number; frequencies: unknown[]; docCount: string; stories: number };

async function indexedIn(url: string): Promise<Indexed> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const count = async (sql: string) => Number((await client.query<{ n: string }>(sql)).rows[0].n);
    return {
      docs: await count('SELECT COUNT(*) AS n FROM intel_docs'),
      distinctItems: await count('SELECT COUNT(DISTINCT item_id) AS n FROM intel_docs'),
      frequencies: (await client.query({ text: 'SELECT id, df FROM intel_terms ORDER BY id', rowMode: 'array' })).rows,
      docCount: (await client.query("SELECT value FROM intel_meta WHERE key = 'doc_count'")).rows[0]?.value,
      stories: await count('SELECT COUNT(DISTINCT story_id) AS n FROM story_items'),
    };
  } finally {
    await client.end();
  }
}

const nameOf = (url: string) => new URL(url).pathname.slice(1);

describe.skipIf(skipPostgres)('several nodes indexing one PostgreSQL database', () => {
  let dataDir: string;
  /** A database with the service's schema and 300 items stored but not indexed (a run stopped before its backlog drained). */
  let backlog: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'tidings-intel-nodes-'));
    const url = await freshDatabase();
    const service = await openService({ databaseUrl: url, config: { dataDir } });
    await service.close();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const now = new Date().toISOString();
    for (const source of new Set(docs.map((doc) => doc.source_id))) {
      await client.query('INSERT INTO feeds (id, url, source_type, title, created_at) VALUES ($1, $2, $3, $4, $5)',
        [source, `https://example.org/${source}.xml`, 'feed', source, now]);
    }
    const column = (field: 'id' | 'source_id' | 'title' | 'summary' | 'content' | 'published_at') => docs.map((doc) => doc[field]);
    await client.query(`INSERT INTO items (id, feed_id, guid, title, summary, content, published_at, published_ms, created_at)
      SELECT id, feed_id, id, title, summary, content, published_at, (extract(epoch FROM published_at::timestamptz) * 1000)::bigint, $7
      FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[]) AS d(id, feed_id, title, summary, content, published_at)`,
    [column('id'), column('source_id'), column('title'), column('summary'), column('content'), column('published_at'), now]);
    await client.end();
    backlog = nameOf(url);
  }, 120_000);

  afterAll(() => {
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  /** Starts `nodes` services on a copy of the backlog at once, waits until each has drained what it took up, and answers what was indexed. */
  async function drainOn(nodes: number): Promise<Indexed> {
    const url = await freshDatabase(backlog);
    const services = await Promise.all(Array.from({ length: nodes }, () => openService({ databaseUrl: url, config: { dataDir } })));
    try {
      await Promise.all(services.map((service) => service.intelligence.idle()));
    } finally {
      for (const service of services) await service.close();
    }
    return indexedIn(url);
  }

  it('indexes each item once when two nodes start on the same backlog, with the word counts of one node, and logs no error', async () => {
    const errors = vi.spyOn(console, 'error');
    try {
      const alone = await drainOn(1);
      expect(alone.docs).toBe(docs.length);
      expect(alone.stories).toBeGreaterThan(0);
      expect(errors).not.toHaveBeenCalled();

      const two = await drainOn(2);
      expect(errors).not.toHaveBeenCalled();
      expect(two.docs).toBe(docs.length);
      expect(two.distinctItems).toBe(docs.length);
      expect(two.docCount).toBe(alone.docCount);
      expect(two.frequencies).toEqual(alone.frequencies);
    } finally {
      errors.mockRestore();
    }
  }, 120_000);

  it('weighs each item with the word counts every node wrote before it, as one node would', async () => {
    // What a batch writes depends on the frequencies it counts from: each document keeps those it saw.
    const written = ['SELECT d.doc, d.item_id, v.vec FROM intel_docs d JOIN intel_vectors v ON v.doc = d.doc ORDER BY d.doc',
      'SELECT term_id, hour, doc, weight FROM intel_postings ORDER BY term_id, hour, doc', 'SELECT id, df FROM intel_terms ORDER BY id'];
    const batches = Array.from({ length: 8 }, (_, i) => docs.slice(i * 25, i * 25 + 25));
    const runOn = async (nodes: number) => {
      const url = await freshDatabase();
      const opened = Array.from({ length: nodes }, () => new pg.Pool({ connectionString: url, max: 2 }));
      await migratePostgres(opened[0]);
      const intelligences = opened.map((pool) => createPostgresIntelligence(pool));
      try {
        // One batch at a time, taking turns: each node must see what the other counted.
        for (const [i, batch] of batches.entries()) await intelligences[i % nodes].addItems(batch);
        return await Promise.all(written.map(async (sql) => (await opened[0].query({ text: sql, rowMode: 'array' })).rows));
      } finally {
        await Promise.all(opened.map((pool) => pool.end()));
      }
    };
    const alone = await runOn(1);
    expect(alone[0]).toHaveLength(200);
    expect(await runOn(2)).toEqual(alone);
  }, 120_000);
});
