import { toSimilarItem, type ItemRow } from '../../domain/items/item-view';
import { itemColumns, itemJoins } from '../item-columns';
import { preparedOnce, type Db } from '../database';
import type { StoryStore, UserStory } from '../stories';

type StoryRow = Omit<UserStory, 'articles'>;

const statements = preparedOnce((db: Db) => ({
  // One indexed walk over listed stories, kept where enough of the user's feeds report it.
  listed: db.prepare(`SELECT s.id, s.title, s.summary, s.last_published_at FROM stories s
    WHERE s.source_count >= @sources
      AND (SELECT COUNT(DISTINCT si.source_id) FROM story_items si WHERE si.story_id = s.id
           AND si.source_id IN (SELECT feed_id FROM subscriptions WHERE user_id = @user)) >= @sources
    ORDER BY s.last_published_at DESC LIMIT @limit`),
  articles: db.prepare(`SELECT ${itemColumns}, si.source_id FROM story_items si
    JOIN entries e ON e.item_id = si.item_id AND e.user_id = @user
    JOIN items i ON i.id = e.item_id ${itemJoins}
    WHERE si.story_id = @story ORDER BY i.published_ms DESC, i.id`),
}));

/** The story store on SQLite. */
export function sqliteStoryStore(db: Db): StoryStore {
  return {
    listed: async (userId, limit, minSources) => {
      const s = statements(db);
      const rows = s.listed.all({ user: userId, limit, sources: minSources }) as StoryRow[];
      return rows.map((row) => ({
        ...row,
        articles: (s.articles.all({ user: userId, story: row.id }) as (ItemRow & { source_id: string })[])
          .map((article) => ({ source_id: article.source_id, item: toSimilarItem(article) })),
      }));
    },
  };
}
