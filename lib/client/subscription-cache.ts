import type { Cache, ScopedMutator } from 'swr';
import { unstable_serialize } from 'swr';
import type { QueryOf, ResponseOf } from '@/lib/contract/types';

/*
 * Where subscriptions live in SWR's cache. A list is an infinite key whose pages are
 * SubscriptionsPage; each page is also cached under its own key. A change to some
 * subscriptions is shown at once on every cached page holding them, rolled back if the
 * service refuses, and the lists are then fetched again (a move or a pause can change
 * which list a subscription belongs to, which only the service knows).
 */

export type SubscriptionsList = ResponseOf<'listSubscriptions'>;
export type Subscription = SubscriptionsList['data'][number];
export type SubscriptionDetail = ResponseOf<'getSubscription'>;
/** One page as the hook keeps it: the answer plus a marker telling it apart from other cached data. */
export type SubscriptionsPage = SubscriptionsList & { kind: 'subscriptions-page' };
/** Which subscriptions a list shows: GET /v1/subscriptions's filters without paging. */
export type SubscriptionFilters = Pick<QueryOf<'listSubscriptions'>, 'folder_id' | 'all' | 'order_by' | 'source_type'>;
export type SubscriptionPatch = Partial<Pick<Subscription, 'is_active' | 'is_pinned' | 'title' | 'playback_speed'>>;

export const subscriptionsPath = '/v1/subscriptions';
export const subscriptionPath = '/v1/subscriptions/{subscription_id}';

/** The SWR key of one page: the list's filters as a stable string and the page's offset or cursor. */
export function subscriptionsPageKey(filters: string, page: number | string): [typeof subscriptionsPath, string, number | string] {
  return [subscriptionsPath, filters, page];
}

/** The SWR key of whether the person has feeds and podcasts at all (GET /v1/subscriptions/check). */
export const subscriptionCheckKey = ['/v1/subscriptions/check'] as const;

/** The SWR key of one subscription's detail. */
export function subscriptionKey(id: string): [typeof subscriptionPath, string] {
  return [subscriptionPath, id];
}

function isPage(value: unknown): value is SubscriptionsPage {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'subscriptions-page';
}

function isPageList(value: unknown): value is SubscriptionsPage[] {
  return Array.isArray(value) && value.length > 0 && value.every(isPage);
}

function patchPage(page: SubscriptionsPage, ids: Set<string>, patch: SubscriptionPatch): SubscriptionsPage {
  if (!page.data.some((entry) => ids.has(entry.id))) return page;
  return { ...page, data: page.data.map((entry) => (ids.has(entry.id) ? { ...entry, ...patch } : entry)) };
}

type Transform = (value: unknown) => unknown;

function cachedTargets(cache: Cache, ids: Set<string>, patch: SubscriptionPatch): [string, Transform][] {
  const found: [string, Transform][] = [];
  for (const key of cache.keys()) {
    const data = cache.get(key)?.data;
    if (isPage(data)) found.push([key, (value) => (isPage(value) ? patchPage(value, ids, patch) : value)]);
    else if (isPageList(data)) found.push([key, (value) => (isPageList(value) ? value.map((page) => patchPage(page, ids, patch)) : value)]);
  }
  for (const id of ids) {
    const key = unstable_serialize(subscriptionKey(id));
    if (cache.get(key)?.data) found.push([key, (value) => (value ? { ...(value as SubscriptionDetail), ...patch } : value)]);
  }
  return found;
}

/**
 * Shows `patch` on every cached copy of these subscriptions while `request` runs, rolls every
 * copy back when it fails (then rethrows), and fetches the lists and details again when it succeeds.
 */
export async function changeSubscriptions<T>(
  cache: Cache, mutate: ScopedMutator, ids: string[], patch: SubscriptionPatch, request: Promise<T>,
): Promise<T> {
  const targets = cachedTargets(cache, new Set(ids), patch);
  await Promise.all(targets.map(([key, transform]) => mutate(key, request, {
    optimisticData: (current: unknown) => transform(current),
    populateCache: (_result: unknown, current: unknown) => transform(current),
    rollbackOnError: true,
    revalidate: false,
  })));
  const result = await request;
  await refreshSubscriptions(cache, mutate, ids);
  return result;
}

/** Fetches every cached subscription list again, the details of these subscriptions, and the check. */
export async function refreshSubscriptions(cache: Cache, mutate: ScopedMutator, ids: string[] = []): Promise<void> {
  const listMarker = JSON.stringify(subscriptionsPath);
  const keys: string[] = [];
  for (const key of [...cache.keys()]) {
    if (!key.includes(listMarker)) continue;
    // Without its own page entry, an infinite list fetches every page again, not only the first.
    if (key.startsWith('$inf$')) keys.push(key);
    else cache.delete(key);
  }
  for (const id of ids) keys.push(unstable_serialize(subscriptionKey(id)));
  // A subscription added or removed can change whether the person has any feeds or podcasts.
  keys.push(unstable_serialize(subscriptionCheckKey));
  await Promise.all(keys.map((key) => mutate(key)));
}

/** Forgets the cached details of removed subscriptions and fetches the lists again. */
export async function forgetSubscriptions(cache: Cache, mutate: ScopedMutator, ids: string[]): Promise<void> {
  for (const id of ids) cache.delete(unstable_serialize(subscriptionKey(id)));
  await refreshSubscriptions(cache, mutate);
}
