/*
 * SWR keys of what the reader shows beside the item, in a module without hooks, so the
 * server's first load (a server component, where SWR has no hooks) can seed them too.
 */

/** The SWR key of the app's capabilities (GET /api/capabilities). */
export const capabilitiesKey = '/api/capabilities';

/** The SWR key of the signed-in account and its plan. */
export const accountKey = '/v1/account';

/** The SWR key of the read-later links. */
export const readLaterKey = '/v1/read-later';
