import type { FolderRecord } from '@/lib/contract/search';
import type { NameSearch, NameSearchPage } from './name-search';

/** What a folder change sets; absent fields stay as they are. */
export type FolderChanges = { name?: string; is_pinned?: boolean };

/** The user's folders: names are unique per user, compared without case. */
export type FolderStore = {
  /** Every folder of the user, pinned first, then by name, with unread counts. */
  list(userId: string): Promise<FolderRecord[]>;
  /** The user's folders whose name contains the text (see NameSearch). */
  search(userId: string, query: NameSearch): Promise<NameSearchPage<FolderRecord>>;
  /** One folder of the user, or null. */
  get(userId: string, id: string): Promise<FolderRecord | null>;
  /** A new folder, or 'name_taken' when another folder of the user has the name. */
  create(userId: string, folder: { name: string; is_pinned: boolean }): Promise<FolderRecord | 'name_taken'>;
  /** The folder changed, 'not_found', or 'name_taken' (nothing changed). */
  update(userId: string, id: string, changes: FolderChanges): Promise<FolderRecord | 'not_found' | 'name_taken'>;
  /** Deletes the folder (its subscriptions stay, in no folder; saved searches stop naming it): the folder as it was, or null. */
  delete(userId: string, id: string): Promise<FolderRecord | null>;
  /** The user's folder with this name (without case), created when missing. */
  ensure(userId: string, name: string): Promise<{ id: string; created: boolean }>;
  /** Deletes those of the folders that hold no subscription (folders an import made and did not fill). */
  deleteIfEmpty(userId: string, ids: string[]): Promise<void>;
};
