'use client';

import { useEffect, useRef, type RefObject } from 'react';
import type { ListedItem } from '@/lib/client/item-cache';
import { marksReadByReading } from '@/lib/client/reading-preferences';

/** How long scrolled-past items gather before they go out as one bulk change. */
const batchMs = 800;

/**
 * Marks unread articles read once they have scrolled out above the top of the viewport, when
 * `enabled` (the "when scrolled past" setting). Rows are watched by an IntersectionObserver;
 * ids gather for a moment and go out together through `markRead` (the bulk action, which
 * queues in the outbox when offline), so a fast scroll is one request, not one per row.
 */
export function useMarkOnScroll(
  listRef: RefObject<HTMLUListElement | null>, items: ListedItem[], enabled: boolean, markRead: (ids: string[]) => void,
): void {
  const latest = useRef({ items, markRead });
  useEffect(() => {
    latest.current = { items, markRead };
  });
  const sent = useRef(new Set<string>());

  useEffect(() => {
    const list = listRef.current;
    if (!enabled || !list || typeof IntersectionObserver === 'undefined') return;
    const pending = new Set<string>();
    let timer: ReturnType<typeof setTimeout> | undefined;

    const flush = () => {
      timer = undefined;
      const unread = new Set(latest.current.items.filter((item) => !item.is_read && marksReadByReading(item)).map((item) => item.id));
      const ids = [...pending].filter((id) => unread.has(id) && !sent.current.has(id));
      pending.clear();
      if (!ids.length) return;
      for (const id of ids) sent.current.add(id);
      latest.current.markRead(ids);
    };

    const observer = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        const id = (entry.target as HTMLElement).dataset.itemId;
        const top = entry.rootBounds?.top ?? 0;
        // Gone out at the top (not the bottom): the reader has scrolled past it. A row with no
        // size was hidden (the list behind an item's reader on a narrow screen), not passed.
        const hidden = entry.boundingClientRect.height === 0;
        if (id && !entry.isIntersecting && !hidden && entry.boundingClientRect.bottom <= top) pending.add(id);
      }
      if (pending.size && !timer) timer = setTimeout(flush, batchMs);
    });
    for (const row of list.querySelectorAll<HTMLElement>('li[data-item-id]')) observer.observe(row);

    return () => {
      observer.disconnect();
      if (timer) {
        clearTimeout(timer);
        flush();
      }
    };
  }, [listRef, items, enabled]);
}
