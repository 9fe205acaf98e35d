import { ExpirationPlugin } from 'workbox-expiration';
import { registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import type { WorkboxPlugin } from 'workbox-core/types';
import { cacheNames } from '@/lib/client/offline-caches';
import { withinDeadline } from './answer-deadline';
import { offlinePage } from './precache';
import { buildId, sw } from './worker-scope';

/*
 * Pages. A URL answers HTML on a full load and an RSC payload on client navigation
 * (`RSC: 1` header, `_rsc` parameter): they go to separate caches, per build. Both are
 * network-first, so the newest page wins whenever there is a connection. An RSC request
 * with no copy fails, and Next then loads the page in full, which the HTML route answers.
 */

const names = cacheNames(buildId);
const day = 24 * 3600;

/** Keeps only complete pages of the person: no redirects (a sign-in page must not stand in for the inbox), no errors. */
const onlyPages: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => (response.status === 200 && !response.redirected ? response : null),
};

function isRsc(request: Request, url: URL): boolean {
  return request.headers.get('RSC') === '1' || url.searchParams.has('_rsc');
}

/** The HTML of a page: network-first, the kept copy offline, else the offline page (the reader shell for items). */
export const pageStrategy = new NetworkFirst({
  cacheName: names.pages,
  networkTimeoutSeconds: 4,
  // Next varies pages on router headers; a navigation and a warm-up fetch of the same URL are the same page.
  matchOptions: { ignoreVary: true },
  plugins: [onlyPages, new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 30 * day, purgeOnQuotaError: true })],
});

/** Routes for pages and RSC payloads of the app (not the API, not static files). */
export function registerPageRoutes(): void {
  registerRoute(
    ({ request, url }) => request.mode === 'navigate' && url.origin === sw.location.origin && !url.pathname.startsWith('/api/'),
    async (options) => {
      try {
        // A kept copy comes after networkTimeoutSeconds; without one, the deadline ends the wait.
        const page = await withinDeadline(pageStrategy.handle(options));
        if (page) return page;
      } catch {
        // No network and no kept copy: the offline page below.
      }
      return (await offlinePage()) ?? Response.error();
    },
  );

  registerRoute(
    ({ request, url }) => url.origin === sw.location.origin && isRsc(request, url) && request.headers.get('Next-Router-Prefetch') === '1',
    new NetworkFirst({
      cacheName: names.rscPrefetch,
      networkTimeoutSeconds: 3,
      plugins: [onlyPages, new ExpirationPlugin({ maxEntries: 100, maxAgeSeconds: day, purgeOnQuotaError: true })],
    }),
  );

  // The _rsc parameter is a hash of the router state the payload was made for, so the URL
  // is the right key: a copy is only reused for the same navigation from the same state.
  const rscStrategy = new NetworkFirst({
    cacheName: names.rsc,
    networkTimeoutSeconds: 4,
    plugins: [onlyPages, new ExpirationPlugin({ maxEntries: 100, maxAgeSeconds: 7 * day, purgeOnQuotaError: true })],
  });
  // Past the deadline it fails as offline, and Next loads the page in full (the route above).
  registerRoute(
    ({ request, url }) => url.origin === sw.location.origin && isRsc(request, url),
    async (options) => (await withinDeadline(rscStrategy.handle(options))) ?? Response.error(),
  );
}
