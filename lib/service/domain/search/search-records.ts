import type { Pagination } from '@/lib/contract/common';
import type { FolderRecord, SavedSearchRecord } from '@/lib/contract/search';
import type { Tag } from '@/lib/contract/items';
import type { User } from '../accounts';
import type { NameSearch, NameSearchPage } from '../../store/name-search';
import type { Store } from '../../store/store';
import { offsetPagination } from './paging';

/** A page of a name search as the contract answers it. */
function paged<T>(page: NameSearchPage<T>, query: NameSearch): { data: T[]; pagination: Pagination } {
  return { data: page.data, pagination: offsetPagination(page.total, query.limit, query.offset, page.data.length) };
}

/** GET /v1/search/folders. */
export async function searchFolders(store: Store, user: User, query: NameSearch): Promise<{ data: FolderRecord[]; pagination: Pagination }> {
  return paged(await store.folders.search(user.id, query), query);
}

/** GET /v1/search/tags. */
export async function searchTags(store: Store, user: User, query: NameSearch): Promise<{ data: Tag[]; pagination: Pagination }> {
  return paged(await store.tags.search(user.id, query), query);
}

/** GET /v1/search/saved-searches. */
export async function searchSavedSearches(store: Store, user: User, query: NameSearch): Promise<{ data: SavedSearchRecord[]; pagination: Pagination }> {
  return paged(await store.savedSearches.search(user.id, query), query);
}
