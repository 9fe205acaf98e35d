import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { callApi } from './api-client';
import { itemKey, type ItemDetail } from './item-cache';
import { withRetry } from './retry-policy';

/** What the service notes in platform_metadata.full_content about fetching the page. */
type FullContentNote = { status?: string; message?: string };

/**
 * Why the reader shows the feed's content although the person asked for the full article
 * (the page could not be fetched or had no readable article), or null when nothing went wrong.
 */
export function fullContentFallback(item: ItemDetail): string | null {
  if (!item.prefers_full_content) return null;
  const note = item.platform_metadata.full_content as FullContentNote | undefined;
  if (note?.status !== 'failed') return null;
  return note.message || 'The full article could not be fetched. Showing the feed’s content instead.';
}

/**
 * Sets an article's full-content preference (PATCH /v1/items/{id} prefers_full_content). Turning
 * it on makes the service fetch the page, so the answer carries the new content; it replaces the
 * cached item. Not queued offline: without a connection there is no page to fetch.
 */
export function useSetFullContent() {
  const { mutate } = useSWRConfig();
  return useCallback(async (id: string, prefers: boolean): Promise<ItemDetail> => {
    const detail = await withRetry(() => callApi('PATCH', '/v1/items/{item_id}', { params: { item_id: id }, body: { prefers_full_content: prefers } }));
    await mutate(itemKey(id), detail, { revalidate: false });
    return detail;
  }, [mutate]);
}
