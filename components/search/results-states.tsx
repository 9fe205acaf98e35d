import type { ReactNode } from 'react';
import { ListSkeleton } from '@/components/list-skeleton';

/** Grey rows while a tab's first page loads, announced once. */
export function ResultsSkeleton({ what }: { what: string }) {
  return <ListSkeleton label={`Searching ${what}…`} rows={3} lines={['w-2/3', 'w-1/3']} className="mt-3" />;
}

type SummaryProps = { count: number; noun: [string, string]; q: string; children?: ReactNode };

/** How many results the search found, said once in a live region; no results says what to try. */
export function ResultsSummary({ count, noun, q, children }: SummaryProps) {
  return (
    <div role="status" className="mt-3">
      {count === 0 ? (
        <>
          <p className="font-medium">{`No ${noun[1]} match “${q}”.`}</p>
          <p className="mt-1 text-sm text-muted">Try fewer or other words, or another tab.</p>
        </>
      ) : (
        <p className="text-sm text-muted">{count === 1 ? `1 ${noun[0]} matches “${q}”.` : `${count} ${noun[1]} match “${q}”.`}{children}</p>
      )}
    </div>
  );
}
