import type { SavedSearchRecord } from '@/lib/contract/search';
import type { NameSearch, NameSearchPage } from './name-search';

/** The lists of ids a saved search's query names, each checked to be the user's. */
export type SavedSearchReferences = Partial<Record<'subscription_ids' | 'folder_ids' | 'tag_ids', string[]>>;

/** A reference the user does not have: the list that names it and the id. */
export type MissingReference = { missing: keyof SavedSearchReferences; id: string };

/** What a saved-search change sets; absent fields stay as they are. `query` is stored as given. */
export type SavedSearchChanges = { name?: string; query?: Record<string, unknown>; is_pinned?: boolean };

/** The user's saved searches: names are unique per user, compared without case. */
export type SavedSearchStore = {
  /** Every saved search of the user, pinned first, then by name. */
  list(userId: string): Promise<SavedSearchRecord[]>;
  /** The user's saved searches whose name contains the text (see NameSearch). */
  search(userId: string, query: NameSearch): Promise<NameSearchPage<SavedSearchRecord>>;
  /** One saved search of the user, or null. */
  get(userId: string, id: string): Promise<SavedSearchRecord | null>;
  /**
   * A new saved search, unless a reference is not the user's (the first one missing, in the
   * order subscriptions, folders, tags) or the name is taken; then nothing is stored.
   */
  create(userId: string, search: { name: string; query: Record<string, unknown>; is_pinned: boolean }, references: SavedSearchReferences):
    Promise<SavedSearchRecord | 'name_taken' | MissingReference>;
  /** The saved search changed (updated_at moves on when anything changes), or why nothing changed. */
  update(userId: string, id: string, changes: SavedSearchChanges, references: SavedSearchReferences):
    Promise<SavedSearchRecord | 'not_found' | 'name_taken' | MissingReference>;
  /** Deletes the saved search: the search as it was, or null. */
  delete(userId: string, id: string): Promise<SavedSearchRecord | null>;
};
