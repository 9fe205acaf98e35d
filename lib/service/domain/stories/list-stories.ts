import type { Story } from '@/lib/contract/stories';
import type { User } from '../accounts';
import type { Store } from '../../store/store';

/** A story is listed when the reader's own articles of it come from at least this many sources. */
const MIN_SOURCES = 2;

/**
 * GET /v1/stories: stories newest first, each with only the user's articles of it. A story is
 * listed when the user's own articles of it come from at least two sources.
 */
export async function listStories(store: Store, user: User, limit: number): Promise<Story[]> {
  const stories = await store.stories.listed(user.id, limit, MIN_SOURCES);
  return stories.flatMap((story) => {
    const sources = new Set(story.articles.map((article) => article.source_id));
    // The free plan's history cap can hide older articles of a followed feed.
    if (sources.size < MIN_SOURCES) return [];
    return [{
      id: story.id, title: story.title, summary: story.summary || null, published_at: story.last_published_at,
      article_count: story.articles.length, source_count: sources.size, articles: story.articles.map((article) => article.item),
    }];
  });
}
