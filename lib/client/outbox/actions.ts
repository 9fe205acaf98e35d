import type { BodyOf } from '@/lib/contract/types';

/*
 * The changes the outbox can hold: idempotent REST calls only (they set a state
 * rather than toggle it), so sending one twice leaves the same result.
 */

export type ItemUpdateBody = BodyOf<'updateItem'>;
export type BulkItemAction = BodyOf<'bulkUpdateItems'>['action'];
export type MarkAllBody = BodyOf<'markAllItems'>;

/** One change a person made to items or to Up Next. */
export type OutboxAction =
  | { kind: 'update'; itemId: string; body: ItemUpdateBody }
  | { kind: 'bulk'; itemIds: string[]; action: BulkItemAction }
  | { kind: 'playback'; itemId: string; positionSeconds: number; clientTimestamp: string }
  /**
   * Mark all as read (or unread) of a list. Which items it covers only the service knows;
   * `itemIds` are those of them loaded on the device, to show it on them while it waits.
   */
  | { kind: 'mark-all'; body: MarkAllBody; itemIds?: string[] }
  /** Up Next's whole order as the person saw it, so a late replay still lands it (the last one wins). */
  | { kind: 'up-next-arrange'; itemIds: string[] }
  | { kind: 'up-next-remove'; itemIds: string[] }
  | { kind: 'up-next-clear' };

/** Whether an action changes Up Next rather than items. */
export function changesUpNext(action: OutboxAction): action is Extract<OutboxAction, { kind: `up-next-${string}` }> {
  return action.kind.startsWith('up-next-');
}

/** The HTTP call that carries an action, addressed to the service's /v1 paths. */
export type OutboxRequest = { method: 'PATCH' | 'POST' | 'PUT' | 'DELETE'; path: string; body: unknown };

/** The item fields an action sets, as a list or a detail shows them. */
export type ItemChange = {
  is_read?: boolean;
  is_saved?: boolean;
  tags?: string[];
  notes?: string | null;
  prefers_full_content?: boolean;
  playback_position?: number;
  last_played_at?: string;
};

/** Fields a later write of the same item replaces outright (the last one wins). */
export const coalescedFields = ['is_read', 'is_saved', 'tags', 'notes', 'prefers_full_content'] as const;
export type CoalescedField = (typeof coalescedFields)[number];

const bulkChanges: Record<BulkItemAction, ItemChange> = {
  mark_read: { is_read: true },
  mark_unread: { is_read: false },
  save: { is_saved: true },
  unsave: { is_saved: false },
};

/** The request that sends an action. */
export function requestFor(action: OutboxAction): OutboxRequest {
  switch (action.kind) {
    case 'update':
      return { method: 'PATCH', path: `/v1/items/${encodeURIComponent(action.itemId)}`, body: action.body };
    case 'bulk':
      return { method: 'PATCH', path: '/v1/items', body: { item_ids: action.itemIds, action: action.action } };
    case 'playback':
      return {
        method: 'POST',
        path: `/v1/items/${encodeURIComponent(action.itemId)}/playback-progress`,
        body: { position_seconds: action.positionSeconds, client_timestamp: action.clientTimestamp },
      };
    case 'mark-all':
      return { method: 'PUT', path: '/v1/items', body: action.body };
    case 'up-next-arrange':
      return { method: 'PUT', path: '/v1/up-next', body: { item_ids: action.itemIds } };
    case 'up-next-remove':
      return { method: 'DELETE', path: '/v1/up-next', body: { item_ids: action.itemIds } };
    case 'up-next-clear':
      return { method: 'DELETE', path: '/v1/up-next', body: {} };
  }
}

/** What an action changes, item by item (for showing queued changes on loaded data). */
export function changesOf(action: OutboxAction): Map<string, ItemChange> {
  const changes = new Map<string, ItemChange>();
  switch (action.kind) {
    case 'update': {
      const change: ItemChange = {};
      for (const field of coalescedFields) {
        if (action.body[field] !== undefined) Object.assign(change, { [field]: action.body[field] });
      }
      changes.set(action.itemId, change);
      break;
    }
    case 'bulk':
      for (const id of action.itemIds) changes.set(id, bulkChanges[action.action]);
      break;
    case 'playback':
      changes.set(action.itemId, { playback_position: Math.round(action.positionSeconds), last_played_at: action.clientTimestamp });
      break;
    case 'mark-all':
      for (const id of action.itemIds ?? []) changes.set(id, { is_read: action.body.is_read ?? true });
      break;
    default:
      // Up Next changes leave the items as they are.
      break;
  }
  return changes;
}

/** The (item, field) pairs an action writes with last-write-wins semantics. */
export function writesOf(action: OutboxAction): Map<string, Set<CoalescedField>> {
  const writes = new Map<string, Set<CoalescedField>>();
  // Its filters decide on the service which items it covers; kept in order, it overwrites nothing queued before it.
  if (action.kind === 'mark-all') return writes;
  for (const [id, change] of changesOf(action)) {
    const fields = coalescedFields.filter((field) => change[field] !== undefined);
    if (fields.length) writes.set(id, new Set(fields));
  }
  return writes;
}

/**
 * An earlier action with what a later one overwrites taken out: fields of an update,
 * ids of a bulk action. Answers null when nothing of it is left to send.
 */
export function withoutOverwritten(earlier: OutboxAction, later: Map<string, Set<CoalescedField>>): OutboxAction | null {
  switch (earlier.kind) {
    case 'update': {
      const overwritten = later.get(earlier.itemId);
      if (!overwritten) return earlier;
      const body = Object.fromEntries(Object.entries(earlier.body).filter(([field]) => !overwritten.has(field as CoalescedField)));
      return Object.keys(body).length ? { ...earlier, body } : null;
    }
    case 'bulk': {
      const field: CoalescedField = earlier.action === 'mark_read' || earlier.action === 'mark_unread' ? 'is_read' : 'is_saved';
      const itemIds = earlier.itemIds.filter((id) => !later.get(id)?.has(field));
      if (itemIds.length === earlier.itemIds.length) return earlier;
      return itemIds.length ? { ...earlier, itemIds } : null;
    }
    default:
      return earlier;
  }
}

/** One line naming an action, for the list of pending and refused changes. */
export function describeAction(action: OutboxAction, titles: (id: string) => string | null = () => null): string {
  const name = (id: string, unnamed = 'an item') => {
    const title = titles(id);
    return title ? `“${title}”` : unnamed;
  };
  switch (action.kind) {
    case 'update': {
      const parts: string[] = [];
      const body = action.body;
      if (body.is_read !== undefined) parts.push(body.is_read ? 'mark read' : 'mark unread');
      if (body.is_saved !== undefined) parts.push(body.is_saved ? 'save' : 'unsave');
      if (body.tags !== undefined) parts.push('change tags of');
      if (body.notes !== undefined) parts.push('change notes of');
      if (body.prefers_full_content !== undefined) parts.push('change the content preference of');
      const verb = parts.join(' and ') || 'change';
      return `${verb[0]!.toUpperCase()}${verb.slice(1)} ${name(action.itemId)}`;
    }
    case 'bulk': {
      const verb = { mark_read: 'Mark read', mark_unread: 'Mark unread', save: 'Save', unsave: 'Unsave' }[action.action];
      return action.itemIds.length === 1 ? `${verb} ${name(action.itemIds[0]!)}` : `${verb} ${action.itemIds.length} items`;
    }
    case 'playback': {
      const minutes = Math.floor(action.positionSeconds / 60);
      const seconds = String(Math.floor(action.positionSeconds % 60)).padStart(2, '0');
      return `Remember the playback position ${minutes}:${seconds} of ${name(action.itemId)}`;
    }
    case 'mark-all':
      return action.body.is_read === false ? 'Mark all as unread' : 'Mark all as read';
    case 'up-next-arrange':
      return 'Reorder Up Next';
    case 'up-next-remove':
      return action.itemIds.length === 1 ? `Remove ${name(action.itemIds[0]!, 'an episode')} from Up Next` : `Remove ${action.itemIds.length} episodes from Up Next`;
    case 'up-next-clear':
      return 'Clear Up Next';
  }
}
