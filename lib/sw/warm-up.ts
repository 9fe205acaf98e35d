import { cacheNames } from '@/lib/client/offline-caches';
import { keepItemResponse, keptItemResponse } from './item-caching';
import { imagesOf, keepSavedImages, type ImageSource } from './saved-images';
import { buildId, sw } from './worker-scope';

/*
 * Keeping ahead of time what the person will want offline: the key pages (inbox, saved
 * view, offline reader shell), the first items of the inbox, and every saved item with its
 * images. The page asks for it after it loads signed in, with the exact list addresses its
 * own fetches use.
 */

const names = cacheNames(buildId);
/** Saved items kept ahead per warm-up; more arrive on the next one (the saved cache never evicts). */
const maxSavedDetails = 300;
const maxListPages = 10;
/**
 * Items of the inbox's first page kept ahead (text only; they go to the evictable items cache).
 * Few, one at a time, and none after a refusal: every app start pays for them against the
 * service's rate limit, which a hosted service may set low.
 */
const maxListedDetails = 10;
const parallel = 3;

/** What the page asks to keep: pages, first pages of lists (the first one's items too), other API answers, and the saved list. */
export type WarmUpRequest = { type: 'warm-up'; pages: string[]; lists: string[]; answers?: string[]; savedList: string | null };

type ListPage = { data?: { id: string; artwork_url?: string | null }[]; pagination?: { has_more?: boolean; next_cursor?: string | null } };

async function fetchOk(url: string): Promise<Response | null> {
  try {
    const response = await fetch(url, { credentials: 'same-origin', headers: { accept: 'application/json' } });
    return response.status === 200 && !response.redirected ? response : null;
  } catch {
    return null;
  }
}

async function keepPage(url: string): Promise<void> {
  const response = await fetchOk(url);
  // Only a real page of the person; a redirect to sign-in must not become the offline inbox.
  if (response && (response.headers.get('content-type') ?? '').includes('text/html')) await (await sw.caches.open(names.pages)).put(url, response);
}

/** An API answer other than items (Up Next): kept where the API route looks for it offline. */
async function keepAnswer(url: string): Promise<void> {
  const response = await fetchOk(url);
  if (response) await (await sw.caches.open(names.api)).put(url, response);
}

async function keepList(url: string): Promise<ListPage | null> {
  const response = await fetchOk(url);
  if (!response) return null;
  await keepItemResponse(url, response.clone());
  return (await response.json().catch(() => null)) as ListPage | null;
}

async function keepSavedItems(firstPage: string): Promise<void> {
  const ids: string[] = [];
  let url: string | null = firstPage;
  for (let page = 0; url && page < maxListPages && ids.length < maxSavedDetails; page += 1) {
    const list: ListPage | null = await keepList(url);
    ids.push(...(list?.data ?? []).map((item) => item.id));
    const cursor = list?.pagination?.has_more ? list.pagination.next_cursor : null;
    url = cursor ? `${firstPage}&cursor=${encodeURIComponent(cursor)}` : null;
  }
  const saved = await sw.caches.open(names.saved);
  const queue = ids.slice(0, maxSavedDetails);
  const worker = async () => {
    for (let id = queue.shift(); id; id = queue.shift()) {
      const detailUrl = new URL(`/api/v1/items/${id}`, sw.location.origin).href;
      const kept = await saved.match(detailUrl);
      // Already kept: move in any of its images read meanwhile (kept before saved images had their own cache).
      if (kept) await keepSavedImages(imagesOf((await kept.json().catch(() => ({}))) as ImageSource), { fetchMissing: false });
      const response = kept ? null : await fetchOk(detailUrl);
      // Keeping a saved detail keeps its images.
      if (response) await keepItemResponse(detailUrl, response);
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
}

/** Keeps the details of the first items of a list not kept yet, so they open offline before ever being opened. */
async function keepListedItems(list: ListPage | null): Promise<void> {
  for (const { id } of (list?.data ?? []).slice(0, maxListedDetails)) {
    const detailUrl = new URL(`/api/v1/items/${id}`, sw.location.origin).href;
    if (await keptItemResponse(detailUrl)) continue;
    const response = await fetchOk(detailUrl);
    if (!response) return;
    await keepItemResponse(detailUrl, response);
  }
}

/** Keeps the key pages and lists, the first page of the inbox's items, then every saved item and its images. */
export async function warmUp(request: WarmUpRequest): Promise<void> {
  await Promise.all([
    ...request.pages.map((url) => keepPage(new URL(url, sw.location.origin).href)),
    ...(request.answers ?? []).map((url) => keepAnswer(new URL(url, sw.location.origin).href)),
  ]);
  const lists = await Promise.all(request.lists.map((url) => keepList(new URL(url, sw.location.origin).href)));
  await keepListedItems(lists[0] ?? null);
  if (request.savedList) await keepSavedItems(new URL(request.savedList, sw.location.origin).href);
}
