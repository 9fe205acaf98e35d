import { useMemo } from 'react';
import { useSWRConfig } from 'swr';
import type { BodyOf } from '@/lib/contract/types';
import { callApi } from './api-client';
import {
  applyOptimistically, cachedItemIds, itemKey, markAllCovers, type ItemDetail, type ItemPatch, type MarkAllBody,
} from './item-cache';
import { withRetry } from './retry-policy';

export type BulkAction = BodyOf<'bulkUpdateItems'>['action'];

const bulkPatches: Record<BulkAction, ItemPatch> = {
  mark_read: { is_read: true },
  mark_unread: { is_read: false },
  save: { is_saved: true },
  unsave: { is_saved: false },
};
/** The service takes at most this many ids in one bulk call. */
const bulkChunk = 1000;

/**
 * Every change a person makes to items. Each shows at once on the item and on every cached
 * list holding it, rolls back if the service refuses (the promise then rejects with the
 * ApiError), and leaves other lists and items untouched: nothing is refetched that did not change.
 */
export function useItemActions() {
  const { cache, mutate } = useSWRConfig();

  return useMemo(() => {
    async function updateItem(id: string, body: BodyOf<'updateItem'>, patch: ItemPatch): Promise<ItemDetail> {
      const request = withRetry(() => callApi('PATCH', '/v1/items/{item_id}', { params: { item_id: id }, body }));
      await applyOptimistically(cache, mutate, [id], patch, request);
      const detail = await request;
      await mutate(itemKey(id), detail, { revalidate: false });
      return detail;
    }

    async function editDetail(id: string, body: BodyOf<'updateItem'>, preview: (detail: ItemDetail) => ItemDetail): Promise<ItemDetail> {
      const request = withRetry(() => callApi('PATCH', '/v1/items/{item_id}', { params: { item_id: id }, body }));
      await mutate<ItemDetail>(itemKey(id), request, {
        optimisticData: (current) => (current ? preview(current) : current!),
        rollbackOnError: true, populateCache: true, revalidate: false,
      });
      return request;
    }

    return {
      /** Marks one item read or unread. */
      setRead: (id: string, isRead: boolean) => updateItem(id, { is_read: isRead }, { is_read: isRead }),
      /** Saves or unsaves one item (a full saved-items allowance answers 402). */
      setSaved: (id: string, isSaved: boolean) => updateItem(id, { is_saved: isSaved }, { is_saved: isSaved }),

      /** One action on many items; answers the service's message ("3 items marked read."). */
      async bulk(ids: string[], action: BulkAction): Promise<string> {
        const chunks: string[][] = [];
        for (let start = 0; start < ids.length; start += bulkChunk) chunks.push(ids.slice(start, start + bulkChunk));
        const request = Promise.all(chunks.map((item_ids) => withRetry(() => callApi('PATCH', '/v1/items', { body: { item_ids, action } }))));
        await applyOptimistically(cache, mutate, ids, bulkPatches[action], request);
        const answers = await request;
        return answers.length === 1 ? answers[0]!.message : `${ids.length} items updated.`;
      },

      /**
       * Marks read every item the filters cover published up to `before` (the moment the list
       * loaded), so what arrived since stays unread. Cached lists show it at once; the caller
       * refreshes its own list afterwards.
       */
      async markAllRead(body: MarkAllBody): Promise<string> {
        const request = withRetry(() => callApi('PUT', '/v1/items', { body: { ...body, is_read: true } }));
        await applyOptimistically(cache, mutate, cachedItemIds(cache),
          (item) => (!item.is_read && markAllCovers(body, item) ? { is_read: true } : null), request);
        return (await request).message;
      },

      /** Replaces an item's tags by name; new names create tags. */
      setTags: (id: string, names: string[]) => editDetail(id, { tags: names }, (detail) => ({
        ...detail,
        tags: names.map((name) => detail.tags.find((tag) => tag.name === name) ?? { id: `pending:${name}`, name, item_count: 1 }),
      })),

      /** Writes an article's notes (null clears them); plans without notes answer 402. */
      setNotes: (id: string, notes: string | null) => editDetail(id, { notes }, (detail) => ({ ...detail, notes })),
    };
  }, [cache, mutate]);
}
