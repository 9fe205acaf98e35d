import type { Metadata } from 'next';
import { Suspense } from 'react';
import { SearchView } from '@/components/search/search-view';

export const metadata: Metadata = { title: 'Search' };

/** Search: a static frame; the island reads the query, tab and options from the URL. */
export default function SearchPage() {
  return (
    <div className="mx-auto max-w-3xl">
      <h1 className="text-2xl font-bold">Search</h1>
      <Suspense fallback={<p role="status" className="mt-4 text-muted">Loading search…</p>}>
        <SearchView />
      </Suspense>
    </div>
  );
}
