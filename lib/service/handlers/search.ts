import { searchFeeds } from '../domain/search/search-feeds';
import { searchItems } from '../domain/search/search-items';
import { searchFolders, searchSavedSearches, searchTags } from '../domain/search/search-records';
import type { Handlers } from './handler';

/** Handlers of SPEC.md's five search operations. */
export const searchHandlers: Handlers = {
  search: async ({ store, user, query }) => ({ body: { data: await searchItems(store, user, query.q, query.limit) } }),
  searchFeeds: async ({ store, user, query }) => ({ body: await searchFeeds(store, user, query) }),
  searchFolders: async ({ store, user, query }) => ({ body: await searchFolders(store, user, query) }),
  searchTags: async ({ store, user, query }) => ({ body: await searchTags(store, user, query) }),
  searchSavedSearches: async ({ store, user, query }) => ({ body: await searchSavedSearches(store, user, query) }),
};
