import { useMemo, useSyncExternalStore } from 'react';
import useSWR from 'swr';
import { callApi, type ApiError } from './api-client';
import { itemKey, type ItemDetail } from './item-cache';
import { settleOutbox, withPendingChanges } from './outbox';
import type { ItemChange } from './outbox/actions';
import { overlayChanges } from './outbox/overlay';
import { initialOutboxStatus, outboxStatus, subscribeOutboxStatus } from './outbox/status';
import { onErrorRetry } from './retry-policy';

/** Fetches an item's detail for its SWR key. */
export async function fetchItem([, id]: ReturnType<typeof itemKey>): Promise<ItemDetail> {
  // Queued offline changes go out before fresh data comes in, and still-queued ones show on it.
  await settleOutbox();
  return withPendingChanges(await callApi('GET', '/v1/items/{item_id}', { params: { item_id: id } }));
}

function changeOf(changes: ReadonlyMap<string, ItemChange>, id: string | null): ItemChange | undefined {
  return id === null ? undefined : changes.get(id);
}

/** One item in its detail form (content, tags, notes); null id waits. */
export function useItem(id: string | null) {
  // SWR re-renders for the fields read from its answer: isLoading is read only while there is no
  // data, so its flips while a kept or seeded copy revalidates (which change nothing shown) do
  // not render the whole reader again.
  const swr = useSWR<ItemDetail, ApiError>(id ? itemKey(id) : null, fetchItem, { onErrorRetry, revalidateOnFocus: false });
  const { data, error, mutate } = swr;
  // A seeded or kept copy skipped the fetcher's overlay: queued changes are shown here too. Only
  // this item's change is watched: the outbox's other news (a change sent, another item queued)
  // would otherwise render the whole reader again for nothing.
  const queued = useSyncExternalStore(subscribeOutboxStatus, () => changeOf(outboxStatus().changes, id), () => changeOf(initialOutboxStatus().changes, id));
  const shown = useMemo(() => (data && queued ? overlayChanges(data, new Map([[data.id, queued]])) : data), [data, queued]);
  // An item seeded from the server's first load is not loading while SWR revalidates it.
  return { data: shown, error, isLoading: data === undefined && swr.isLoading, mutate };
}
