import type { SimilarItem } from '@/lib/contract/items';

/** A story as the store reads it for one user: its newest article's date, and the user's articles of it with their sources. */
export type UserStory = {
  id: string; title: string; summary: string; last_published_at: string;
  /** The user's articles of the story (those they have an entry for), newest first. */
  articles: { source_id: string; item: SimilarItem }[];
};

/** Stories (same-event articles grouped by the intelligence work), as users read them. */
export type StoryStore = {
  /**
   * Up to `limit` stories, newest first, that at least `minSources` of the feeds the user follows
   * report, each with the user's articles of it.
   */
  listed(userId: string, limit: number, minSources: number): Promise<UserStory[]>;
};
