import { createFolder, deleteFolder, listFolders, updateFolder } from '../domain/folders/folders';
import { exportOpml } from '../domain/opml/export-opml';
import { importProgress } from '../domain/opml/import-fetch';
import { importOpml } from '../domain/opml/import-opml';
import {
  createSavedSearch, deleteSavedSearch, listSavedSearches, updateSavedSearch,
} from '../domain/saved-searches/saved-searches';
import { deleteTag, listTags, renameTag } from '../domain/tags/manage-tags';
import type { Handlers } from './handler';

/** Handlers of the first-party organizing operations: folders, tags, saved searches, OPML. */
export const organizingHandlers: Handlers = {
  listFolders: async ({ store, user }) => ({ body: { data: await listFolders(store, user) } }),
  createFolder: async ({ store, user, body }) => ({ body: await createFolder(store, user, body) }),
  updateFolder: async ({ store, user, params, body }) => ({ body: await updateFolder(store, user, params.folder_id, body) }),
  deleteFolder: async ({ store, user, params }) => ({ body: { message: await deleteFolder(store, user, params.folder_id) } }),
  listTags: async ({ store, user }) => ({ body: { data: await listTags(store, user) } }),
  updateTag: async ({ store, user, params, body }) => ({ body: await renameTag(store, user, params.tag_id, body.name) }),
  deleteTag: async ({ store, user, params }) => ({ body: { message: await deleteTag(store, user, params.tag_id) } }),
  listSavedSearches: async ({ store, user }) => ({ body: { data: await listSavedSearches(store, user) } }),
  createSavedSearch: async ({ store, user, body }) => ({ body: await createSavedSearch(store, user, body) }),
  updateSavedSearch: async ({ store, user, params, body }) => ({ body: await updateSavedSearch(store, user, params.saved_search_id, body) }),
  deleteSavedSearch: async ({ store, user, params }) => ({ body: { message: await deleteSavedSearch(store, user, params.saved_search_id) } }),
  exportOpml: async ({ store, user }) => ({ body: await exportOpml(store, user) }),
  importOpml: async ({ service, user, body }) => ({ body: await importOpml(service, user, body.opml) }),
  getOpmlImportProgress: ({ store, user }) => ({ body: importProgress(store, user) }),
};
