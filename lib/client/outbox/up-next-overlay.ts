import type { OutboxAction } from './actions';

/** Up Next as loaded, with queued Up Next changes applied in sending order (others are skipped). */
export function overlayUpNext<T extends { id: string }>(entries: T[], actions: OutboxAction[]): T[] {
  let shown = entries;
  for (const action of actions) {
    switch (action.kind) {
      case 'up-next-arrange': {
        // As the service does: the listed ones in this order, the others after them as they were.
        const byId = new Map(shown.map((entry) => [entry.id, entry]));
        const listed = action.itemIds.flatMap((id) => byId.get(id) ?? []);
        const named = new Set(action.itemIds);
        shown = [...listed, ...shown.filter((entry) => !named.has(entry.id))];
        break;
      }
      case 'up-next-remove': {
        const removed = new Set(action.itemIds);
        shown = shown.filter((entry) => !removed.has(entry.id));
        break;
      }
      case 'up-next-clear':
        shown = [];
        break;
      default:
        break;
    }
  }
  return shown;
}
