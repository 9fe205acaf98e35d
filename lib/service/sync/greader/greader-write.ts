/**
 * Google Reader's writes: edit-tag (read, starred = saved, kept-unread, labels = tags) and
 * mark-all-as-read (with `ts`), through the same domain functions as /v1. Every id and stream is
 * checked before anything changes, and the changes of one call are made together.
 */
import type { BulkItemAction } from '@/lib/contract/items';
import type { User } from '../../domain/accounts';
import { markAllItems, savedLimitError } from '../../domain/items/item-state';
import { distinctTagNames } from '../../domain/items/tags';
import { plans } from '../../domain/plans';
import type { Db } from '../../store/database';
import { itemUnits } from '../../store/sqlite/items';
import type { Store } from '../../store/store';
import { parseItemId, parseStream, type Stream } from './greader-ids';
import { BadRequest } from './greader-read';
import { itemIdsOf, labelIds, subscriptionRows } from './greader-store';

type Change = { action?: BulkItemAction; label?: string };

function change(streamId: string, adding: boolean): Change {
  const stream = parseStream(streamId);
  if (!stream) throw new BadRequest(`${streamId} is not a state or label this server knows.`);
  if (stream.kind === 'read') return { action: adding ? 'mark_read' : 'mark_unread' };
  if (stream.kind === 'kept-unread') return { action: adding ? 'mark_unread' : undefined };
  if (stream.kind === 'starred') return { action: adding ? 'save' : 'unsave' };
  if (stream.kind === 'label') return { label: stream.name.trim() };
  // Adding to the reading list or a feed means nothing for an item already there.
  return {};
}

/** POST edit-tag: `i` items (any id form), `a` states or labels to add, `r` to remove. */
export function editTag(db: Db, user: User, params: URLSearchParams): void {
  const given = params.getAll('i');
  if (!given.length) throw new BadRequest('Name the items with i.');
  if (given.length > 1000) throw new BadRequest('At most 1000 items a call.');
  const numbers = given.map((text) => {
    const id = parseItemId(text);
    if (id === undefined) throw new BadRequest(`${text} is not an item id.`);
    return id;
  });
  const adds = params.getAll('a').map((id) => change(id, true));
  const removes = params.getAll('r').map((id) => change(id, false));
  if (!adds.length && !removes.length) throw new BadRequest('Name a state or label to add (a) or remove (r).');
  // One transaction for the whole call, so the item store's synchronous units (they join it).
  const items = itemUnits(db);
  db.transaction(() => {
    const itemIds = itemIdsOf(db, user.id, numbers);
    if (!itemIds.length) return;
    for (const { action } of [...removes, ...adds]) {
      if (action && items.bulkUpdate(user.id, itemIds, action, plans[user.plan].savedItems) === 'saved_limit') throw savedLimitError(user);
    }
    const addedNames = adds.flatMap((one) => (one.label ? [one.label] : []));
    const removed = new Set(removes.flatMap((one) => (one.label ? [one.label.toLowerCase()] : [])));
    if (!addedNames.length && !removed.size) return;
    for (const itemId of itemIds) {
      const kept = items.tagsOf(user.id, itemId).map((tag) => tag.name).filter((name) => !removed.has(name.toLowerCase()));
      items.setTags(user.id, itemId, distinctTagNames([...kept, ...addedNames]));
    }
  })();
}

function subscriptionIdsOf(db: Db, user: User, stream: Extract<Stream, { kind: 'feed' }>): string[] {
  return subscriptionRows(db, user.id).filter((row) => row.feed_url === stream.url || row.feed_key === stream.url).map((row) => row.id);
}

/**
 * `ts` in milliseconds. Google Reader sent microseconds; clients and suites also send seconds,
 * milliseconds or nanoseconds, told apart by size (a time since 1973 in one unit is out of range in the next).
 */
function cutoffMs(ts: string): number {
  const value = Number(ts);
  if (value >= 1e17) return Math.floor(value / 1e6);
  if (value >= 1e14) return Math.floor(value / 1e3);
  if (value >= 1e11) return value;
  return value * 1000;
}

/** POST mark-all-as-read: `s` a stream, `ts` the newest time to mark (microseconds, or another unit; see cutoffMs). */
export async function markAllAsRead(db: Db, store: Store, user: User, params: URLSearchParams): Promise<void> {
  const streamId = params.get('s') ?? '';
  const stream = parseStream(streamId);
  if (!stream) throw new BadRequest(`${streamId || 'The stream (s)'} is not a stream id this server knows.`);
  const ts = params.get('ts');
  if (ts && !/^\d{1,19}$/.test(ts)) throw new BadRequest('ts must be a time in microseconds.');
  const before = ts ? new Date(cutoffMs(ts)).toISOString() : undefined;
  if (stream.kind === 'reading-list') await markAllItems(store, user, { before });
  else if (stream.kind === 'starred') await markAllItems(store, user, { is_saved: true, before });
  else if (stream.kind === 'feed') {
    const ids = subscriptionIdsOf(db, user, stream);
    if (ids.length) await markAllItems(store, user, { subscription_ids: ids, before });
  } else if (stream.kind === 'label') {
    const { folder, tag } = labelIds(db, user.id, stream.name);
    if (folder) await markAllItems(store, user, { folder_ids: [folder], before });
    if (tag) await markAllItems(store, user, { tag_ids: [tag], before });
  }
}
