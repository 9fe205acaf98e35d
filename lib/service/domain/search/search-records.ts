import type { Pagination } from '@/lib/contract/common';
import type { FolderRecord, SavedSearchRecord } from '@/lib/contract/search';
import type { Tag } from '@/lib/contract/items';
import type { User } from '../accounts';
import { folderColumns, toFolder, type FolderRow } from '../../store/sqlite/folders';
import { savedSearchColumns, toSavedSearch, type SavedSearchRow } from '../../store/sqlite/saved-searches';
import { tagColumns } from '../../store/sqlite/tags';
import type { Db } from '../../store/database';
import { needle, textMatch } from './match';
import { offsetPagination } from './paging';

type NameSearch = { q: string; limit: number; offset: number };

/** Rows of one of the user's named things whose name contains the text: names starting with it first, then A to Z. */
function searchByName<Row>(db: Db, user: User, from: string, columns: string, query: NameSearch): { rows: Row[]; pagination: Pagination } {
  const [, alias] = from.split(' ');
  const name = `${alias}.name`;
  const match = textMatch(db, [name], name);
  const where = `${alias}.user_id = @user AND ${match.where}`;
  const params = { user: user.id, needle: needle(query.q), limit: query.limit, offset: query.offset };
  const total = db.prepare(`SELECT COUNT(*) FROM ${from} WHERE ${where}`).pluck().get(params) as number;
  const rows = db.prepare(`SELECT ${columns} FROM ${from} WHERE ${where}
    ORDER BY ${match.rank}, ${name} COLLATE NOCASE, ${alias}.id LIMIT @limit OFFSET @offset`).all(params) as Row[];
  return { rows, pagination: offsetPagination(total, query.limit, query.offset, rows.length) };
}

/** GET /v1/search/folders. */
export function searchFolders(db: Db, user: User, query: NameSearch): { data: FolderRecord[]; pagination: Pagination } {
  const { rows, pagination } = searchByName<FolderRow>(db, user, 'folders fo', folderColumns, query);
  return { data: rows.map(toFolder), pagination };
}

/** GET /v1/search/tags. */
export function searchTags(db: Db, user: User, query: NameSearch): { data: Tag[]; pagination: Pagination } {
  const { rows, pagination } = searchByName<Tag>(db, user, 'tags t', tagColumns, query);
  return { data: rows, pagination };
}

/** GET /v1/search/saved-searches. */
export function searchSavedSearches(db: Db, user: User, query: NameSearch): { data: SavedSearchRecord[]; pagination: Pagination } {
  const { rows, pagination } = searchByName<SavedSearchRow>(db, user, 'saved_searches ss', savedSearchColumns, query);
  return { data: rows.map(toSavedSearch), pagination };
}
