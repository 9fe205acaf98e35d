import { preparedOnce, type Db } from '../database';
import type { ArticlePage, ArticleRules, ArticleStore, FullContentNote, SummarySource } from '../articles';

const statements = preparedOnce((db: Db) => ({
  page: db.prepare('SELECT url, full_content, platform_metadata FROM items WHERE id = ?'),
  metadata: db.prepare('SELECT platform_metadata FROM items WHERE id = ?').pluck(),
  keep: db.prepare('UPDATE items SET full_content = COALESCE(?, full_content), platform_metadata = ? WHERE id = ?'),
  lacksArticle: db.prepare('SELECT 1 FROM items WHERE id = ? AND full_content IS NULL').pluck(),
  // The most recently saved rule wins when several people follow the feed with different selectors.
  feedRules: db.prepare(`SELECT r.content_selector, r.remove_selector FROM subscriptions s
    JOIN subscription_content_rules r ON r.subscription_id = s.id
    WHERE s.feed_id = ? AND s.is_active = 1 AND r.full_content = 1 ORDER BY r.updated_at DESC LIMIT 1`),
  waiting: db.prepare(`SELECT id FROM items WHERE feed_id = @feed AND url IS NOT NULL AND full_content IS NULL AND created_at >= @since
    AND (json_extract(platform_metadata, '$.full_content') IS NULL
      OR (json_extract(platform_metadata, '$.full_content.retry') = 1 AND json_extract(platform_metadata, '$.full_content.attempts') < @attempts))
    ORDER BY published_ms DESC LIMIT 50`).pluck(),
  latest: db.prepare('SELECT id FROM items WHERE feed_id = ? AND url IS NOT NULL ORDER BY published_ms DESC LIMIT ?').pluck(),
  prefer: db.prepare(`UPDATE entries SET prefers_full_content = 1 WHERE item_id = ?
    AND subscription_id IN (SELECT subscription_id FROM subscription_content_rules WHERE full_content = 1)`),
  summarySource: db.prepare("SELECT title, summary, content FROM items WHERE id = ? AND item_type = 'article' AND ai_summary IS NULL"),
  keepSummary: db.prepare('UPDATE items SET ai_summary = ? WHERE id = ? AND ai_summary IS NULL'),
}));

/** The article store on SQLite. */
export function sqliteArticleStore(db: Db): ArticleStore {
  const s = statements(db);
  const keep = db.transaction((itemId: string, content: string | null, note: (previous: FullContentNote | undefined) => FullContentNote) => {
    const now = s.metadata.get(itemId) as string | undefined;
    if (now === undefined) return false;
    const metadata = JSON.parse(now || '{}') as Record<string, unknown>;
    s.keep.run(content, JSON.stringify({ ...metadata, full_content: note(metadata.full_content as FullContentNote | undefined) }), itemId);
    return true;
  });
  return {
    page: async (itemId) => (s.page.get(itemId) as ArticlePage | undefined) ?? null,
    keep: async (itemId, content, note) => keep(itemId, content, note),
    lacksArticle: async (itemId) => s.lacksArticle.get(itemId) !== undefined,
    feedRules: async (feedId) => (s.feedRules.get(feedId) as ArticleRules | undefined) ?? null,
    waiting: async (feedId, since, attempts) => s.waiting.all({ feed: feedId, since, attempts }) as string[],
    latest: async (feedId, count) => s.latest.all(feedId, count) as string[],
    preferArticle: async (itemId) => { s.prefer.run(itemId); },
    summarySource: async (itemId) => (s.summarySource.get(itemId) as SummarySource | undefined) ?? null,
    keepSummary: async (itemId, summary) => {
      try {
        s.keepSummary.run(summary, itemId);
      } catch (error) {
        if ((error as { code?: string }).code !== 'SQLITE_BUSY') throw error;
      }
    },
  };
}
