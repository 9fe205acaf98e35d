'use client';

import { createContext, useContext } from 'react';
import type { ShortcutAction } from '@/lib/client/shortcuts';

/*
 * What a ListKeys (list-keys.tsx) shares with the page: the lists that answer its keys and the
 * handlers of those keys. Apart, so every page's KeyboardShortcuts can ask without loading them.
 */

/** The shortcuts the item lists answer. */
export type ListHandlers = Partial<Record<Exclude<ShortcutAction, 'search' | 'help'>, () => void>>;

/** What the `?` overlay calls a shortcut on a page where it does more than act on an item. */
export type ShortcutLabels = Partial<Record<ShortcutAction, string>>;

/**
 * The page's item lists by element (each entry its latest settings), its stops (elements j and k
 * land on besides rows, each with what o does there), and the hook a list calls once it has items.
 */
export type Registry = {
  lists: Map<Element, { current: unknown }>;
  stops: Map<HTMLElement, { current: () => void }>;
  arrived: (list: Element) => void;
};

export const ListKeysContext = createContext<{ registry: Registry; handlers: ListHandlers; labels?: ShortcutLabels } | null>(null);

const none: ListHandlers = {};

/** The item lists' shortcuts on this page (none outside a ListKeys), for KeyboardShortcuts to take. */
export function useListKeyHandlers(): ListHandlers {
  return useContext(ListKeysContext)?.handlers ?? none;
}

/** The page's own names for the item lists' shortcuts, if it gives any. */
export function useListKeyLabels(): ShortcutLabels | undefined {
  return useContext(ListKeysContext)?.labels;
}
