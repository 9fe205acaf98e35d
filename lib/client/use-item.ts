import { useMemo, useSyncExternalStore } from 'react';
import useSWR from 'swr';
import { callApi, type ApiError } from './api-client';
import { itemKey, type ItemDetail } from './item-cache';
import { settleOutbox, withPendingChanges } from './outbox';
import { overlayChanges } from './outbox/overlay';
import { initialOutboxStatus, outboxStatus, subscribeOutboxStatus } from './outbox/status';
import { onErrorRetry } from './retry-policy';

/** Fetches an item's detail for its SWR key. */
export async function fetchItem([, id]: ReturnType<typeof itemKey>): Promise<ItemDetail> {
  // Queued offline changes go out before fresh data comes in, and still-queued ones show on it.
  await settleOutbox();
  return withPendingChanges(await callApi('GET', '/v1/items/{item_id}', { params: { item_id: id } }));
}

/** One item in its detail form (content, tags, notes); null id waits. */
export function useItem(id: string | null) {
  const { data, error, isLoading, mutate } = useSWR<ItemDetail, ApiError>(id ? itemKey(id) : null, fetchItem, { onErrorRetry, revalidateOnFocus: false });
  // A seeded or kept copy skipped the fetcher's overlay: queued changes are shown here too.
  const queued = useSyncExternalStore(subscribeOutboxStatus, () => outboxStatus().changes, () => initialOutboxStatus().changes);
  const shown = useMemo(() => (data ? overlayChanges(data, queued) : data), [data, queued]);
  // An item seeded from the server's first load is not loading while SWR revalidates it.
  return { data: shown, error, isLoading: isLoading && data === undefined, mutate };
}
