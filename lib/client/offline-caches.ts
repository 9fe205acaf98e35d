/*
 * Names of the service worker's runtime caches, and the address of what it keeps as an
 * item's detail. The caches all start with `tidingsCachePrefix` and hold the signed-in
 * person's pages and data, so sign-out deletes them by that prefix.
 * Pages and RSC payloads are kept per build: an old build's payload names chunks that
 * no longer exist.
 */

export const tidingsCachePrefix = 'tidings-';

/** The API path of an item's detail, as the app calls it and the worker keeps it; group 1 is the item's id. */
export const itemDetailPath = /^\/api\/v1\/items\/([0-9a-f-]{36})$/i;

/** Where the app serves an episode's audio from its own origin (lib/server/episode-audio.ts); group 1 is the item's id. */
export const episodeAudioPath = /^\/api\/episode-audio\/([0-9a-f-]{36})$/i;

/** The same-origin address of an episode's audio: the key of its download, and what the player plays once downloaded. */
export function episodeAudioUrl(itemId: string): string {
  return `/api/episode-audio/${itemId}`;
}

/** Episodes downloaded for listening offline: kept across builds until removed (or sign-out). */
export const episodeDownloadsCacheName = `${tidingsCachePrefix}episode-downloads`;

/** Item lists and details: shared by every build, since they hold the service's answers, not the app's. */
export const itemsCacheName = `${tidingsCachePrefix}items`;

/** The runtime caches of one build. */
export function cacheNames(buildId: string) {
  return {
    pages: `${tidingsCachePrefix}pages-${buildId}`,
    rsc: `${tidingsCachePrefix}rsc-${buildId}`,
    rscPrefetch: `${tidingsCachePrefix}rsc-prefetch-${buildId}`,
    items: itemsCacheName,
    /** Details of saved items: kept apart so reading other items never evicts them. */
    saved: `${tidingsCachePrefix}saved`,
    /** Other GET answers of the API (subscriptions, folders, account). */
    api: `${tidingsCachePrefix}api`,
    /** Images of what was read, within a budget. */
    images: `${tidingsCachePrefix}images`,
    /** Images of saved items: kept apart so reading other items never evicts them. */
    savedImages: `${tidingsCachePrefix}saved-images`,
    /** Downloaded episodes' audio, which only the person removes. */
    episodeDownloads: episodeDownloadsCacheName,
  };
}
