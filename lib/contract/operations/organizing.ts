import { MessageResult } from '../common';
import {
  CreateFolderBody, CreateSavedSearchBody, FolderList, FolderPath, ImportOpmlBody, OpmlExport, OpmlImportProgress, OpmlImportResult,
  SavedSearchList, SavedSearchPath, TagList, TagPath, UpdateFolderBody, UpdateSavedSearchBody, UpdateTagBody,
} from '../organizing';
import { FolderRecord, SavedSearchRecord, TagRecord } from '../search';
import { defineOperations } from '../operation';

/**
 * First-party (app token only): folders, tags, saved searches and OPML. A name that
 * another folder or saved search of the user already has answers 409.
 */
export const organizingOperations = defineOperations({
  listFolders: {
    method: 'GET', path: '/v1/folders', auth: 'first_party', summary: 'List folders (pinned first, then by name)',
    success: { status: 200, body: FolderList }, errors: [],
  },
  createFolder: {
    method: 'POST', path: '/v1/folders', auth: 'first_party', summary: 'Create a folder',
    body: CreateFolderBody, success: { status: 201, body: FolderRecord }, errors: [409, 422],
  },
  updateFolder: {
    method: 'PATCH', path: '/v1/folders/{folder_id}', auth: 'first_party', summary: 'Rename or pin a folder',
    params: FolderPath, body: UpdateFolderBody, success: { status: 200, body: FolderRecord }, errors: [404, 409, 422],
  },
  deleteFolder: {
    method: 'DELETE', path: '/v1/folders/{folder_id}', auth: 'first_party', summary: 'Delete a folder; its subscriptions fall back to no folder',
    params: FolderPath, success: { status: 200, body: MessageResult }, errors: [404, 422],
  },
  listTags: {
    method: 'GET', path: '/v1/tags', auth: 'first_party', summary: 'List tags by name, with item and unread counts',
    success: { status: 200, body: TagList }, errors: [],
  },
  updateTag: {
    method: 'PATCH', path: '/v1/tags/{tag_id}', auth: 'first_party', summary: 'Rename a tag; onto an existing name, the two merge',
    params: TagPath, body: UpdateTagBody, success: { status: 200, body: TagRecord }, errors: [404, 422],
  },
  deleteTag: {
    method: 'DELETE', path: '/v1/tags/{tag_id}', auth: 'first_party', summary: 'Delete a tag (the items stay)',
    params: TagPath, success: { status: 200, body: MessageResult }, errors: [404, 422],
  },
  listSavedSearches: {
    method: 'GET', path: '/v1/saved-searches', auth: 'first_party', summary: 'List saved searches (pinned first, then by name)',
    success: { status: 200, body: SavedSearchList }, errors: [],
  },
  createSavedSearch: {
    method: 'POST', path: '/v1/saved-searches', auth: 'first_party', summary: 'Save an items-list query under a name',
    body: CreateSavedSearchBody, success: { status: 201, body: SavedSearchRecord }, errors: [404, 409, 422],
  },
  updateSavedSearch: {
    method: 'PATCH', path: '/v1/saved-searches/{saved_search_id}', auth: 'first_party', summary: 'Rename, re-query or pin a saved search',
    params: SavedSearchPath, body: UpdateSavedSearchBody, success: { status: 200, body: SavedSearchRecord }, errors: [404, 409, 422],
  },
  deleteSavedSearch: {
    method: 'DELETE', path: '/v1/saved-searches/{saved_search_id}', auth: 'first_party', summary: 'Delete a saved search',
    params: SavedSearchPath, success: { status: 200, body: MessageResult }, errors: [404, 422],
  },
  exportOpml: {
    method: 'GET', path: '/v1/opml', auth: 'first_party', summary: 'Export subscriptions as OPML 2.0, grouped by folder',
    success: { status: 200, body: OpmlExport }, errors: [],
  },
  importOpml: {
    method: 'POST', path: '/v1/opml/import', auth: 'first_party',
    summary: 'Subscribe to every feed of an OPML document, recreating its folders; the new feeds are fetched in the background',
    body: ImportOpmlBody, success: { status: 200, body: OpmlImportResult }, errors: [413, 422],
  },
  getOpmlImportProgress: {
    method: 'GET', path: '/v1/opml/import/progress', auth: 'first_party', summary: 'How far the fetch of the feeds of the last imports has got',
    success: { status: 200, body: OpmlImportProgress }, errors: [],
  },
});
