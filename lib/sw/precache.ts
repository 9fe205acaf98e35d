import { cacheNames } from 'workbox-core';
import { PrecacheController, PrecacheRoute, cleanupOutdatedCaches } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { precacheManifest, sw } from './worker-scope';

/** Where the offline page sits in the precache; it is also the reader shell for items. */
export const offlinePagePath = '/offline';

const controller = new PrecacheController();

/**
 * The app shell: every static file of the build (scripts, styles, fonts), the icons and
 * the offline page, fetched at install so the app opens without a connection.
 */
export function precacheAppShell(): void {
  controller.precache(precacheManifest);
  // Pages are not precached by directory or clean URL: only the exact addresses listed.
  registerRoute(new PrecacheRoute(controller, { cleanURLs: false, directoryIndex: '' }));
  cleanupOutdatedCaches();
}

/** The precached offline page, or null when the precache has not been filled yet. */
export async function offlinePage(): Promise<Response | null> {
  return (await controller.matchPrecache(offlinePagePath)) ?? null;
}

/**
 * Fills the precache again when something emptied it (sign-out deletes every cache of the
 * origin); without it the next person's app would not open offline until the next version.
 */
export async function restoreAppShell(event: ExtendableEvent): Promise<void> {
  const cache = await sw.caches.open(cacheNames.precache);
  if ((await cache.keys()).length >= controller.getCachedURLs().length) return;
  await controller.install(event);
}
