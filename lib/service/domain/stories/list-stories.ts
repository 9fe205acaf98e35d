import type { Story } from '@/lib/contract/stories';
import type { User } from '../accounts';
import { toSimilarItem, type ItemRow } from '../items/item-view';
import { itemColumns, itemJoins } from '../../store/sqlite/item-columns';
import type { Db } from '../../store/database';

type StoryRow = { id: string; title: string; summary: string; last_published_at: string };

/**
 * GET /v1/stories: stories newest first, each with only the user's articles of it. A story is
 * listed when the user's own articles of it come from at least two sources.
 */
export function listStories(db: Db, user: User, limit: number): Story[] {
  // One indexed walk over listed stories, kept where two of the user's feeds report it.
  const rows = db.prepare(`SELECT s.id, s.title, s.summary, s.last_published_at FROM stories s
    WHERE s.source_count >= 2
      AND (SELECT COUNT(DISTINCT si.source_id) FROM story_items si WHERE si.story_id = s.id
           AND si.source_id IN (SELECT feed_id FROM subscriptions WHERE user_id = @user)) >= 2
    ORDER BY s.last_published_at DESC LIMIT @limit`).all({ user: user.id, limit }) as StoryRow[];
  const articlesOf = db.prepare(`SELECT ${itemColumns}, si.source_id FROM story_items si
    JOIN entries e ON e.item_id = si.item_id AND e.user_id = @user
    JOIN items i ON i.id = e.item_id ${itemJoins}
    WHERE si.story_id = @story ORDER BY i.published_ms DESC, i.id`);
  return rows.flatMap((row) => {
    const articles = articlesOf.all({ user: user.id, story: row.id }) as (ItemRow & { source_id: string })[];
    const sources = new Set(articles.map((article) => article.source_id));
    // The free plan's history cap can hide older articles of a followed feed.
    if (sources.size < 2) return [];
    return [{
      id: row.id, title: row.title, summary: row.summary || null, published_at: row.last_published_at,
      article_count: articles.length, source_count: sources.size, articles: articles.map(toSimilarItem),
    }];
  });
}
