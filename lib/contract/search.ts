import { z } from 'zod';
import { ItemType, Pagination, SearchText, SourceType, Timestamp, Uuid, queryInteger } from './common';
import { SimilarItem } from './items';

export const GeneralSearchQuery = z.object({ q: SearchText, limit: queryInteger(1, 50, 20) });
export const GeneralSearchResult = z.object({
  data: z.array(z.object({ type: ItemType, data: SimilarItem })),
});

export const FeedSearchRecord = z.object({
  id: Uuid,
  source_type: SourceType,
  title: z.string(),
  website: z.string().nullable(),
  is_active: z.boolean(),
  is_pinned: z.boolean(),
  newsletter_address: z.string().nullable(),
  unread_count: z.number().int(),
  podcast_id: Uuid.nullable(),
  artist: z.string().nullable(),
});
export const FeedSearchQuery = z.object({
  q: SearchText,
  limit: queryInteger(1, 100, 20),
  offset: queryInteger(0, undefined, 0),
  source_type: SourceType.optional(),
});
export const FeedSearchResult = z.object({ data: z.array(FeedSearchRecord), pagination: Pagination });

/** Folders, tags and saved searches page 1 to 50, default 20. */
export const SmallSearchQuery = z.object({
  q: SearchText,
  limit: queryInteger(1, 50, 20),
  offset: queryInteger(0, undefined, 0),
});

export const FolderRecord = z.object({ id: Uuid, name: z.string(), unread_count: z.number().int(), is_pinned: z.boolean() });
export type FolderRecord = z.infer<typeof FolderRecord>;
export const FolderSearchResult = z.object({ data: z.array(FolderRecord), pagination: Pagination });

export const TagRecord = z.object({ id: Uuid, name: z.string(), item_count: z.number().int() });
export const TagSearchResult = z.object({ data: z.array(TagRecord), pagination: Pagination });

export const SavedSearchRecord = z.object({
  id: Uuid,
  name: z.string(),
  query_data: z.record(z.string(), z.unknown()),
  is_pinned: z.boolean(),
  updated_at: Timestamp,
});
export type SavedSearchRecord = z.infer<typeof SavedSearchRecord>;
export const SavedSearchSearchResult = z.object({ data: z.array(SavedSearchRecord), pagination: Pagination });
