import type { PrecacheEntry } from 'workbox-precaching/_types';

/*
 * The service worker's global scope, typed. tsconfig mixes the DOM and worker
 * libraries, where `self` is a Window, so the worker's modules take `sw` from here.
 */

declare global {
  /** The Next build this worker belongs to; lib/sw/build.ts defines it. */
  const __TIDINGS_BUILD_ID__: string;
  /** What to precache: the build's static files, icons and the offline page, with revisions. */
  const __TIDINGS_PRECACHE__: PrecacheEntry[];
}

export const sw = globalThis as unknown as ServiceWorkerGlobalScope;
export const buildId: string = __TIDINGS_BUILD_ID__;
export const precacheManifest: PrecacheEntry[] = __TIDINGS_PRECACHE__;
