'use client';

import { useEffect, useRef } from 'react';

type Props = { hasMore: boolean; loading: boolean; count: number; onLoadMore: () => void };

/**
 * The end of the river: loads the next page as it comes into view, and offers a button for
 * keyboard and screen-reader users (it stays focusable while loading so focus is not lost).
 */
export function LoadMore({ hasMore, loading, count, onLoadMore }: Props) {
  const sentinel = useRef<HTMLDivElement>(null);

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
        type="button"
        aria-disabled={loading}
        onClick={() => !loading && onLoadMore()}
        className="min-h-11 rounded-md border border-line-strong px-5 font-medium aria-disabled:text-muted"
      >
        {loading ? 'Loading more…' : 'Load more'}
      </button>
    </div>
  );
}
