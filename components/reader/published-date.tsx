'use client';

import { fullDate } from '@/lib/client/relative-date';
import { useHydrated } from '@/lib/client/use-hydrated';

/**
 * When the item was published, in full. The server words it in its own time zone; while the
 * page hydrates that text stays (an empty render, whose difference the flag allows), then the
 * browser words it in the reader's zone. Rendered in the browser from the start, it is at once.
 */
export function PublishedDate({ timestamp }: { timestamp: string }) {
  const hydrated = useHydrated();
  const shown = typeof window === 'undefined' || hydrated;
  // A single string child, so React compares it as the element's text, which the flag lets differ.
  return <time dateTime={timestamp} suppressHydrationWarning>{shown ? fullDate(timestamp) : ''}</time>;
}
