import { ExpirationPlugin } from 'workbox-expiration';
import { registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import type { WorkboxPlugin } from 'workbox-core/types';
import { cacheNames } from '@/lib/client/offline-caches';
import { buildId } from './worker-scope';

/*
 * Images of what was read (article pictures, artwork), from any origin: cache-first,
 * since an image at a URL rarely changes. The budget is a count and an age; the least
 * recently used go first, and the whole cache goes if the device runs out of room.
 * Cross-origin images arrive opaque (status 0) and are kept as they are.
 */

const names = cacheNames(buildId);
/** At most this many images are kept. Browsers count an opaque response as several MB, so it stays modest. */
export const imageBudget = 200;

const imagesOnly: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => (response.status === 200 || response.type === 'opaque' ? response : null),
};

/** The image strategy, also used to keep the images of saved items ahead of time. */
export const imageStrategy = new CacheFirst({
  cacheName: names.images,
  plugins: [imagesOnly, new ExpirationPlugin({ maxEntries: imageBudget, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true })],
});

/** Routes every image request through the image cache. */
export function registerImageRoutes(): void {
  registerRoute(({ request }) => request.destination === 'image', imageStrategy);
}
