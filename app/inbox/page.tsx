import type { Metadata } from 'next';
import { InboxView } from '@/components/inbox/inbox-view';
import { SeededSWR } from '@/components/shell/seeded-swr';
import { inboxFirstLoad, type SearchParams } from '@/lib/server/first-load';

export const metadata: Metadata = { title: 'Inbox' };

/**
 * The inbox: a frame with the river as a client island (it reads the view from the URL),
 * rendered on the server with the river's first page already loaded (the client fetches
 * it itself when that load fails). The page is dynamic, so useSearchParams needs no
 * Suspense boundary. The heading and the sources column are the layout's.
 */
export default async function InboxPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const seed = await inboxFirstLoad(await searchParams);
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)]">
      <div className="min-w-0">
        {/* No Suspense boundary: React streams a large boundary's content after its fallback, which delays the river's paint. */}
        <SeededSWR seed={seed}>
          <InboxView />
        </SeededSWR>
      </div>
    </div>
  );
}
