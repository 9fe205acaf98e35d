'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useMemo, useRef, type RefObject } from 'react';
import type { ListedItem } from '@/lib/client/item-cache';
import { takeShownItem } from '@/lib/client/list-context';
import type { RowHandlers } from './item-row';

type River = { hasMore: boolean; loadMore: () => void };

function rowsOf(list: HTMLUListElement | null): HTMLElement[] {
  return [...(list?.querySelectorAll<HTMLElement>('li[data-item-id]') ?? [])];
}

/**
 * The river's keyboard: j/k move focus between item titles (so screen readers follow), and
 * o/Enter, m, s and v act on the item that holds focus (or was last moved to).
 */
export function useRiverKeys(listRef: RefObject<HTMLUListElement | null>, items: ListedItem[], river: River, handlers: RowHandlers) {
  const router = useRouter();
  const last = useRef(-1);
  const latest = useRef({ items, river, handlers });
  useEffect(() => {
    latest.current = { items, river, handlers };
  });

  // Back from the reader (the browser's Back, or its link to the list) focus has nowhere to be:
  // it goes to the item read last, so j and k go on from there and a screen reader starts at it,
  // instead of j starting again at the top. Focus the person has put elsewhere stays there.
  const arrived = useRef(false);
  const hasItems = items.length > 0;
  useEffect(() => {
    if (!hasItems || arrived.current) return;
    arrived.current = true;
    const id = takeShownItem();
    if (!id || (document.activeElement && document.activeElement !== document.body)) return;
    const row = rowsOf(listRef.current).find((candidate) => candidate.dataset.itemId === id);
    if (!row) return;
    row.querySelector<HTMLElement>('[data-item-link]')?.focus({ preventScroll: true });
    row.scrollIntoView?.({ block: 'nearest' });
  }, [hasItems, listRef]);

  return useMemo(() => {
    const rows = () => rowsOf(listRef.current);
    const focusedIndex = (all: HTMLElement[]) => all.findIndex((row) => row.contains(document.activeElement));

    const move = (step: number) => {
      const all = rows();
      if (!all.length) return;
      const from = focusedIndex(all) >= 0 ? focusedIndex(all) : last.current;
      const to = from < 0 ? 0 : Math.min(Math.max(from + step, 0), all.length - 1);
      last.current = to;
      const row = all[to]!;
      row.querySelector<HTMLElement>('[data-item-link]')?.focus();
      row.scrollIntoView?.({ block: 'nearest' });
      const { river } = latest.current;
      if (step > 0 && to >= all.length - 3 && river.hasMore) river.loadMore();
    };

    const current = (): ListedItem | undefined => {
      const all = rows();
      const index = focusedIndex(all) >= 0 ? focusedIndex(all) : last.current;
      const id = all[index]?.dataset.itemId;
      return latest.current.items.find((item) => item.id === id);
    };

    return {
      next: () => move(1),
      previous: () => move(-1),
      open: () => {
        const item = current();
        if (item) router.push(`/items/${item.id}`);
      },
      toggleRead: () => {
        const item = current();
        if (item) latest.current.handlers.onToggleRead(item);
      },
      toggleSaved: () => {
        const item = current();
        if (item) latest.current.handlers.onToggleSaved(item);
      },
      openOriginal: () => {
        const item = current();
        if (item?.canonical_url) window.open(item.canonical_url, '_blank', 'noopener,noreferrer');
      },
    };
  }, [listRef, router]);
}
