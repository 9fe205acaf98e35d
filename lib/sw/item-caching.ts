import { CacheExpiration, ExpirationPlugin } from 'workbox-expiration';
import { registerQuotaErrorCallback } from 'workbox-core';
import { registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { cacheNames, itemDetailPath } from '@/lib/client/offline-caches';
import { tooSlowAnswer, withinDeadline } from './answer-deadline';
import { imagesOf, keepSavedImages, releaseSavedImages, type ImageSource } from './saved-images';
import { buildId, sw } from './worker-scope';

/*
 * What is read, kept for reading offline: item lists (the latest pages of the inbox
 * and of every view visited) and item details, network-first so a connection always
 * wins. Details of saved items go to a cache of their own that reading never evicts,
 * and so do their images (lib/sw/saved-images.ts).
 */

const names = cacheNames(buildId);
const day = 24 * 3600;
const itemsPath = /^\/api\/v1\/items(\/[0-9a-f-]{36})?$/i;
const networkTimeoutMs = 5_000;
const itemsExpiration = new CacheExpiration(names.items, { maxEntries: 400, maxAgeSeconds: 30 * day });

// Out of room: drop what is cheapest to fetch again first.
registerQuotaErrorCallback(() => sw.caches.delete(names.items));

function isDetail(url: URL): boolean {
  return itemDetailPath.test(url.pathname);
}

/** Stores a fresh answer: saved details (and their images) in the saved caches, everything else in the items cache. */
export async function keepItemResponse(url: string, response: Response): Promise<void> {
  if (response.status !== 200) return;
  const parsed = new URL(url);
  if (isDetail(parsed)) {
    const detail = (await response.clone().json().catch(() => null)) as (ImageSource & { is_saved?: boolean }) | null;
    const saved = await sw.caches.open(names.saved);
    if (detail?.is_saved) {
      await saved.put(url, response);
      await (await sw.caches.open(names.items)).delete(url);
      await keepSavedImages(imagesOf(detail));
      return;
    }
    // Unsaved: its images stay only as long as another saved item shows them.
    const wasSaved = await saved.match(url);
    if (wasSaved) {
      await saved.delete(url);
      await releaseSavedImages(imagesOf((await wasSaved.json().catch(() => ({}))) as ImageSource));
    }
  }
  await (await sw.caches.open(names.items)).put(url, response);
  await itemsExpiration.updateTimestamp(url);
  await itemsExpiration.expireEntries();
}

/** The kept copy of an item list or detail, or undefined. */
export async function keptItemResponse(url: string): Promise<Response | undefined> {
  return (await (await sw.caches.open(names.saved)).match(url)) ?? (await sw.caches.open(names.items)).match(url);
}

/** Tells the open pages that a fresh answer for `url` is kept, to show it in place of what they got. */
async function tellLateAnswer(url: string): Promise<void> {
  for (const client of await sw.clients.matchAll({ type: 'window' })) client.postMessage({ type: 'items-arrived', url });
}

async function networkFirst(request: Request, event: ExtendableEvent): Promise<Response> {
  // What the page got instead of the network's answer (a kept copy, or word that it is slow).
  let servedInstead: Response | null = null;
  const keepLate = async (response: Response) => {
    await keepItemResponse(request.url, response.clone());
    if (!servedInstead) return;
    const shown = servedInstead.status === 200 ? await servedInstead.text() : null;
    if ((await response.text()) !== shown) await tellLateAnswer(request.url);
  };
  const network = fetch(request).then((response) => {
    if (response.status === 200) event.waitUntil(keepLate(response.clone()));
    return response;
  });
  // A slow connection gets the kept copy after a while; the fresh answer still refreshes the cache.
  let timer: ReturnType<typeof setTimeout> | undefined;
  const slow = new Promise<Response | undefined>((resolve) => {
    timer = setTimeout(() => void keptItemResponse(request.url).then(resolve, () => resolve(undefined)), networkTimeoutMs);
  });
  event.waitUntil(network.catch(() => undefined));
  try {
    const first = await Promise.race([
      network.then((answer) => ({ answer, kept: false })),
      slow.then((answer) => ({ answer, kept: true })),
    ]);
    if (first.answer && first.kept) servedInstead = first.answer.clone();
    if (first.answer) return first.answer;
    const late = await withinDeadline(network);
    if (late) return late;
    // Nothing kept and no answer yet: said so; the answer, when it comes, is kept and the page told.
    servedInstead = tooSlowAnswer(true);
    return servedInstead.clone();
  } catch {
    const kept = await keptItemResponse(request.url);
    if (kept) return kept;
    // A network error, so the page's client reports "offline" (status 0) rather than a made-up status.
    return Response.error();
  } finally {
    clearTimeout(timer);
  }
}

/** Routes for GET answers of the API: items with the policy above, the rest (and the app's capabilities) network-first. */
export function registerItemRoutes(): void {
  registerRoute(
    ({ url, request }) => request.method === 'GET' && url.origin === sw.location.origin && itemsPath.test(url.pathname),
    ({ request, event }) => networkFirst(request, event as ExtendableEvent),
  );
  const apiStrategy = new NetworkFirst({
    cacheName: names.api,
    networkTimeoutSeconds: 5,
    plugins: [
      { cacheWillUpdate: async ({ response }) => (response.status === 200 ? response : null) },
      new ExpirationPlugin({ maxEntries: 100, maxAgeSeconds: 30 * day, purgeOnQuotaError: true }),
    ],
  });
  registerRoute(
    // What the service can do too: offline, pages still show what needs the first-party service.
    ({ url, request }) => request.method === 'GET' && url.origin === sw.location.origin && (url.pathname.startsWith('/api/v1/') || url.pathname === '/api/capabilities'),
    async (options) => (await withinDeadline(apiStrategy.handle(options))) ?? tooSlowAnswer(false),
  );
}
