import type { Metadata } from 'next';
import { Suspense } from 'react';
import { InboxView } from '@/components/inbox/inbox-view';
import { RiverSkeleton } from '@/components/inbox/river-states';

export const metadata: Metadata = { title: 'Inbox' };

/**
 * The inbox: a static frame with the river as a client island (it reads the view from the
 * URL). The sidebar of folders, subscriptions and tags takes the first column of this grid
 * when it arrives; until then the river has the whole width.
 */
export default function InboxPage() {
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)]">
      <div className="min-w-0">
        <h1 className="text-2xl font-bold">Inbox</h1>
        <Suspense fallback={<RiverSkeleton />}>
          <InboxView />
        </Suspense>
      </div>
    </div>
  );
}
