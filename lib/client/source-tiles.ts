/*
 * The lettered tile that stands for a source without an icon: its letter and a colour picked
 * from its name, so a source keeps its colour everywhere. Every colour carries white text at
 * 4.5:1 or more (AA), and the tile is the same in both themes.
 */

/** Tile colours, each at least 4.5:1 against white. */
export const tileColours = ['#1d4ed8', '#047857', '#b91c1c', '#7e22ce', '#c2410c', '#0f766e', '#be185d', '#4338ca', '#4d7c0f', '#6d28d9'] as const;

/** The colour of a source's tile: the same for the same name. */
export function tileColour(name: string): string {
  let hash = 0;
  for (const char of name.toLowerCase()) hash = (hash * 31 + char.codePointAt(0)!) >>> 0;
  return tileColours[hash % tileColours.length]!;
}

/** The letter of a source's tile: the first letter or digit of its name, after a leading "The". */
export function tileLetter(name: string): string {
  const words = name.replace(/^the\s+/i, '');
  const letter = /[\p{L}\p{N}]/u.exec(words) ?? /[\p{L}\p{N}]/u.exec(name);
  return letter ? letter[0].toLocaleUpperCase() : '?';
}

type IconState = 'icon' | 'tile';
const known = new Map<string, IconState>();
const listeners = new Set<() => void>();

/** Whether a source's icon was found to be a real image or none (learnt once per page, for every row of it). */
export function iconState(feedId: string): IconState | undefined {
  return known.get(feedId);
}

/** Records what a source's icon turned out to be; every row showing that source follows. */
export function learnIcon(feedId: string, state: IconState): void {
  if (known.get(feedId) === state) return;
  known.set(feedId, state);
  for (const listener of listeners) listener();
}

/** Subscribes to what is learnt about icons (for useSyncExternalStore). */
export function onIconLearnt(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
