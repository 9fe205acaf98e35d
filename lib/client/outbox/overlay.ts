import type { ItemChange } from './actions';

type Tag = { id: string; name: string; item_count: number };
type ItemLike = { id: string; tags?: Tag[] } & Record<string, unknown>;

function patchItem<T extends ItemLike>(item: T, change: ItemChange | undefined): T {
  if (!change) return item;
  const { tags, ...rest } = change;
  const next: ItemLike = { ...item };
  for (const [field, value] of Object.entries(rest)) {
    // Lists lack detail fields (notes, tags): only fields the record already has are set.
    if (value !== undefined && field in item) next[field] = value;
  }
  if (tags !== undefined && Array.isArray(item.tags)) {
    next.tags = tags.map((name) => item.tags!.find((tag) => tag.name === name) ?? { id: `pending:${name}`, name, item_count: 1 });
  }
  return next as T;
}

/**
 * Loaded data with the queued changes shown on it: an item (detail), or a page of a list
 * (`{ data: [...] }`). Data from an offline copy or fetched while changes wait is thereby
 * never older than what the person did. Anything else comes back unchanged.
 */
export function overlayChanges<T>(data: T, changes: ReadonlyMap<string, ItemChange>): T {
  if (changes.size === 0 || typeof data !== 'object' || data === null) return data;
  const record = data as Record<string, unknown>;
  if (Array.isArray(record.data)) {
    let changed = false;
    const items = (record.data as ItemLike[]).map((item) => {
      const patched = patchItem(item, changes.get(item.id));
      if (patched !== item) changed = true;
      return patched;
    });
    return changed ? ({ ...record, data: items } as T) : data;
  }
  if (typeof record.id === 'string') return patchItem(record as ItemLike, changes.get(record.id)) as T;
  return data;
}

/** Merges changes in sending order: a later value of a field replaces an earlier one. */
export function mergeChanges(list: Map<string, ItemChange>[]): Map<string, ItemChange> {
  const merged = new Map<string, ItemChange>();
  for (const changes of list) {
    for (const [id, change] of changes) merged.set(id, { ...merged.get(id), ...change });
  }
  return merged;
}
