'use client';

import { usePathname } from 'next/navigation';
import { lazy, Suspense } from 'react';
import { itemOfPath, usePanesWide } from '@/lib/client/reader-pane';
import { ListSkeleton } from '@/components/list-skeleton';

// Fetched only where the list shows: a phone reading the item's page never loads the inbox's code.
const InboxView = lazy(() => import('./inbox-view').then((module) => ({ default: module.InboxView })));

/**
 * The list column of an item's own page (app/items/[id]/page.tsx): the inbox list the item was
 * opened from, beside the reader on wide screens, so a reloaded or copied item address shows the
 * three panes as the inbox did. Rendered in the browser only: the server knows neither the width
 * nor the list (this tab's kept list context).
 */
export function PanesList() {
  const reading = itemOfPath(usePathname()) !== null;
  const wide = usePanesWide();
  return (
    <div className="min-w-0">
      {(wide || !reading) && (
        <Suspense fallback={<ListSkeleton label="Loading items…" rows={8} lines={['w-3/4', 'w-1/3']} checkbox />}>
          <InboxView />
        </Suspense>
      )}
    </div>
  );
}
