import type { Tag } from '@/lib/contract/items';
import type { TagListEntry } from '@/lib/contract/organizing';
import type { NameSearch, NameSearchPage } from './name-search';

/** The user's tags, as the organizing operations manage them (tagging items is the items area's). */
export type TagStore = {
  /** Every tag of the user by name, with how many items carry it and how many of those are unread. */
  list(userId: string): Promise<TagListEntry[]>;
  /** The user's tags whose name contains the text (see NameSearch), with item counts. */
  search(userId: string, query: NameSearch): Promise<NameSearchPage<Tag>>;
  /** One tag of the user, or null. */
  get(userId: string, id: string): Promise<Tag | null>;
  /**
   * Renames the tag; when another tag of the user has the name (without case), the two merge: that
   * tag, spelled as given, gets every item of this one, and this one goes (saved searches follow).
   * The tag carrying the name now, or null when the user has no such tag.
   */
  rename(userId: string, id: string, name: string): Promise<Tag | null>;
  /** Deletes the tag from every item and saved search: the tag as it was, or null. */
  delete(userId: string, id: string): Promise<Tag | null>;
};
