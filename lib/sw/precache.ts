import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { precacheManifest } from './worker-scope';

/** Where the offline page sits in the precache; it is also the reader shell for items. */
export const offlinePagePath = '/offline';

/**
 * The app shell: every static file of the build (scripts, styles, fonts), the icons and
 * the offline page, fetched at install so the app opens without a connection.
 */
export function precacheAppShell(): void {
  precacheAndRoute(precacheManifest, {
    // Pages are not precached by directory or clean URL: only the exact addresses listed.
    cleanURLs: false,
    directoryIndex: '',
  });
  cleanupOutdatedCaches();
}

/** The precached offline page, or null when the precache has not been filled yet. */
export async function offlinePage(): Promise<Response | null> {
  return (await matchPrecache(offlinePagePath)) ?? null;
}
