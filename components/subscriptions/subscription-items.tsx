'use client';

import Link from '@/components/shell/intent-link';
import { useMemo } from 'react';
import { ErrorNotice } from '@/components/error-notice';
import { LoadMore } from '@/components/inbox/load-more';
import { RelativeTime } from '@/components/relative-time';
import { filtersKey } from '@/lib/client/item-cache';
import { readFailure } from '@/lib/client/kept-on-failure';
import { saveListContext } from '@/lib/client/list-context';
import { useItems } from '@/lib/client/use-items';

/** The newest items of one subscription, each a link to the reader (which can then step through this list). */
export function SubscriptionItems({ id }: { id: string }) {
  const filters = useMemo(() => ({ subscription_ids: [id] }), [id]);
  const list = useItems(filters);
  const remember = () => saveListContext(`/subscriptions/${id}`, filtersKey(filters), list.items, list.nextCursor);

  // An ended session is told once, above the whole subscription (SubscriptionDetails).
  const failure = readFailure(list.items.length > 0, list.error);
  if (failure.instead) {
    return <ErrorNotice error={failure.instead} onRetry={() => void list.refresh()} context="Its items could not be loaded" />;
  }
  if (list.isLoading) return <p role="status" className="text-muted">Loading its items…</p>;
  if (list.items.length === 0) {
    return <p className="text-muted">No items yet. New ones appear here and in your inbox as it updates.</p>;
  }
  return (
    <>
      <ul aria-label="Items of this subscription" className="border-t border-line">
        {list.items.map((item) => (
          // The title's link covers the row: on a phone the whole row is the tap target, not one line of text.
          <li key={item.id} className="relative border-b border-line py-3 focus-within:bg-accent-soft">
            <h3 className="leading-snug">
              <Link href={`/items/${item.id}`} onClick={remember} className={`no-underline after:absolute after:inset-0 after:content-[''] hover:underline ${item.is_read ? 'text-muted' : 'font-semibold text-ink'}`}>
                {item.title || 'Untitled'}
              </Link>
            </h3>
            <p className="text-sm text-muted">
              {item.is_read ? 'Read' : 'Unread'}
              {item.is_saved ? ', saved' : ''}
              {item.published_at && (
                <>
                  {' · '}
                  <RelativeTime timestamp={item.published_at} />
                </>
              )}
            </p>
          </li>
        ))}
      </ul>
      <LoadMore hasMore={list.hasMore} loading={list.isLoadingMore} count={list.items.length} onLoadMore={list.loadMore} />
    </>
  );
}
