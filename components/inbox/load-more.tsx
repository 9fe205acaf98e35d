'use client';

import { useEffect, useRef, type RefObject } from 'react';

type Props = {
  hasMore: boolean;
  loading: boolean;
  count: number;
  onLoadMore: () => void;
  /** The list the pages go into: with it, focus on the button moves to the first item a page added. */
  list?: RefObject<HTMLElement | null>;
};

/**
 * The end of the list: loads the next page as it comes into view, and offers a button for
 * keyboard and screen-reader users (it stays focusable while loading so focus is not lost).
 * When a page arrives while the button has focus, focus goes to the first item it added: the
 * button has moved below the new items and out of sight, and after the last page it is gone.
 */
export function LoadMore({ hasMore, loading, count, onLoadMore, list }: Props) {
  const sentinel = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const shownCount = useRef(count);
  // Set while the button has focus; a button taken away with the last page leaves it set (no blur
  // reaches React from a removed node), which is how focus lost with it is told apart.
  const focused = useRef(false);

  useEffect(() => {
    const before = shownCount.current;
    shownCount.current = count;
    const active = document.activeElement;
    const onButton = focused.current && (active === button.current || !active || active === document.body);
    focused.current = focused.current && button.current !== null;
    if (!list || count <= before || !onButton) return;
    const added = list.current?.children[before];
    const target = added?.querySelector<HTMLElement>('a[href]') ?? null;
    target?.focus({ preventScroll: true });
    target?.scrollIntoView?.({ block: 'nearest' });
  }, [count, list]);

  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasMore || loading || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) onLoadMore();
    }, { rootMargin: '0px 0px 800px 0px' });
    observer.observe(element);
    return () => observer.disconnect();
    // A new observer per page length re-checks a sentinel that is still in view after a load.
  }, [hasMore, loading, count, onLoadMore]);

  if (!hasMore) {
    return count > 0 ? <p className="py-6 text-center text-sm text-muted">That is everything in this view.</p> : null;
  }
  return (
    <div className="py-6 text-center">
      <div ref={sentinel} aria-hidden />
      <button
        ref={button}
        type="button"
        aria-disabled={loading}
        onClick={() => !loading && onLoadMore()}
        onFocus={() => { focused.current = true; }}
        onBlur={() => { focused.current = false; }}
        className="min-h-11 rounded-md border border-line-strong px-5 font-medium aria-disabled:text-muted"
      >
        {loading ? 'Loading more…' : 'Load more'}
      </button>
    </div>
  );
}
