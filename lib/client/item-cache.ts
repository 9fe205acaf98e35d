import type { Cache, ScopedMutator } from 'swr';
import { unstable_serialize } from 'swr';
import { unstable_serialize as serializeInfinite } from 'swr/infinite';
import type { BodyOf, ResponseOf } from '@/lib/contract/types';
import type { ItemFilters } from './inbox-view';

/*
 * Where items live in SWR's cache, and how a change to items is written into it.
 * A list is an infinite key whose pages are ItemsPage; each page is also cached on its
 * own key. A change is written into every cached page and list that holds the item
 * and into the item's detail, optimistically, and rolled back if the service refuses.
 */

export type ItemsList = ResponseOf<'listItems'>;
export type ListedItem = ItemsList['data'][number];
export type ItemDetail = ResponseOf<'getItem'>;
/** One page of a list as the hooks keep it: the answer plus which list it belongs to and when it loaded. */
export type ItemsPage = ItemsList & { filters: string; loadedAt: string };
/** A change of the person's state of items that lists can show. */
export type ItemPatch = Partial<Pick<ListedItem, 'is_read' | 'is_saved'>>;
export type MarkAllBody = BodyOf<'markAllItems'>;

export const itemsPath = '/v1/items';
export const itemPath = '/v1/items/{item_id}';

/** Filters as a stable string (sorted keys), so equal filters share one cache entry. */
export function filtersKey(filters: ItemFilters | Record<string, unknown>): string {
  const entries = Object.entries(filters).filter(([, value]) => value !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify(Object.fromEntries(entries));
}

/** The SWR key of one page of a list. */
export function pageKey(filters: string, cursor: string | null): [typeof itemsPath, string, string | null] {
  return [itemsPath, filters, cursor];
}

/** The SWR key of an item's detail. */
export function itemKey(id: string): [typeof itemPath, string] {
  return [itemPath, id];
}

/** Items per page of the river: enough to fill a tall screen twice, small enough to arrive fast. */
export const itemsPageSize = 30;

/** The GET /v1/items query of one page of a list, as the browser and the server's first load both ask it. */
export function itemsPageQuery(filters: string, cursor: string | null): ItemFilters & { limit: number; cursor?: string } {
  return { ...(JSON.parse(filters) as ItemFilters), limit: itemsPageSize, ...(cursor ? { cursor } : {}) };
}

/** The useSWRInfinite key loader of a list: page after page while the service says there is more. */
export function itemsKeyLoader(filters: string) {
  return (index: number, previous: ItemsPage | null) => {
    if (index === 0) return pageKey(filters, null);
    const cursor = previous?.pagination.has_more ? previous.pagination.next_cursor : null;
    return cursor ? pageKey(filters, cursor) : null;
  };
}

/** Where useSWRInfinite keeps a whole list (its pages), for seeding it with a first page loaded on the server. */
export function itemsListKey(filters: ItemFilters): string {
  return serializeInfinite(itemsKeyLoader(filtersKey(filters)));
}

/** Where useSWR keeps an item's detail, for seeding it with the detail loaded on the server. */
export function itemDetailKey(id: string): string {
  return unstable_serialize(itemKey(id));
}

function isPage(value: unknown): value is ItemsPage {
  return typeof value === 'object' && value !== null && 'loadedAt' in value && 'filters' in value && 'data' in value;
}

function isPageList(value: unknown): value is ItemsPage[] {
  return Array.isArray(value) && value.length > 0 && value.every(isPage);
}

/** Applies a patch to the listed items whose ids are given; other pages come back unchanged. */
export function patchPage(page: ItemsPage, ids: Set<string>, patch: ItemPatch | ((item: ListedItem) => ItemPatch | null)): ItemsPage {
  let changed = false;
  const data = page.data.map((item) => {
    if (!ids.has(item.id)) return item;
    const change = typeof patch === 'function' ? patch(item) : patch;
    if (!change) return item;
    changed = true;
    return { ...item, ...change };
  });
  return changed ? { ...page, data } : page;
}

type Transform = (data: unknown) => unknown;

/** An item as a search result, a best match, a story's article or a similar item shows it. */
function isItemLike(value: unknown): value is ListedItem {
  if (typeof value !== 'object' || value === null) return false;
  const item = value as Record<string, unknown>;
  return typeof item.id === 'string' && typeof item.is_read === 'boolean' && typeof item.is_saved === 'boolean';
}

/**
 * `data` with `change` written onto the items of these ids it holds, however nested (search
 * pages, stories' articles); the same object when it holds none.
 */
function patchNested(data: unknown, ids: Set<string>, change: (item: ListedItem) => ItemPatch | null, depth = 0): unknown {
  if (depth > 4 || typeof data !== 'object' || data === null) return data;
  if (isItemLike(data) && ids.has(data.id)) {
    const patch = change(data);
    return patch ? { ...data, ...patch } : data;
  }
  if (Array.isArray(data)) {
    const next = data.map((entry) => patchNested(entry, ids, change, depth + 1));
    return next.some((entry, index) => entry !== data[index]) ? next : data;
  }
  if (Object.getPrototypeOf(data) !== Object.prototype) return data;
  let changed = false;
  const next = Object.fromEntries(Object.entries(data).map(([key, value]) => {
    const patched = patchNested(value, ids, change, depth + 1);
    changed ||= patched !== value;
    return [key, patched];
  }));
  return changed ? next : data;
}

/**
 * Every cached page or list of items, with how to patch it: the items lists' pages, and any
 * other cached data holding items (search results, best matches, stories, similar items),
 * so a change shows wherever the item is listed. Details are left to the caller.
 */
function cachedLists(cache: Cache, ids: Set<string>, change: (item: ListedItem) => ItemPatch | null): [string, Transform][] {
  const patch = (page: ItemsPage) => patchPage(page, ids, change);
  const found: [string, Transform][] = [];
  for (const key of cache.keys()) {
    const data = cache.get(key)?.data;
    if (isPage(data)) found.push([key, (value) => (isPage(value) ? patch(value) : value)]);
    else if (isPageList(data)) found.push([key, (value) => (isPageList(value) ? value.map(patch) : value)]);
    else if (data !== undefined && !isItemLike(data)) found.push([key, (value) => patchNested(value, ids, change)]);
  }
  return found;
}

/** Writes `change` onto every cached list and detail of these items, as shown right now. */
async function writeItems(cache: Cache, mutate: ScopedMutator, ids: Set<string>, change: (item: ListedItem) => ItemPatch | null): Promise<void> {
  const targets = cachedLists(cache, ids, change);
  for (const id of ids) {
    const key = unstable_serialize(itemKey(id));
    if (!cache.get(key)?.data) continue;
    targets.push([key, (value) => {
      const detail = value as ItemDetail | undefined;
      const patch = detail ? change(detail) : null;
      return detail && patch ? { ...detail, ...patch } : detail;
    }]);
  }
  await Promise.all(targets.map(([key, transform]) => {
    const shown = cache.get(key)?.data;
    const next = transform(shown);
    return next === shown ? undefined : mutate(key, next, { revalidate: false });
  }));
}

/*
 * Why changes are written at once rather than through SWR's promise-taking mutate: of two
 * overlapping mutations of one key, SWR keeps only the newer one's result and rolls back to
 * what was committed before both, so marking read on opening could wipe a tag added meanwhile.
 * Here each write goes onto what is shown at that moment, and each change claims the fields it
 * sets: when its request ends, it writes its outcome into the fields no later change claimed
 * since. That also mends a field a fetch answered before the change reached the service.
 */
const claims = new WeakMap<Cache, Map<string, number>>();
let lastClaim = 0;

/** Claims fields of an item for a new change; answers a check of whether the change still owns a field, and its release. */
function claimFields(cache: Cache, id: string, fields: string[]): { owns: (field: string) => boolean; release: () => void } {
  let owners = claims.get(cache);
  if (!owners) claims.set(cache, (owners = new Map()));
  const claim = ++lastClaim;
  for (const field of fields) owners.set(`${id} ${field}`, claim);
  const owns = (field: string) => owners.get(`${id} ${field}`) === claim;
  return { owns, release: () => fields.forEach((field) => owns(field) && owners.delete(`${id} ${field}`)) };
}

/**
 * Runs a write made once a request has ended. By then the cache may be gone (its SWRConfig
 * provider unmounted, so SWR refuses the write): nothing shows the item, nothing to update,
 * and the person's change itself went through.
 */
async function afterRequest(write: () => Promise<unknown>): Promise<void> {
  try {
    await write();
  } catch {
    // See above: a cache that no longer exists.
  }
}

/**
 * Shows a change on every cached list and detail at once, while `request` runs; keeps it
 * when the request succeeds and rolls it back when it fails (then rethrows).
 */
export async function applyOptimistically(
  cache: Cache, mutate: ScopedMutator, ids: string[], patch: ItemPatch | ((item: ListedItem) => ItemPatch | null),
  request: Promise<unknown>,
): Promise<void> {
  const applied = new Map<string, { before: ItemPatch; after: ItemPatch; claim: ReturnType<typeof claimFields> }>();
  await writeItems(cache, mutate, new Set(ids), (item) => {
    const change = typeof patch === 'function' ? patch(item) : patch;
    if (change && !applied.has(item.id)) {
      const fields = Object.keys(change) as (keyof ItemPatch)[];
      const before: ItemPatch = {};
      for (const field of fields) before[field] = item[field];
      applied.set(item.id, { before, after: change, claim: claimFields(cache, item.id, fields) });
    }
    return change;
  });
  let failure: { error: unknown } | null = null;
  try {
    await request;
  } catch (error) {
    failure = { error };
  }
  await afterRequest(() => writeItems(cache, mutate, new Set(applied.keys()), (item) => {
    const { before, after, claim } = applied.get(item.id)!;
    const outcome = failure ? before : after;
    const settled: ItemPatch = {};
    for (const field of Object.keys(after) as (keyof ItemPatch)[]) {
      if (claim.owns(field) && item[field] !== outcome[field]) settled[field] = outcome[field];
    }
    return Object.keys(settled).length ? settled : null;
  }));
  for (const { claim } of applied.values()) claim.release();
  if (failure) throw failure.error;
}

/** Fields of an item's detail that a person edits directly in the reader. */
export type EditableField = 'tags' | 'notes';

/**
 * Shows a new value of one field of an item's detail while `request` runs; then shows the
 * service's value (or keeps the new one when the change was queued), or the old one if the
 * request fails (then rethrows). A later edit of the same field wins over this one's answer.
 */
export async function editDetailField<F extends EditableField, T>(
  cache: Cache, mutate: ScopedMutator, id: string, field: F, preview: (detail: ItemDetail) => ItemDetail[F],
  request: Promise<T>, answered: (outcome: T) => ItemDetail | null,
): Promise<T> {
  const key = unstable_serialize(itemKey(id));
  const shown = cache.get(key)?.data as ItemDetail | undefined;
  if (!shown) return request;
  const previous = shown[field];
  const claim = claimFields(cache, id, [field]);
  await mutate(key, { ...shown, [field]: preview(shown) }, { revalidate: false });
  const settle = async (value: ItemDetail[F]) => {
    const current = cache.get(key)?.data as ItemDetail | undefined;
    if (current && claim.owns(field)) await afterRequest(() => mutate(key, { ...current, [field]: value }, { revalidate: false }));
    claim.release();
  };
  try {
    const outcome = await request;
    const detail = answered(outcome);
    await (detail ? settle(detail[field]) : claim.release());
    return outcome;
  } catch (error) {
    await settle(previous);
    throw error;
  }
}

/** The items of every cached list, each once, for finding which ones a mark-all touches. */
export function cachedItems(cache: Cache): ListedItem[] {
  const items = new Map<string, ListedItem>();
  for (const key of cache.keys()) {
    const data = cache.get(key)?.data;
    const pages = isPage(data) ? [data] : isPageList(data) ? data : [];
    for (const page of pages) for (const item of page.data) if (!items.has(item.id)) items.set(item.id, item);
  }
  return [...items.values()];
}

/** The item as a cached list or page shows it, or null when none holds it. */
export function findListedItem(cache: Cache, id: string): ListedItem | null {
  return cachedItems(cache).find((item) => item.id === id) ?? null;
}

/** The ids of the items of every cached list. */
export function cachedItemIds(cache: Cache): string[] {
  return cachedItems(cache).map((item) => item.id);
}

/** An item's title from whatever cached detail or list holds it (to name queued changes), or null. */
export function cachedTitle(cache: Cache, id: string): string | null {
  const detail = cache.get(unstable_serialize(itemKey(id)))?.data as ItemDetail | undefined;
  if (detail?.title) return detail.title;
  for (const key of cache.keys()) {
    const data = cache.get(key)?.data;
    const pages = isPage(data) ? [data] : isPageList(data) ? data : [];
    for (const page of pages) {
      const found = page.data.find((item) => item.id === id);
      if (found) return found.title;
    }
  }
  return null;
}
