import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import type { ResponseOf } from '@/lib/contract/types';
import { ApiError, callApi } from './api-client';
import { enqueueOrSend, settleOutbox, withPendingUpNext, type OutboxAction } from './outbox';
import { rememberUpNext } from './player/up-next-order';
import { onErrorRetry } from './retry-policy';

export type UpNextEntry = ResponseOf<'listUpNext'>['data'][number];

/** The SWR key of Up Next (GET /v1/up-next, first-party). */
export const upNextKey = ['/v1/up-next'] as const;

async function loadUpNext(): Promise<UpNextEntry[]> {
  await settleOutbox();
  // What still waits in the outbox shows on it: an offline copy is older than the person's changes.
  const data = await withPendingUpNext((await callApi('GET', '/v1/up-next')).data);
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
 * new order (PUT), `remove` takes episodes off (DELETE), `clear` empties it. They go through the
 * outbox: without a connection they stay shown, queued, and are sent in order when it returns.
 */
export function useUpNextActions() {
  const { mutate } = useSWRConfig();
  const change = useCallback(async (action: OutboxAction, optimistic: (current: UpNextEntry[]) => UpNextEntry[], title?: string | null) => {
    let shown: UpNextEntry[] = [];
    // The change is shown on what is on screen, not on the last committed list: one made while an
    // earlier one is still on its way (a slow link, the outbox's runtime still loading) keeps that one.
    await mutate<UpNextEntry[]>(upNextKey, async () => {
      const outcome = await enqueueOrSend<ResponseOf<'listUpNext'>>(action, { title });
      // Queued: what the person sees stays until the replay sends it.
      const data = outcome.sent ? outcome.result.data : shown;
      rememberUpNext(data.map((item) => item.id));
      return data;
    }, { optimisticData: (current, displayed) => (shown = optimistic(displayed ?? current ?? [])), rollbackOnError: true, revalidate: false });
  }, [mutate]);

  const arrange = useCallback((order: string[]) => change(
    { kind: 'up-next-arrange', itemIds: order },
    (current) => {
      const byId = new Map(current.map((item) => [item.id, item]));
      const arranged = order.flatMap((id) => byId.get(id) ?? []);
      rememberUpNext(arranged.map((item) => item.id));
      return arranged;
    },
  ), [change]);
  const remove = useCallback((id: string, title?: string | null) => change(
    { kind: 'up-next-remove', itemIds: [id] },
    (current) => current.filter((item) => item.id !== id),
    title,
  ), [change]);
  const clear = useCallback(() => change({ kind: 'up-next-clear' }, () => []), [change]);
  return { arrange, remove, clear };
}
