import type { Pool } from 'pg';
import { toSimilarItem, type ItemRow } from '../../domain/items/item-view';
import { itemColumns, itemJoins } from '../item-columns';
import type { StoryStore, UserStory } from '../stories';
import { bigNumber } from './big-numbers';
import { retried } from './unit-of-work';

type StoryRow = Omit<UserStory, 'articles'>;

/** The story store on PostgreSQL: the stories, then all their articles of the user in one statement. */
export function postgresStoryStore(pool: Pool): StoryStore {
  return {
    listed: (userId, limit, minSources) => retried(async () => {
      const { rows } = await pool.query<StoryRow>(`SELECT s.id, s.title, s.summary, s.last_published_at FROM stories s
        WHERE s.source_count >= $3
          AND (SELECT COUNT(DISTINCT si.source_id) FROM story_items si WHERE si.story_id = s.id
               AND si.source_id IN (SELECT feed_id FROM subscriptions WHERE user_id = $1)) >= $3
        ORDER BY s.last_published_at COLLATE "C" DESC LIMIT $2`, [userId, limit, minSources]);
      if (!rows.length) return [];
      const { rows: articles } = await pool.query<ItemRow & { source_id: string; story_id: string }>(`SELECT ${itemColumns}, si.source_id, si.story_id
        FROM story_items si JOIN entries e ON e.item_id = si.item_id AND e.user_id = $1
          JOIN items i ON i.id = e.item_id ${itemJoins}
        WHERE si.story_id = ANY($2::text[]) ORDER BY i.published_ms DESC, i.id COLLATE "C"`, [userId, rows.map((row) => row.id)]);
      const byStory = new Map<string, UserStory['articles']>(rows.map((row) => [row.id, []]));
      for (const article of articles) {
        byStory.get(article.story_id)!.push({ source_id: article.source_id, item: toSimilarItem({ ...article, last_played_ms: bigNumber(article.last_played_ms) }) });
      }
      return rows.map((row) => ({ ...row, articles: byStory.get(row.id)! }));
    }),
  };
}
