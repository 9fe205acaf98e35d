import { CacheExpiration } from 'workbox-expiration';
import { cacheNames } from '@/lib/client/offline-caches';
import { imageBudget, imageMaxAgeSeconds } from './image-caching';
import { buildId, sw } from './worker-scope';

/*
 * Images of saved items, in a cache of their own so that reading many other items
 * never evicts them. An image joins when its item is saved (or a saved item is kept)
 * and leaves when no saved item shows it any more; it then becomes an ordinary read
 * image, under the read budget. The cache has a bound of its own: beyond it the
 * images kept longest ago go first (by the cache's own insertion order, so entries
 * that leave leave no timestamps behind).
 */

const names = cacheNames(buildId);
/**
 * At most this many saved images are kept: four per saved item at the free plan's 100
 * saved items. Browsers count an opaque response as several MB, so the bound stays modest.
 */
export const savedImageBudget = 400;

const readExpiration = new CacheExpiration(names.images, { maxEntries: imageBudget, maxAgeSeconds: imageMaxAgeSeconds });

/** The parts of an item detail that name its images. */
export type ImageSource = { content?: string | null; artwork_url?: string | null };

/** The image addresses in sanitized item content, plus its artwork. */
export function imagesOf(detail: ImageSource): string[] {
  const found = new Set<string>();
  if (detail.artwork_url) found.add(detail.artwork_url);
  for (const match of (detail.content ?? '').matchAll(/<img\b[^>]*?\ssrc\s*=\s*["']([^"']+)["']/gi)) {
    if (/^https?:\/\//i.test(match[1]!)) found.add(match[1]!.replace(/&amp;/g, '&'));
  }
  return [...found];
}

async function fetchImage(url: string): Promise<Response | null> {
  try {
    // Cross-origin images arrive opaque (status 0), as an <img> would get them.
    const response = await fetch(new Request(url, { mode: 'no-cors' }));
    return response.status === 200 || response.type === 'opaque' ? response : null;
  } catch {
    return null;
  }
}

/**
 * Keeps a saved item's images in the saved-images cache, taking them from the read cache when
 * there; `fetchMissing: false` takes only those, so a warm-up over more saved images than the
 * bound does not fetch back every time the ones the bound let go.
 */
export async function keepSavedImages(urls: string[], { fetchMissing = true }: { fetchMissing?: boolean } = {}): Promise<void> {
  if (urls.length === 0) return;
  const saved = await sw.caches.open(names.savedImages);
  const read = await sw.caches.open(names.images);
  for (const url of urls) {
    if (!(await saved.match(url))) {
      const response = (await read.match(url)) ?? (fetchMissing ? await fetchImage(url) : null);
      if (!response) continue;
      await saved.put(url, response);
      await read.delete(url);
    }
  }
  // A cache lists its entries in the order they were put: the first are the oldest.
  const kept = await saved.keys();
  for (const request of kept.slice(0, Math.max(0, kept.length - savedImageBudget))) await saved.delete(request);
}

/** Hands images no saved item shows any more back to the read cache, where the read budget applies. */
export async function releaseSavedImages(urls: string[]): Promise<void> {
  if (urls.length === 0) return;
  const stillShown = new Set<string>();
  const savedDetails = await sw.caches.open(names.saved);
  for (const request of await savedDetails.keys()) {
    const detail = (await (await savedDetails.match(request))?.json().catch(() => null)) as (ImageSource & { is_saved?: boolean }) | null;
    if (detail?.is_saved) for (const url of imagesOf(detail)) stillShown.add(url);
  }
  const saved = await sw.caches.open(names.savedImages);
  const read = await sw.caches.open(names.images);
  let moved = false;
  for (const url of urls.filter((candidate) => !stillShown.has(candidate))) {
    const response = await saved.match(url);
    if (!response) continue;
    await read.put(url, response);
    await saved.delete(url);
    await readExpiration.updateTimestamp(url);
    moved = true;
  }
  if (moved) await readExpiration.expireEntries();
}
