import { cacheNames, tidingsCachePrefix } from '@/lib/client/offline-caches';
import { restoreAppShell } from './precache';
import { warmUp, type WarmUpRequest } from './warm-up';
import { buildId, sw } from './worker-scope';

/*
 * The worker's life: a new version waits until the page asks it to take over (the
 * reload prompt sends SKIP_WAITING), then claims the open pages and drops the page
 * caches of older builds. Also answers the page's request to keep things ahead, first
 * restoring the app shell if a sign-out emptied it.
 */

const current = new Set(Object.values(cacheNames(buildId)));

async function dropOldBuildCaches(): Promise<void> {
  for (const name of await sw.caches.keys()) {
    if (name.startsWith(tidingsCachePrefix) && !current.has(name)) await sw.caches.delete(name);
  }
}

/** Installs the handlers of the worker's lifecycle and messages. */
export function manageLifecycle(): void {
  sw.addEventListener('activate', (event) => {
    event.waitUntil(Promise.all([sw.clients.claim(), dropOldBuildCaches()]));
  });
  sw.addEventListener('message', (event) => {
    const data = event.data as { type?: string } | null;
    if (data?.type === 'SKIP_WAITING') void sw.skipWaiting();
    if (data?.type === 'warm-up') {
      event.waitUntil(restoreAppShell(event).then(() => warmUp(data as WarmUpRequest)).catch(() => undefined));
    }
  });
}
