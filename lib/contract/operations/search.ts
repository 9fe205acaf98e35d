import {
  FeedSearchQuery, FeedSearchResult, FolderSearchResult, GeneralSearchQuery, GeneralSearchResult,
  SavedSearchSearchResult, SmallSearchQuery, TagSearchResult,
} from '../search';
import { defineOperations } from '../operation';

/** The five search operations of SPEC.md. */
export const searchOperations = defineOperations({
  search: {
    method: 'GET', path: '/v1/search', auth: 'bearer', summary: 'Search items',
    query: GeneralSearchQuery, success: { status: 200, body: GeneralSearchResult }, errors: [422],
  },
  searchFeeds: {
    method: 'GET', path: '/v1/search/feeds', auth: 'bearer', summary: 'Search subscriptions',
    query: FeedSearchQuery, success: { status: 200, body: FeedSearchResult }, errors: [422],
  },
  searchFolders: {
    method: 'GET', path: '/v1/search/folders', auth: 'bearer', summary: 'Search folders',
    query: SmallSearchQuery, success: { status: 200, body: FolderSearchResult }, errors: [422],
  },
  searchTags: {
    method: 'GET', path: '/v1/search/tags', auth: 'bearer', summary: 'Search tags',
    query: SmallSearchQuery, success: { status: 200, body: TagSearchResult }, errors: [422],
  },
  searchSavedSearches: {
    method: 'GET', path: '/v1/search/saved-searches', auth: 'bearer', summary: 'Search saved searches',
    query: SmallSearchQuery, success: { status: 200, body: SavedSearchSearchResult }, errors: [422],
  },
});
