import type { Story } from '@/lib/contract/stories';
import type { User } from '../accounts';
import { itemColumns, itemJoins, toSimilarItem, type ItemRow } from '../items/item-view';
import type { Db } from '../../store/database';

const batch = 200;

type StoryRow = { id: string; title: string; summary: string; last_published_at: string };

/**
 * GET /v1/stories: stories newest first, each with only the user's articles of it. A story is
 * listed when the user's own articles of it come from at least two sources.
 */
export function listStories(db: Db, user: User, limit: number): Story[] {
  const storiesPage = db.prepare(`SELECT id, title, summary, last_published_at FROM stories
    WHERE source_count >= 2 ORDER BY last_published_at DESC LIMIT @batch OFFSET @offset`);
  const articlesOf = db.prepare(`SELECT ${itemColumns}, si.source_id FROM story_items si
    JOIN entries e ON e.item_id = si.item_id AND e.user_id = @user
    JOIN items i ON i.id = e.item_id ${itemJoins}
    WHERE si.story_id = @story ORDER BY i.published_ms DESC, i.id`);
  const stories: Story[] = [];
  for (let offset = 0; stories.length < limit; offset += batch) {
    const rows = storiesPage.all({ batch, offset }) as StoryRow[];
    for (const row of rows) {
      const articles = articlesOf.all({ user: user.id, story: row.id }) as (ItemRow & { source_id: string })[];
      const sources = new Set(articles.map((article) => article.source_id));
      if (sources.size < 2) continue;
      stories.push({
        id: row.id, title: row.title, summary: row.summary || null, published_at: row.last_published_at,
        article_count: articles.length, source_count: sources.size, articles: articles.map(toSimilarItem),
      });
      if (stories.length === limit) break;
    }
    if (rows.length < batch) break;
  }
  return stories;
}
