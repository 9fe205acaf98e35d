import { z } from 'zod';
import { Uuid } from './common';
import { ListItemsQuery } from './items';
import { FolderRecord, SavedSearchRecord, TagRecord } from './search';

/*
 * First-party organizing operations (app token only): folders, tags, saved searches
 * and OPML. SPEC.md leaves them "not shown"; these shapes are ours. Records reuse the
 * search records of SPEC.md so a folder looks the same wherever it appears.
 */

const FolderName = z.string().trim().min(1).max(100);

export const FolderPath = z.object({ folder_id: Uuid });
export const FolderList = z.object({ data: z.array(FolderRecord) });
export const CreateFolderBody = z.strictObject({ name: FolderName, is_pinned: z.boolean().optional() });
export type CreateFolderBody = z.infer<typeof CreateFolderBody>;
export const UpdateFolderBody = z.strictObject({ name: FolderName.optional(), is_pinned: z.boolean().optional() });
export type UpdateFolderBody = z.infer<typeof UpdateFolderBody>;

/** Same bounds as the tag names of PATCH /v1/items/{id}. */
const TagName = z.string().trim().min(1).max(64);

export const TagPath = z.object({ tag_id: Uuid });
/** A tag in the first-party list: the record plus how many of its items are unread (for the inbox sidebar). */
export const TagListEntry = TagRecord.extend({ unread_count: z.number().int() });
export type TagListEntry = z.infer<typeof TagListEntry>;
export const TagList = z.object({ data: z.array(TagListEntry) });
export const UpdateTagBody = z.strictObject({ name: TagName });
export type UpdateTagBody = z.infer<typeof UpdateTagBody>;

/**
 * The items-list query a saved search keeps: GET /v1/items's filters without paging
 * (`cursor`, `limit`), written as in that query string (booleans as 'true'/'false',
 * lists as arrays) so the app can pass it straight back to the items list.
 */
export const SavedSearchQueryData = ListItemsQuery.omit({ cursor: true, limit: true }).strict();
export type SavedSearchQueryData = z.infer<typeof SavedSearchQueryData>;

const SavedSearchName = z.string().trim().min(1).max(100);

export const SavedSearchPath = z.object({ saved_search_id: Uuid });
export const SavedSearchList = z.object({ data: z.array(SavedSearchRecord) });
export const CreateSavedSearchBody = z.strictObject({
  name: SavedSearchName,
  query_data: SavedSearchQueryData,
  is_pinned: z.boolean().optional(),
});
export type CreateSavedSearchBody = z.infer<typeof CreateSavedSearchBody>;
export const UpdateSavedSearchBody = z.strictObject({
  name: SavedSearchName.optional(),
  query_data: SavedSearchQueryData.optional(),
  is_pinned: z.boolean().optional(),
});
export type UpdateSavedSearchBody = z.infer<typeof UpdateSavedSearchBody>;

/** GET /v1/opml: the user's subscriptions as an OPML 2.0 document. */
export const OpmlExport = z.object({ filename: z.string(), opml: z.string() });
export type OpmlExport = z.infer<typeof OpmlExport>;

export const ImportOpmlBody = z.strictObject({ opml: z.string().min(1) });
/**
 * Each distinct feed URL of the document is counted once, in one of imported, already_subscribed
 * and failed; `duplicates` counts the outlines whose URL repeated an earlier one's. Our service
 * always sends it; a service from before it was added does not, so readers take absent as 0.
 */
export const OpmlImportResult = z.object({
  imported: z.number().int(),
  already_subscribed: z.number().int(),
  duplicates: z.number().int().optional(),
  failed: z.array(z.object({ url: z.string(), message: z.string() })),
});
export type OpmlImportResult = z.infer<typeof OpmlImportResult>;

/**
 * First-party: the person's imported feeds being fetched in the background after an import
 * answered. `total` 0 means no import has been fetched since the service started; `failed`
 * lists the imported feeds whose first fetch failed, with the reason.
 */
export const OpmlImportProgress = z.object({
  total: z.number().int(),
  fetched: z.number().int(),
  running: z.boolean(),
  failed: z.array(z.object({ url: z.string(), message: z.string() })),
});
export type OpmlImportProgress = z.infer<typeof OpmlImportProgress>;
