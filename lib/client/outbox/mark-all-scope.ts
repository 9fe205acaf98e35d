import type { ResponseOf } from '@/lib/contract/types';
import type { MarkAllBody } from './actions';

/*
 * Which loaded items a mark-all covers, from what the device holds: an item shows its type,
 * saved state and publication time, but not its subscription's folder or tags, so a source
 * filter is only settled by the list an item was loaded in.
 */

type ListedItem = ResponseOf<'listItems'>['data'][number];
type SourceFilter = 'subscription_ids' | 'folder_ids' | 'tag_ids';
const sourceFilters: SourceFilter[] = ['subscription_ids', 'folder_ids', 'tag_ids'];

/**
 * Whether mark-all with this body covers an item: false or true from what the item shows,
 * null when it depends on a source filter (folder, subscription, tag) an item does not show.
 */
export function markAllCovers(body: MarkAllBody, item: Pick<ListedItem, 'item_type' | 'is_saved' | 'published_at'>): boolean | null {
  if (body.item_type && item.item_type !== body.item_type) return false;
  if (body.is_saved !== undefined && item.is_saved !== body.is_saved) return false;
  if (body.before && item.published_at && Date.parse(item.published_at) > Date.parse(body.before)) return false;
  if (sourceFilters.some((filter) => body[filter]?.length)) return null;
  return true;
}

/** Whether a list fetched with this query holds only items of the body's sources (each of its filters narrower or equal). */
export function listWithinSources(body: MarkAllBody, query: URLSearchParams): boolean {
  return sourceFilters.every((filter) => {
    const wanted = body[filter];
    if (!wanted?.length) return true;
    const listed = query.getAll(filter).flatMap((value) => value.split(','));
    return listed.length > 0 && listed.every((id) => wanted.includes(id));
  });
}
