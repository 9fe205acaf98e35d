import type { Store } from '../../store/store';

/** The tag names to keep from what was given: trimmed, and names differing only in case are one tag (the first spelling given). */
export function distinctTagNames(names: string[]): string[] {
  const byKey = new Map<string, string>();
  for (const name of names.map((each) => each.trim())) if (!byKey.has(name.toLowerCase())) byKey.set(name.toLowerCase(), name);
  return [...byKey.values()];
}

/** Replaces the user's tags on an item with these names, creating tags that do not exist yet. */
export async function setItemTags(store: Store, userId: string, itemId: string, names: string[]): Promise<void> {
  await store.items.setTags(userId, itemId, distinctTagNames(names));
}
