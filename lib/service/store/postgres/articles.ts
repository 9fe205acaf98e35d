import type { Pool } from 'pg';
import type { ArticlePage, ArticleRules, ArticleStore, FullContentNote, SummarySource } from '../articles';
import { inTransaction, retried } from './unit-of-work';

// platform_metadata is JSON text, as on SQLite: read as jsonb where a query looks inside it.
const fullContentNote = "(platform_metadata::jsonb -> 'full_content')";

/** The article store on PostgreSQL. */
export function postgresArticleStore(pool: Pool): ArticleStore {
  return {
    page: (itemId) => retried(async () => (await pool.query<ArticlePage>(
      'SELECT url, full_content, platform_metadata FROM items WHERE id = $1', [itemId])).rows[0] ?? null),
    keep: (itemId, content, note) => inTransaction(pool, async (db) => {
      const { rows: [row] } = await db.query<{ platform_metadata: string }>('SELECT platform_metadata FROM items WHERE id = $1 FOR UPDATE', [itemId]);
      if (!row) return false;
      const metadata = JSON.parse(row.platform_metadata || '{}') as Record<string, unknown>;
      const kept = JSON.stringify({ ...metadata, full_content: note(metadata.full_content as FullContentNote | undefined) });
      await db.query('UPDATE items SET full_content = COALESCE($1, full_content), platform_metadata = $2 WHERE id = $3', [content, kept, itemId]);
      return true;
    }),
    lacksArticle: (itemId) => retried(async () =>
      ((await pool.query('SELECT 1 FROM items WHERE id = $1 AND full_content IS NULL', [itemId])).rowCount ?? 0) > 0),
    feedRules: (feedId) => retried(async () => (await pool.query<ArticleRules>(`SELECT r.content_selector, r.remove_selector FROM subscriptions s
      JOIN subscription_content_rules r ON r.subscription_id = s.id
      WHERE s.feed_id = $1 AND s.is_active = 1 AND r.full_content = 1 ORDER BY r.updated_at COLLATE "C" DESC LIMIT 1`, [feedId])).rows[0] ?? null),
    waiting: (feedId, since, attempts) => retried(async () => (await pool.query<{ id: string }>(`SELECT id FROM items
      WHERE feed_id = $1 AND url IS NOT NULL AND full_content IS NULL AND created_at >= $2
        AND (${fullContentNote} IS NULL OR ${fullContentNote} = 'null'::jsonb
          OR (${fullContentNote} ->> 'retry' = 'true' AND (${fullContentNote} ->> 'attempts')::numeric < $3))
      ORDER BY published_ms DESC LIMIT 50`, [feedId, since, attempts])).rows.map((row) => row.id)),
    latest: (feedId, count) => retried(async () => (await pool.query<{ id: string }>(
      'SELECT id FROM items WHERE feed_id = $1 AND url IS NOT NULL ORDER BY published_ms DESC LIMIT $2', [feedId, count])).rows.map((row) => row.id)),
    preferArticle: (itemId) => retried(async () => {
      await pool.query(`UPDATE entries SET prefers_full_content = 1 WHERE item_id = $1
        AND subscription_id IN (SELECT subscription_id FROM subscription_content_rules WHERE full_content = 1)`, [itemId]);
    }),
    summarySource: (itemId) => retried(async () => (await pool.query<SummarySource>(
      "SELECT title, summary, content FROM items WHERE id = $1 AND item_type = 'article' AND ai_summary IS NULL", [itemId])).rows[0] ?? null),
    keepSummary: (itemId, summary) => retried(async () => {
      await pool.query('UPDATE items SET ai_summary = $1 WHERE id = $2 AND ai_summary IS NULL', [summary, itemId]);
    }),
  };
}
