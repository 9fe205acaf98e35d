'use client';

import { useRouter } from 'next/navigation';
import { useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { errorSentenceLater } from '@/lib/client/error-sentence-later';
import { takeShownItem } from '@/lib/client/list-context';
import { focusPlace, focusRow, isRow, placesIn, rowShows, rowsIn } from '@/lib/client/list-rows';
import { useItemActions } from '@/lib/client/use-item-actions';
import { ListKeysContext as Context, type ListHandlers, type Registry, type ShortcutLabels } from './list-keys-context';
import { outcomeSentence } from '@/lib/client/outbox/outcome-sentence';

/** What the keys need of an item: a listed item, a search result and a story's article all have it. */
export type KeyedItem = { id: string; title: string; is_read: boolean; is_saved: boolean; canonical_url: string | null; is_global?: boolean };

/** One list of items on the page, as the keys act on it. */
export type KeyedList<T extends KeyedItem> = {
  items: readonly T[];
  /** Runs as an item is opened by key, as a click on its link does (say, to remember the list for the reader). */
  onOpen?: (item: T) => void;
  /** Shows the item opened by key on the page itself (the inbox's reader pane); true when it did, else it opens as a page. */
  show?: (item: T) => boolean;
  /** Runs as j or k moves to one of the list's items (the inbox's reader pane follows). */
  onMove?: (item: T) => void;
  /** The list's own read and saved toggles (the river reports in its own status line); else the keys' own run. */
  onToggleRead?: (item: T) => void;
  onToggleSaved?: (item: T) => void;
  /** The list's next page, asked for when j reaches its last few rows. */
  more?: { hasMore: boolean; loadMore: () => void };
};

type Entry = { current: KeyedList<KeyedItem> };

/**
 * With focus on something outside the places (a toolbar button, a link in a story's summary),
 * the place j moves to is the first after it and k the last before it; null otherwise.
 */
function fromFocus(rows: HTMLElement[], step: number): number | null {
  const focused = document.activeElement;
  if (!focused || focused === document.body || rows.some((row) => row.contains(focused))) return null;
  const after = rows.findIndex((row) => Boolean(focused.compareDocumentPosition(row) & Node.DOCUMENT_POSITION_FOLLOWING));
  if (step > 0) return after >= 0 ? after : null;
  const before = (after >= 0 ? after : rows.length) - 1;
  return before >= 0 ? before : null;
}

/**
 * Makes a list of items answer the page's keys; the answer is the list element's ref. Its rows
 * are `li[data-item-id]` with a `[data-item-link]` title, as lib/client/list-rows.ts says.
 */
export function useKeyedList<T extends KeyedItem>(list: KeyedList<T>): (element: HTMLUListElement | null) => void {
  const { registry, element, setElement } = useRegistered('lists', list);
  // Again as rows come: the item to focus may be in rows the list renders after its first ones.
  const rowCount = list.items.length;
  useEffect(() => {
    if (registry && element.current && rowCount > 0) registry.arrived(element.current);
  }, [registry, element, rowCount]);
  return setElement;
}

/**
 * Makes an element a stop of the page's keys: j and k land on it between the item rows (a story
 * with its articles hidden is still reached), and o there runs `open`. The answer is its ref.
 */
export function useKeyedStop(open: () => void): (element: HTMLElement | null) => void {
  return useRegistered('stops', open).setElement;
}

/**
 * Keeps `value` (always its latest) in the registry's `kind` map under the element the answered
 * ref is given. The element is kept in a ref, not state: a state set from a ref runs in the commit,
 * which made React render the list again and run every effect of the page in the same task as
 * hydration's commit (one long task on a phone).
 */
function useRegistered(kind: 'lists' | 'stops', value: unknown) {
  const registry = useContext(Context)?.registry;
  const latest = useRef(value);
  useEffect(() => {
    latest.current = value;
  });
  const element = useRef<HTMLElement | null>(null);
  const setElement = useCallback((next: HTMLElement | null) => {
    const map = registry?.[kind] as Map<HTMLElement, { current: unknown }> | undefined;
    if (element.current && element.current !== next) map?.delete(element.current);
    element.current = next;
    if (next) map?.set(next, latest);
  }, [registry, kind]);
  return { registry, element, setElement };
}

type ListKeysProps = {
  children: ReactNode;
  /** The list reports what m and s did itself. */
  quiet?: boolean;
  /** What the `?` overlay calls the keys here, where they do more than act on an item. */
  labels?: ShortcutLabels;
};

/**
 * The keyboard of the item lists inside it: j/k move focus between item titles across the
 * page's lists, and the page's stops (so screen readers follow), and o/Enter, m, s and v act on
 * the item that holds focus (or was last moved to), through the same changes as the buttons,
 * queued offline; o on a stop does what the stop says. What m and s did is said in a status
 * line, unless `quiet`.
 */
export function ListKeys({ children, quiet = false, labels }: ListKeysProps) {
  const router = useRouter();
  const actions = useItemActions();
  const [status, setStatus] = useState('');
  const last = useRef(-1);
  const arrival = useRef<{ taken: boolean; id: string | null }>({ taken: false, id: null });

  useEffect(() => {
    if (!status) return;
    const timer = setTimeout(() => setStatus(''), 8000);
    return () => clearTimeout(timer);
  }, [status]);

  const [lists] = useState(() => new Map<Element, Entry>());
  const [stops] = useState(() => new Map<HTMLElement, { current: () => void }>());
  const registry = useMemo<Registry>(() => ({
    lists,
    stops,
    // Back from the reader focus has nowhere to be: it goes to the item read last, so j and k go
    // on from there and a screen reader starts at it. Focus the person has put elsewhere stays.
    arrived: (list) => {
      const state = arrival.current;
      if (!state.taken) {
        state.taken = true;
        state.id = takeShownItem();
      }
      if (!state.id) return;
      if (document.activeElement && document.activeElement !== document.body) {
        state.id = null;
        return;
      }
      const row = rowsIn([list]).find((candidate) => candidate.dataset.itemId === state.id);
      if (!row) return;
      state.id = null;
      focusRow(row, { preventScroll: true });
    },
  }), [lists, stops]);

  const handlers = useMemo<ListHandlers>(() => {
    const places = () => placesIn(lists.keys(), stops.keys());
    const focusedIndex = (all: HTMLElement[]) => all.findIndex((place) => place.contains(document.activeElement));

    const move = (step: number) => {
      const all = places();
      if (!all.length) return;
      const from = focusedIndex(all) >= 0 ? focusedIndex(all) : last.current;
      const to = fromFocus(all, step) ?? (from < 0 ? 0 : Math.min(Math.max(from + step, 0), all.length - 1));
      last.current = to;
      const place = all[to]!;
      focusPlace(place);
      if (!isRow(place)) return;
      const list = lists.get(place.parentElement!)?.current;
      const moved = list?.onMove && list.items.find((candidate) => rowShows(place, candidate));
      if (moved) list.onMove!(moved);
      const more = list?.more;
      const siblings = all.filter((candidate) => candidate.parentElement === place.parentElement);
      if (step > 0 && more?.hasMore && siblings.indexOf(place) >= siblings.length - 3) more.loadMore();
    };

    const currentPlace = (): HTMLElement | undefined => {
      const all = places();
      const focused = focusedIndex(all);
      return all[focused >= 0 ? focused : last.current];
    };

    const current = (row = currentPlace()) => {
      if (!row || !isRow(row)) return null;
      const list = lists.get(row.parentElement!)?.current;
      const item = list?.items.find((candidate) => rowShows(row, candidate));
      return list && item ? { list, item } : null;
    };

    const openOriginal = (item: KeyedItem) => {
      if (item.canonical_url) window.open(item.canonical_url, '_blank', 'noopener,noreferrer');
    };
    const report = (work: Promise<string>) => void work.then(setStatus, (error: unknown) => errorSentenceLater(error).then(setStatus));
    const notOwn = (item: KeyedItem) => setStatus(`${item.title || 'This item'} is from beyond your subscriptions: only your own items can be marked read or saved.`);

    return {
      next: () => move(1),
      previous: () => move(-1),
      open: () => {
        const place = currentPlace();
        const stop = place && stops.get(place);
        if (stop) return stop.current();
        const found = current(place);
        if (!found) return;
        // An item beyond the person's subscriptions has no page here: its link is the original.
        if (found.item.is_global) return openOriginal(found.item);
        if (found.list.show?.(found.item)) return;
        found.list.onOpen?.(found.item);
        router.push(`/items/${found.item.id}`);
      },
      toggleRead: () => {
        const found = current();
        if (!found) return;
        const { list, item } = found;
        if (list.onToggleRead) return list.onToggleRead(item);
        if (item.is_global) return notOwn(item);
        report(actions.setRead(item.id, !item.is_read).then((outcome) => outcomeSentence(outcome, `Marked ${item.is_read ? 'unread' : 'read'}: ${item.title}`)));
      },
      toggleSaved: () => {
        const found = current();
        if (!found) return;
        const { list, item } = found;
        if (list.onToggleSaved) return list.onToggleSaved(item);
        if (item.is_global) return notOwn(item);
        report(actions.setSaved(item.id, !item.is_saved).then((outcome) => outcomeSentence(outcome, `${item.is_saved ? 'Unsaved' : 'Saved'}: ${item.title}`)));
      },
      openOriginal: () => {
        const found = current();
        if (found) openOriginal(found.item);
      },
    };
  }, [lists, stops, router, actions]);

  const value = useMemo(() => ({ registry, handlers, labels }), [registry, handlers, labels]);
  return (
    <Context.Provider value={value}>
      {children}
      {!quiet && (
        // The lists' rows show their new state; this says it to screen readers, and floats at the
        // top for a while so a refusal is seen (the foot holds the player and the offline notice).
        <p
          role="status"
          className="pointer-events-none fixed inset-x-0 top-3 z-40 mx-auto w-fit max-w-[calc(100vw-2rem)] rounded-md border border-line-strong bg-canvas px-3 py-2 text-sm text-ink shadow-lg empty:border-0 empty:p-0 empty:shadow-none"
        >
          {status}
        </p>
      )}
    </Context.Provider>
  );
}
