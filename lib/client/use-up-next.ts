import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import type { ResponseOf } from '@/lib/contract/types';
import { ApiError, callApi } from './api-client';
import { rememberUpNext } from './player/up-next-order';
import { onErrorRetry, withRetry } from './retry-policy';

export type UpNextEntry = ResponseOf<'listUpNext'>['data'][number];

/** The SWR key of Up Next (GET /v1/up-next, first-party). */
export const upNextKey = ['/v1/up-next'] as const;

async function loadUpNext(): Promise<UpNextEntry[]> {
  const { data } = await callApi('GET', '/v1/up-next');
  rememberUpNext(data.map((item) => item.id));
  return data;
}

/** The queue of unplayed episodes, in the order to play them; `enabled` false (no first-party service) waits. */
export function useUpNext(enabled: boolean) {
  return useSWR<UpNextEntry[], ApiError>(enabled ? upNextKey : null, loadUpNext, { onErrorRetry });
}

/** `ids` with the one at `from` moved to `to`. */
export function moved(ids: string[], from: number, to: number): string[] {
  const order = [...ids];
  const [id] = order.splice(from, 1);
  order.splice(Math.max(0, Math.min(to, order.length)), 0, id);
  return order;
}

/**
 * Changes to Up Next, each shown at once and undone when the service refuses: `arrange` gives the
 * new order (PUT), `remove` takes episodes off (DELETE), `clear` empties it.
 */
export function useUpNextActions() {
  const { mutate } = useSWRConfig();
  const change = useCallback(async (request: () => Promise<ResponseOf<'listUpNext'>>, optimistic: (current: UpNextEntry[]) => UpNextEntry[]) => {
    await mutate<UpNextEntry[]>(upNextKey, async () => {
      const { data } = await withRetry(request);
      rememberUpNext(data.map((item) => item.id));
      return data;
    }, { optimisticData: (current) => optimistic(current ?? []), rollbackOnError: true, revalidate: false });
  }, [mutate]);

  const arrange = useCallback((order: string[]) => change(
    () => callApi('PUT', '/v1/up-next', { body: { item_ids: order } }),
    (current) => {
      const byId = new Map(current.map((item) => [item.id, item]));
      const arranged = order.flatMap((id) => byId.get(id) ?? []);
      rememberUpNext(arranged.map((item) => item.id));
      return arranged;
    },
  ), [change]);
  const remove = useCallback((id: string) => change(
    () => callApi('DELETE', '/v1/up-next', { body: { item_ids: [id] } }),
    (current) => current.filter((item) => item.id !== id),
  ), [change]);
  const clear = useCallback(() => change(() => callApi('DELETE', '/v1/up-next', { body: {} }), () => []), [change]);
  return { arrange, remove, clear };
}
