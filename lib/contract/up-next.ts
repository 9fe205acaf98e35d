import { z } from 'zod';
import { Uuid } from './common';
import { ItemListEntry } from './items';

/**
 * First-party: Up Next, the person's queue of unplayed episodes (unread, never started) of the
 * podcasts they follow. Newest first until they arrange it; episodes that arrive after that
 * come first, above the arranged ones. At most `upNextLimit` are listed.
 */
export const UpNextList = z.object({ data: z.array(ItemListEntry) });
export type UpNextList = z.infer<typeof UpNextList>;

/** Most episodes Up Next lists. */
export const upNextLimit = 100;

/** PUT /v1/up-next: the queue's new order; episodes of the queue not listed keep their order after these. */
export const ArrangeUpNextBody = z.strictObject({
  item_ids: z.array(Uuid).min(1).max(1000).refine((ids) => new Set(ids).size === ids.length, 'item_ids lists an episode more than once.'),
});
export type ArrangeUpNextBody = z.infer<typeof ArrangeUpNextBody>;

/** DELETE /v1/up-next: takes these episodes off the queue, or, without item_ids, clears it. */
export const RemoveFromUpNextBody = z.strictObject({
  item_ids: z.array(Uuid).min(1).max(1000).optional(),
});
export type RemoveFromUpNextBody = z.infer<typeof RemoveFromUpNextBody>;

/** One chapter of an episode: where it starts, its title, and its own link and image when it has them. */
export const Chapter = z.object({
  start_seconds: z.number().min(0),
  title: z.string(),
  url: z.string().nullable(),
  image_url: z.string().nullable(),
});
export type Chapter = z.infer<typeof Chapter>;

/** GET /v1/items/{item_id}/chapters: the episode's chapters in order (empty when it has none, or they could not be read). */
export const ChapterList = z.object({ data: z.array(Chapter) });
export type ChapterList = z.infer<typeof ChapterList>;
