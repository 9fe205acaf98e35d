import { useCallback, useSyncExternalStore } from 'react';
import { SHORTCUTS_STORAGE_KEY, defaultShortcuts, type ShortcutAction } from './shortcuts';
import { subscribeToStoredSetting } from '@/lib/client/storage-change';

/*
 * Remapping keyboard shortcuts: the settings page writes `{ action: key }` under the key
 * shortcuts.ts reads on every key press, so a change applies at once on every page.
 */

export type Remapped = Partial<Record<ShortcutAction, string>>;
const changeEvent = 'tidings:shortcuts-change';
let lastText: string | null = null;
let lastValue: Remapped = {};

/** The remapped keys as stored (an unreadable value counts as none). */
export function readRemapped(): Remapped {
  let text: string | null = null;
  try {
    text = localStorage.getItem(SHORTCUTS_STORAGE_KEY);
  } catch {
    text = null;
  }
  // The same object for the same text, as useSyncExternalStore requires.
  if (text === lastText) return lastValue;
  lastText = text;
  try {
    const parsed = JSON.parse(text ?? '{}') as unknown;
    lastValue = typeof parsed === 'object' && parsed !== null ? (parsed as Remapped) : {};
  } catch {
    lastValue = {};
  }
  return lastValue;
}

function write(remapped: Remapped): void {
  try {
    if (Object.keys(remapped).length === 0) localStorage.removeItem(SHORTCUTS_STORAGE_KEY);
    else localStorage.setItem(SHORTCUTS_STORAGE_KEY, JSON.stringify(remapped));
  } catch {
    // Without storage the defaults stay.
  }
  window.dispatchEvent(new Event(changeEvent));
}

/** The key an action answers to now: the remapped one, else its first default. */
export function keyFor(remapped: Remapped, action: ShortcutAction): string {
  return remapped[action] ?? defaultShortcuts.find((shortcut) => shortcut.action === action)!.keys[0]!;
}

/** The action other than `action` that already answers to `key`, if any. */
export function conflictFor(remapped: Remapped, action: ShortcutAction, key: string): ShortcutAction | null {
  for (const shortcut of defaultShortcuts) {
    if (shortcut.action === action) continue;
    const keys = remapped[shortcut.action] ? [remapped[shortcut.action]!] : shortcut.keys;
    if (keys.includes(key)) return shortcut.action;
  }
  return null;
}

const subscribe = subscribeToStoredSetting(changeEvent);

const none: Remapped = {};

/** The remapped keys, a setter for one action (the default key or an empty one resets it), and a reset of all. */
export function useShortcutRemap() {
  const remapped = useSyncExternalStore(subscribe, readRemapped, () => none);
  const setKey = useCallback((action: ShortcutAction, key: string) => {
    const next = { ...readRemapped() };
    const fallback = defaultShortcuts.find((shortcut) => shortcut.action === action)!.keys;
    if (!key || fallback.includes(key)) delete next[action];
    else next[action] = key;
    write(next);
  }, []);
  const reset = useCallback(() => write({}), []);
  return { remapped, setKey, reset };
}
