'use client';

import { fullDate, relativeDate } from '@/lib/client/relative-date';
import { useHydrated } from '@/lib/client/use-hydrated';

/**
 * A timestamp in words ("3 hours ago") with its full date as a tooltip. The tooltip is in the
 * reader's time zone, which the server does not know, so it comes once the page is hydrated.
 * The words may differ from the server's when a unit went by in between: the server's are kept
 * through hydration and replaced by the render that adds the tooltip.
 */
export function RelativeTime({ timestamp }: { timestamp: string }) {
  const hydrated = useHydrated();
  return (
    <time dateTime={timestamp} title={hydrated ? fullDate(timestamp) : undefined} suppressHydrationWarning>
      {relativeDate(timestamp)}
    </time>
  );
}
