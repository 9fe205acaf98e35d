import { z } from 'zod';
import {
  CalendarDate, ItemType, Pagination, QueryBoolean, SearchText, SourceType, Timestamp, Uuid, queryInteger,
} from './common';

export const FeedReference = z.object({
  id: Uuid,
  title: z.string(),
  source_type: SourceType,
  website: z.string().nullable(),
});
export type FeedReference = z.infer<typeof FeedReference>;

export const Tag = z.object({ id: Uuid, name: z.string(), item_count: z.number().int() });
export type Tag = z.infer<typeof Tag>;

/** Fields shared by both item forms, as SPEC.md lists them. */
const itemCore = {
  id: Uuid,
  title: z.string(),
  feeds: z.array(FeedReference),
  item_type: ItemType,
  media_url: z.string().nullable(),
  published_at: Timestamp.nullable(),
  canonical_url: z.string().nullable(),
  is_read: z.boolean(),
  is_saved: z.boolean(),
  is_global: z.boolean(),
  summary: z.string().nullable(),
  audio_url: z.string().nullable(),
  duration_seconds: z.number().int().nullable(),
  episode_number: z.number().int().nullable(),
  episode_type: z.string().nullable(),
  playback_position: z.number().int().nullable(),
  last_played_at: Timestamp.nullable(),
  artwork_url: z.string().nullable(),
  explicit: z.boolean().nullable(),
  description: z.string().nullable(),
};

export const ItemListEntry = z.object(itemCore);
export type ItemListEntry = z.infer<typeof ItemListEntry>;

export const ItemDetail = z.object({
  ...itemCore,
  prefers_full_content: z.boolean(),
  ai_summary: z.string().nullable(),
  author: z.string().nullable(),
  tags: z.array(Tag),
  content: z.string().nullable(),
  notes: z.string().nullable(),
  reading_time: z.number().int().nullable(),
  suggested_tags: z.array(z.string()),
  platform_metadata: z.record(z.string(), z.unknown()),
});
export type ItemDetail = z.infer<typeof ItemDetail>;

export const SimilarItem = z.object({
  id: Uuid,
  title: z.string(),
  item_type: ItemType,
  summary: z.string().nullable(),
  published_at: Timestamp.nullable(),
  is_read: z.boolean(),
  is_saved: z.boolean(),
  is_global: z.boolean(),
  media_url: z.string().nullable(),
  canonical_url: z.string().nullable(),
  feeds: z.array(FeedReference),
});
export type SimilarItem = z.infer<typeof SimilarItem>;

export const PlaybackProgressResult = z.object({
  playback_position: z.number().int(),
  last_played_at: Timestamp,
  is_read: z.boolean(),
  completed: z.boolean(),
});
export type PlaybackProgressResult = z.infer<typeof PlaybackProgressResult>;

export const ItemPath = z.object({ item_id: Uuid });

export const ListItemsQuery = z.object({
  cursor: z.string().min(1).optional(),
  subscription_ids: z.array(Uuid).optional(),
  is_read: z.enum(['read', 'unread']).optional(),
  tag_ids: z.array(Uuid).optional(),
  folder_ids: z.array(Uuid).optional(),
  is_saved: QueryBoolean.optional(),
  q: SearchText.optional(),
  from_date: CalendarDate.optional(),
  to_date: CalendarDate.optional(),
  item_type: ItemType.optional(),
  order_by: z.enum(['newest', 'oldest', 'recently_played']).default('newest'),
  in_progress: QueryBoolean.optional(),
  include_global: QueryBoolean.default(false),
  include_body: QueryBoolean.default(true),
  limit: queryInteger(1, 100, 50),
});
export type ListItemsQuery = z.infer<typeof ListItemsQuery>;
/** Query parameters of GET /v1/items that carry several values. */
export const listItemsArrayParams = ['subscription_ids', 'tag_ids', 'folder_ids'] as const;

export const ItemList = z.object({ data: z.array(ItemListEntry), pagination: Pagination });
export type ItemList = z.infer<typeof ItemList>;

/** PUT /v1/items — DESIGN.md's gap-fill. */
export const MarkAllBody = z.strictObject({
  is_read: z.boolean().default(true),
  subscription_ids: z.array(Uuid).optional(),
  folder_ids: z.array(Uuid).optional(),
  tag_ids: z.array(Uuid).optional(),
  item_type: ItemType.optional(),
  is_saved: z.boolean().optional(),
  before: Timestamp.optional(),
});
export type MarkAllBody = z.input<typeof MarkAllBody>;

export const BulkItemAction = z.enum(['mark_read', 'mark_unread', 'save', 'unsave']);
export type BulkItemAction = z.infer<typeof BulkItemAction>;
export const BulkItemBody = z.strictObject({
  item_ids: z.array(Uuid).min(1).max(1000),
  action: BulkItemAction,
});
export type BulkItemBody = z.infer<typeof BulkItemBody>;

/** PATCH /v1/items/{id} — DESIGN.md's gap-fill. */
export const UpdateItemBody = z.strictObject({
  is_read: z.boolean().optional(),
  is_saved: z.boolean().optional(),
  tags: z.array(z.string().trim().min(1).max(64)).max(50).optional(),
  notes: z.string().max(20000).nullable().optional(),
  prefers_full_content: z.boolean().optional(),
});
export type UpdateItemBody = z.infer<typeof UpdateItemBody>;

export const SimilarQuery = z.object({ limit: queryInteger(1, 50, 10) });
export const SimilarList = z.object({ data: z.array(SimilarItem) });

export const ReadLaterService = z.enum(['instapaper', 'readwise', 'raindrop', 'wallabag']);
export type ReadLaterService = z.infer<typeof ReadLaterService>;
export const ReadLaterQuery = z.object({ service: ReadLaterService });

export const PlaybackProgressBody = z.strictObject({
  position_seconds: z.number().min(0).max(7 * 24 * 3600),
  client_timestamp: Timestamp.optional(),
});
export type PlaybackProgressBody = z.infer<typeof PlaybackProgressBody>;
