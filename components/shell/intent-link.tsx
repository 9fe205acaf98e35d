'use client';

import Link from 'next/link';
import { useState, type ComponentProps, type FocusEvent, type MouseEvent, type TouchEvent } from 'react';

type Props = ComponentProps<typeof Link>;

/**
 * Next's Link, prefetching its page on the first sign of intent (the pointer over it, focus,
 * a touch) instead of as soon as it scrolls into view. Viewport prefetching of the header's
 * and the list's links cost the phone seconds of main-thread work right after load (route
 * payloads and chunks for pages the reader may never open); the pages are rendered on
 * demand, so a prefetch brings little more than their code. `prefetch={false}` still means never.
 */
export default function IntentLink({ prefetch, onMouseEnter, onFocus, onTouchStart, ...props }: Props) {
  const [intent, setIntent] = useState(false);
  return (
    <Link
      {...props}
      prefetch={prefetch === false || !intent ? false : (prefetch ?? null)}
      onMouseEnter={(event: MouseEvent<HTMLAnchorElement>) => {
        setIntent(true);
        onMouseEnter?.(event);
      }}
      onFocus={(event: FocusEvent<HTMLAnchorElement>) => {
        setIntent(true);
        onFocus?.(event);
      }}
      onTouchStart={(event: TouchEvent<HTMLAnchorElement>) => {
        setIntent(true);
        onTouchStart?.(event);
      }}
    />
  );
}
