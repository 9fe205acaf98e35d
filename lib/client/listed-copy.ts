import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useSWRConfig } from 'swr';
import { findListedItem, type ListedItem } from './item-cache';
import { itemsCacheName } from './offline-caches';
import { overlayChanges } from './outbox/overlay';
import { initialOutboxStatus, outboxStatus, subscribeOutboxStatus } from './outbox/status';

/*
 * An item as a list showed it: what the reader shows when the item's own detail cannot be
 * fetched (offline, a failing link) and was never kept, since a list row carries the title,
 * source, date and the feed's description. Looked up in the lists this page holds, then in the
 * lists the service worker kept for reading offline (a reopened app holds none in memory).
 */

const listPath = '/api/v1/items';

function isListedItem(value: unknown): value is ListedItem {
  const item = value as Partial<ListedItem> | null;
  return typeof item === 'object' && item !== null && typeof item.id === 'string' && typeof item.title === 'string' && Array.isArray(item.feeds);
}

/** The item's row in the freshest list the service worker kept that holds it, or null. */
export async function keptListedItem(id: string): Promise<ListedItem | null> {
  if (typeof caches === 'undefined' || !(await caches.has(itemsCacheName))) return null;
  const cache = await caches.open(itemsCacheName);
  let best: { item: ListedItem; at: number } | null = null;
  for (const request of await cache.keys()) {
    if (new URL(request.url).pathname !== listPath) continue;
    const response = await cache.match(request);
    if (!response) continue;
    const body = (await response.json().catch(() => null)) as { data?: unknown } | null;
    const item = Array.isArray(body?.data) ? body.data.find((row) => isListedItem(row) && row.id === id) : undefined;
    const at = Date.parse(response.headers.get('date') ?? '') || 0;
    if (isListedItem(item) && (!best || at > best.at)) best = { item, at };
  }
  return best?.item ?? null;
}

/** The item as a list showed it, with changes still queued shown on it; null when not wanted or no list holds it. */
export function useListedCopy(id: string, wanted: boolean): ListedItem | null {
  const { cache } = useSWRConfig();
  const inMemory = wanted ? findListedItem(cache, id) : null;
  const [kept, setKept] = useState<{ id: string; item: ListedItem | null } | null>(null);
  useEffect(() => {
    if (!wanted || inMemory) return;
    let current = true;
    keptListedItem(id).then((item) => current && setKept({ id, item }), () => undefined);
    return () => {
      current = false;
    };
  }, [wanted, inMemory, id]);
  const listed = inMemory ?? (wanted && kept?.id === id ? kept.item : null);
  const queued = useSyncExternalStore(subscribeOutboxStatus, () => outboxStatus().changes.get(id), () => initialOutboxStatus().changes.get(id));
  return useMemo(() => (listed && queued ? overlayChanges(listed, new Map([[id, queued]])) : listed), [listed, queued, id]);
}
