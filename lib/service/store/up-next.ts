import type { ItemListEntry } from '@/lib/contract/items';

/**
 * Up Next: the user's unplayed episodes (unread, never started, with audio) of the podcasts they
 * follow, less those taken off it. Episodes never arranged come first, newest first; the arranged
 * ones follow in the order they were given.
 */
export type UpNextStore = {
  /** The first `limit` episodes of the queue, in the order to play them. */
  list(userId: string, limit: number): Promise<ItemListEntry[]>;
  /** Orders the whole queue as `arrange` answers for its current ids in order, in one unit of work. */
  arrange(userId: string, arrange: (queue: string[]) => string[]): Promise<void>;
  /** Takes off the queue the ids `choose` answers for its current ids in order, in one unit of work. */
  remove(userId: string, choose: (queue: string[]) => string[]): Promise<void>;
};
