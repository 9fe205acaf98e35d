/*
 * SWR keys of the lists that name the inbox's sources, in a module without hooks, so the
 * server's first load (a server component, where SWR has no hooks) can seed them too.
 */

/** The SWR key of the folder list. */
export const foldersKey = '/v1/folders';

/** The SWR key of the first-party tag list (with unread counts). */
export const tagsKey = '/v1/tags';
