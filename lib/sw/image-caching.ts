import { ExpirationPlugin } from 'workbox-expiration';
import { registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import type { WorkboxPlugin } from 'workbox-core/types';
import { cacheNames } from '@/lib/client/offline-caches';
import { buildId, sw } from './worker-scope';

/*
 * Images of what was read (article pictures, artwork), from any origin: cache-first,
 * since an image at a URL rarely changes. The budget is a count and an age; the least
 * recently used go first, and the whole cache goes if the device runs out of room.
 * Images of saved items are answered from their own cache first.
 * Cross-origin images arrive opaque (status 0) and are kept as they are.
 */

const names = cacheNames(buildId);
/** At most this many images are kept. Browsers count an opaque response as several MB, so it stays modest. */
export const imageBudget = 200;
/** Read images older than this are fetched again. */
export const imageMaxAgeSeconds = 30 * 24 * 3600;

const imagesOnly: WorkboxPlugin = {
  // A source's "no icon yet" stand-in (lib/server/feed-icons.ts) is not kept: its icon may come soon.
  cacheWillUpdate: async ({ response }) => ((response.status === 200 && !response.headers.has('x-tidings-no-icon')) || response.type === 'opaque' ? response : null),
};

/** The strategy for images read (saved items' images have a cache of their own, lib/sw/saved-images.ts). */
export const imageStrategy = new CacheFirst({
  cacheName: names.images,
  plugins: [imagesOnly, new ExpirationPlugin({ maxEntries: imageBudget, maxAgeSeconds: imageMaxAgeSeconds, purgeOnQuotaError: true })],
});

/** An image: a saved item's kept copy first, else through the read cache. */
export async function imageResponse(request: Request, event: ExtendableEvent): Promise<Response> {
  const saved = await (await sw.caches.open(names.savedImages)).match(request);
  return saved ?? imageStrategy.handle({ request, event });
}

/** Routes every image request through the image caches. */
export function registerImageRoutes(): void {
  registerRoute(({ request }) => request.destination === 'image', ({ request, event }) => imageResponse(request, event as ExtendableEvent));
}
