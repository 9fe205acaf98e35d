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
import type { Store } from '../../store/store';
import { parseItemId, parseStream, type Stream } from './greader-ids';
import { BadRequest } from './greader-read';

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
export async function editTag(store: Store, user: User, params: URLSearchParams): Promise<void> {
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
  const actions = [...removes, ...adds].flatMap(({ action }) => (action ? [action] : []));
  const addedNames = adds.flatMap((one) => (one.label ? [one.label] : []));
  const removed = new Set(removes.flatMap((one) => (one.label ? [one.label.toLowerCase()] : [])));
  const retag = addedNames.length || removed.size
    ? (names: string[]) => distinctTagNames([...names.filter((name) => !removed.has(name.toLowerCase())), ...addedNames])
    : undefined;
  // One unit of work for the whole call: a save past the plan's limit changes nothing.
  if (await store.greader.editItems(user.id, numbers, { actions, retag }, plans[user.plan].savedItems) === 'saved_limit') throw savedLimitError(user);
}

async function subscriptionIdsOf(store: Store, user: User, stream: Extract<Stream, { kind: 'feed' }>): Promise<string[]> {
  return (await store.greader.subscriptions(user.id)).filter((row) => row.feed_url === stream.url || row.feed_key === stream.url).map((row) => row.id);
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
export async function markAllAsRead(store: Store, user: User, params: URLSearchParams): Promise<void> {
  const streamId = params.get('s') ?? '';
  const stream = parseStream(streamId);
  if (!stream) throw new BadRequest(`${streamId || 'The stream (s)'} is not a stream id this server knows.`);
  const ts = params.get('ts');
  if (ts && !/^\d{1,19}$/.test(ts)) throw new BadRequest('ts must be a time in microseconds.');
  const before = ts ? new Date(cutoffMs(ts)).toISOString() : undefined;
  if (stream.kind === 'reading-list') await markAllItems(store, user, { before });
  else if (stream.kind === 'starred') await markAllItems(store, user, { is_saved: true, before });
  else if (stream.kind === 'feed') {
    const ids = await subscriptionIdsOf(store, user, stream);
    if (ids.length) await markAllItems(store, user, { subscription_ids: ids, before });
  } else if (stream.kind === 'label') {
    const { folder, tag } = await store.greader.labelIds(user.id, stream.name);
    if (folder) await markAllItems(store, user, { folder_ids: [folder], before });
    if (tag) await markAllItems(store, user, { tag_ids: [tag], before });
  }
}
