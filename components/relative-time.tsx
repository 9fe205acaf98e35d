'use client';

import { fullDate, relativeDate } from '@/lib/client/relative-date';

/**
 * A timestamp in words ("3 hours ago") with its full date as a tooltip. The tooltip is in the
 * reader's time zone, which the server does not know, so it is worded when a pointer comes to
 * the words rather than on hydration: adding it then rendered every row of a list again, in the
 * same task as the page's effects (a long task on a phone). The server's words are kept through
 * hydration even when a unit went by in between.
 */
export function RelativeTime({ timestamp }: { timestamp: string }) {
  return (
    <time
      dateTime={timestamp}
      suppressHydrationWarning
      onPointerEnter={(event) => {
        event.currentTarget.title = fullDate(timestamp);
      }}
    >
      {relativeDate(timestamp)}
    </time>
  );
}
