import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { pageKey, type ListedItem } from './item-cache';
import { fetchItemsPage } from './use-items';

/** Where the list the reader steps through is kept, per window (the installed app's last route keeps a copy). */
export const LIST_CONTEXT_KEY = 'tidings:list-context';
/** The window event that tells the reader the kept list changed. */
const changeEvent = 'tidings:list-context-change';

type Entry = { id: string; title: string };
/** The list the reader steps through: where it lives, its items in order, and how to continue it. */
export type ListContext = { href: string; filters: string; items: Entry[]; nextCursor: string | null };

/** Remembers the list the person is looking at (sessionStorage: survives reloads of this tab only). */
export function saveListContext(href: string, filters: string, items: readonly Pick<ListedItem, 'id' | 'title'>[], nextCursor: string | null): void {
  const context: ListContext = { href, filters, items: items.map(({ id, title }) => ({ id, title })), nextCursor };
  try {
    sessionStorage.setItem(LIST_CONTEXT_KEY, JSON.stringify(context));
  } catch {
    // Storage full or unavailable: the reader then simply offers no next/previous.
  }
}

/**
 * A click handler for a list of items (search results, a story's articles, episodes): when one
 * of its items is opened, the list at this address becomes the one the reader steps through,
 * continued from `continuation` (an items list's filters and next cursor) when it has one.
 */
export function rememberListOnOpen(items: readonly Pick<ListedItem, 'id' | 'title'>[], continuation?: ListContinuation) {
  return (event: { target: EventTarget }) => {
    if (!(event.target instanceof Element) || !event.target.closest('a[href^="/items/"]')) return;
    rememberList(items, continuation);
  };
}

/** How a list goes on past what is shown: an items list's filters and next cursor. */
export type ListContinuation = { filters: string; nextCursor: string | null };

/** Makes the list at this address the one the reader steps through (an item of it is being opened). */
export function rememberList(items: readonly Pick<ListedItem, 'id' | 'title'>[], continuation?: ListContinuation): void {
  const here = window.location.pathname + window.location.search;
  saveListContext(here, continuation?.filters ?? '', items, continuation?.nextCursor ?? null);
}

// The item the reader showed last, while this page lives (a reload rightly forgets it).
let lastShownItem: string | null = null;

/** The reader notes the item it shows, so the list the person goes back to can put focus on it. */
export function rememberShownItem(id: string): void {
  lastShownItem = id;
}

/** The item the reader showed last, handed over once (a later visit to a list starts afresh). */
export function takeShownItem(): string | null {
  const id = lastShownItem;
  lastShownItem = null;
  return id;
}

/** The remembered list, or null when there is none or it cannot be read. */
export function readListContext(): ListContext | null {
  try {
    const text = sessionStorage.getItem(LIST_CONTEXT_KEY);
    return text ? (JSON.parse(text) as ListContext) : null;
  } catch {
    return null;
  }
}

/** The items before and after an item in the remembered list; null ends when it is not in it. */
export function neighbours(context: ListContext | null, id: string): { previous: Entry | null; next: Entry | null; inList: boolean } {
  const index = context ? context.items.findIndex((entry) => entry.id === id) : -1;
  if (!context || index < 0) return { previous: null, next: null, inList: false };
  return { previous: context.items[index - 1] ?? null, next: context.items[index + 1] ?? null, inList: true };
}

/** Loads the next page of the remembered list and remembers the longer list. */
export async function extendListContext(context: ListContext): Promise<ListContext> {
  if (!context.nextCursor) return context;
  const page = await fetchItemsPage(pageKey(context.filters, context.nextCursor));
  const known = new Set(context.items.map((entry) => entry.id));
  const added = page.data.filter((item) => !known.has(item.id)).map(({ id, title }) => ({ id, title }));
  const longer: ListContext = { ...context, items: [...context.items, ...added], nextCursor: page.pagination.has_more ? page.pagination.next_cursor : null };
  try {
    sessionStorage.setItem(LIST_CONTEXT_KEY, JSON.stringify(longer));
    window.dispatchEvent(new Event(changeEvent));
  } catch {
    // Keep going with the longer list in memory.
  }
  return longer;
}


function subscribe(onChange: () => void): () => void {
  window.addEventListener(changeEvent, onChange);
  return () => window.removeEventListener(changeEvent, onChange);
}

/** The kept list as stored (JSON text), which the installed app's last route keeps a copy of; null when none. */
export function keptListText(): string | null {
  try {
    return sessionStorage.getItem(LIST_CONTEXT_KEY);
  } catch {
    return null;
  }
}

/** Puts back a kept list as keptListText gave it (a resumed window), and tells the reader. */
export function restoreKeptList(text: string): void {
  try {
    sessionStorage.setItem(LIST_CONTEXT_KEY, text);
    window.dispatchEvent(new Event(changeEvent));
  } catch {
    // Storage blocked: the reader steps through no list, as in a fresh window.
  }
}

/**
 * The items before and after this one in the list the person came from, and the way back to
 * it; near the end of what was loaded, the next page of that list is fetched.
 */
export function useListNeighbours(id: string) {
  const raw = useSyncExternalStore(subscribe, keptListText, () => null);
  const context = useMemo(() => {
    try {
      return raw ? (JSON.parse(raw) as ListContext) : null;
    } catch {
      return null;
    }
  }, [raw]);
  const around = neighbours(context, id);
  const needsMore = around.inList && !around.next && Boolean(context?.nextCursor);
  useEffect(() => {
    if (needsMore && context) void extendListContext(context).catch(() => undefined);
  }, [needsMore, context]);
  return { ...around, backHref: context?.href ?? '/inbox', backLabel: context ? 'Back to the list' : 'Go to the inbox' };
}
