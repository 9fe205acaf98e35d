import { useEffect, useRef } from 'react';

/** What a keyboard shortcut can do; each page handles the ones that make sense there. */
export type ShortcutAction = 'next' | 'previous' | 'open' | 'toggleRead' | 'toggleSaved' | 'openOriginal' | 'search' | 'help';

/** Where remapped keys are kept: `{ "next": "n", … }` (the settings page writes it). */
export const SHORTCUTS_STORAGE_KEY = 'tidings:shortcuts';

/** The shortcuts readers share (Google Reader's, kept by most since), in the order the help lists them. */
export const defaultShortcuts: { action: ShortcutAction; keys: string[]; label: string }[] = [
  { action: 'next', keys: ['j'], label: 'Next item' },
  { action: 'previous', keys: ['k'], label: 'Previous item' },
  { action: 'open', keys: ['o', 'Enter'], label: 'Open the item' },
  { action: 'toggleRead', keys: ['m'], label: 'Mark read or unread' },
  { action: 'toggleSaved', keys: ['s'], label: 'Save or unsave' },
  { action: 'openOriginal', keys: ['v'], label: 'Open the original in a new tab' },
  { action: 'search', keys: ['/'], label: 'Search' },
  { action: 'help', keys: ['?'], label: 'Show the keyboard shortcuts' },
];

/** The shortcuts with any keys the person remapped in settings. */
export function currentShortcuts(): typeof defaultShortcuts {
  let remapped: Partial<Record<ShortcutAction, string>> = {};
  try {
    remapped = JSON.parse(localStorage.getItem(SHORTCUTS_STORAGE_KEY) ?? '{}') as typeof remapped;
  } catch {
    // Unreadable settings: the defaults still work.
  }
  return defaultShortcuts.map((shortcut) => {
    const key = remapped[shortcut.action];
    return typeof key === 'string' && key.length > 0 ? { ...shortcut, keys: [key] } : shortcut;
  });
}

/**
 * Inputs nobody types into: a letter pressed on one is free for a shortcut, so j, m or s still
 * work right after ticking an item's checkbox (only Enter and Space are theirs).
 */
const untypedInputs = new Set(['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file', 'image']);

/** Whether a key press belongs to something else: typing in a field, or a control's own Enter or Space. */
export function belongsElsewhere(event: KeyboardEvent): boolean {
  if (event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return true;
  const target = event.target as HTMLElement | null;
  if (!target || typeof target.closest !== 'function') return false;
  if (target.isContentEditable || target.closest('textarea, select, [contenteditable=""], [contenteditable="true"]')) return true;
  const input = target.closest('input');
  if (input && (!untypedInputs.has(input.type) || event.key === 'Enter' || event.key === ' ')) return true;
  // Enter on a link or button, and Space on a button (a key settings let a shortcut take),
  // already do what the control says.
  if (event.key === 'Enter' && target.closest('a[href], button, summary, [role="button"]')) return true;
  if (event.key === ' ' && target.closest('button, summary, [role="button"]')) return true;
  // An open modal dialog owns the keyboard.
  return Boolean(target.closest('dialog[open]'));
}

/** The action a key press asks for, or null. */
export function actionForKey(event: KeyboardEvent, shortcuts = currentShortcuts()): ShortcutAction | null {
  if (belongsElsewhere(event)) return null;
  return shortcuts.find((shortcut) => shortcut.keys.includes(event.key))?.action ?? null;
}

/** Calls the matching handler for shortcut keys pressed anywhere on the page. */
export function useShortcuts(handlers: Partial<Record<ShortcutAction, () => void>>): void {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return;
      const action = actionForKey(event);
      const handler = action ? latest.current[action] : undefined;
      if (!handler) return;
      event.preventDefault();
      handler();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}
