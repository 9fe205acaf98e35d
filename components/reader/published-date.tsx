'use client';

import { useDeferredValue, useSyncExternalStore } from 'react';
import { fullDate } from '@/lib/client/relative-date';

const noSubscription = () => () => undefined;

/**
 * When the item was published, in full. On hydration the server's text stays and the browser's
 * own wording follows in a background render: the page's first date formatting loads the
 * locale's data (about 10 ms on a fast machine), which would lengthen hydration's longest task.
 * Rendered in the browser from the start (moving to another item), it is formatted at once.
 */
export function PublishedDate({ timestamp }: { timestamp: string }) {
  const hydrating = useSyncExternalStore(noSubscription, () => false, () => true);
  const formatNow = typeof window === 'undefined' || !hydrating;
  const shown = useDeferredValue<string | null>(timestamp, formatNow ? timestamp : null);
  // A single string child, so React compares it as the element's text, which the flag lets differ.
  return <time dateTime={timestamp} suppressHydrationWarning>{shown === null ? '' : fullDate(shown)}</time>;
}
