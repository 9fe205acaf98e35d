import { useMemo } from 'react';
import { useSWRConfig } from 'swr';
import type { BodyOf } from '@/lib/contract/types';
import {
  applyOptimistically, cachedItemIds, cachedItems, cachedTitle, editDetailField, type EditableField, type ItemDetail, type ItemPatch, type ListedItem,
} from './item-cache';
import type { ItemFilters } from './inbox-view';
import { markAllCovers } from './outbox/mark-all-scope';
import { markAllBefore, markAllBody, markAllFitsBody, unreadIdsUpTo } from './mark-all';
import { enqueueOrSend, type SendOutcome } from './outbox';
import { refreshUnreadCounts } from './unread-counts';

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
 * ApiError), and leaves other lists and items untouched: nothing is refetched that did not change
 * (except, after a read change, the lists that show unread counts: subscriptions, folders, tags).
 * Changes go through the outbox: without a connection they stay shown and are queued
 * (the outcome then says `sent: false`), and are sent in order when it returns.
 */
export function useItemActions() {
  const { cache, mutate } = useSWRConfig();

  return useMemo(() => {
    function send(id: string, body: BodyOf<'updateItem'>): Promise<SendOutcome<ItemDetail>> {
      return enqueueOrSend<ItemDetail>({ kind: 'update', itemId: id, body }, { title: cachedTitle(cache, id) });
    }

    async function updateItem(id: string, body: BodyOf<'updateItem'>, patch: ItemPatch): Promise<SendOutcome<ItemDetail>> {
      const request = send(id, body);
      await applyOptimistically(cache, mutate, [id], patch, request);
      return request;
    }

    function editDetail<F extends EditableField>(id: string, body: BodyOf<'updateItem'>, field: F, preview: (detail: ItemDetail) => ItemDetail[F]) {
      // Queued: the preview stays shown until the change is sent.
      return editDetailField(cache, mutate, id, field, preview, send(id, body), (outcome) => (outcome.sent ? outcome.result : null));
    }

    /** One action on many items; answers the service's message ("3 items marked read."). */
    async function bulk(ids: string[], action: BulkAction): Promise<string> {
      const chunks: string[][] = [];
      for (let start = 0; start < ids.length; start += bulkChunk) chunks.push(ids.slice(start, start + bulkChunk));
      const request = Promise.all(chunks.map((itemIds) => enqueueOrSend<{ message: string }>({ kind: 'bulk', itemIds, action })));
      await applyOptimistically(cache, mutate, ids, bulkPatches[action], request);
      const answers = await request;
      if ((action === 'mark_read' || action === 'mark_unread') && answers.some((answer) => answer.sent)) void refreshUnreadCounts(cache, mutate);
      if (answers.some((answer) => !answer.sent)) return `${ids.length === 1 ? '1 item' : `${ids.length} items`} will be updated when the connection returns.`;
      return answers.length === 1 && answers[0]!.sent ? answers[0]!.result.message : `${ids.length} items updated.`;
    }

    return {
      /** Marks one item read or unread; the sidebar's unread counts follow once the service has it. */
      async setRead(id: string, isRead: boolean): Promise<SendOutcome<ItemDetail>> {
        const outcome = await updateItem(id, { is_read: isRead }, { is_read: isRead });
        if (outcome.sent) void refreshUnreadCounts(cache, mutate);
        return outcome;
      },
      /** Saves or unsaves one item (a full saved-items allowance answers 402). */
      setSaved: (id: string, isSaved: boolean) => updateItem(id, { is_saved: isSaved }, { is_saved: isSaved }),

      /** One action on many items; answers the service's message ("3 items marked read."). */
      bulk,

      /**
       * Marks read every unread item a list's filters cover published up to `loadedAt` (the
       * moment the list loaded), so what arrived since stays unread. Cached lists show it at
       * once (`listed`: items known to be in this list, for filters a row does not show); the
       * caller refreshes its own list afterwards. A list from a date is marked by its ids.
       */
      async markAllRead(filters: ItemFilters, loadedAt: string | null, listed: string[] = []): Promise<string> {
        const before = markAllBefore(filters, loadedAt);
        if (!markAllFitsBody(filters)) {
          const ids = await unreadIdsUpTo(filters, before);
          return ids.length ? bulk(ids, 'mark_read') : '0 items marked read.';
        }
        const body = markAllBody(filters, before);
        const inList = new Set(listed);
        // Through the outbox like every change: after what waits there (a queued "mark unread" sent
        // later would undo it), and queued itself without a connection.
        const covers = (item: ListedItem) => !item.is_read && (markAllCovers(body, item) ?? inList.has(item.id));
        const itemIds = cachedItems(cache).filter(covers).map((item) => item.id);
        const request = enqueueOrSend<{ message: string }>({ kind: 'mark-all', body: { ...body, is_read: true }, itemIds });
        await applyOptimistically(cache, mutate, cachedItemIds(cache), (item) => (covers(item) ? { is_read: true } : null), request);
        const outcome = await request;
        if (!outcome.sent) return 'Items will be marked read when the connection returns.';
        void refreshUnreadCounts(cache, mutate);
        return outcome.result.message;
      },

      /** Replaces an item's tags by name; new names create tags. */
      setTags: (id: string, names: string[]) => editDetail(id, { tags: names }, 'tags', (detail) =>
        names.map((name) => detail.tags.find((tag) => tag.name === name) ?? { id: `pending:${name}`, name, item_count: 1 })),

      /** Writes an article's notes (null clears them); plans without notes answer 402. */
      setNotes: (id: string, notes: string | null) => editDetail(id, { notes }, 'notes', () => notes),
    };
  }, [cache, mutate]);
}
