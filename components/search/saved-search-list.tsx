'use client';

import Link from '@/components/shell/intent-link';
import { ErrorNotice } from '@/components/error-notice';
import { SessionEndedNotice } from '@/components/session/sign-in-again';
import { useReadFailure } from '@/lib/client/kept-on-failure';
import { savedSearchHref } from '@/lib/client/search-view';
import { useSavedSearches } from '@/lib/client/use-saved-searches';

/** The search page before a query: the person's saved searches, pinned first, each one click from running again. */
export function SavedSearchList() {
  const saved = useSavedSearches();
  const failure = useReadFailure(Boolean(saved.data), saved.error);
  const notice = (error: unknown, context: string) => <div className="mt-6"><ErrorNotice error={error} onRetry={() => void saved.mutate()} context={context} /></div>;
  if (failure.instead) return notice(failure.instead, 'Your saved searches could not be loaded');
  if (!saved.data) return null;
  return (
    <section aria-labelledby="saved-searches-heading" className="mt-8">
      <h2 id="saved-searches-heading" className="text-xl font-semibold">Saved searches</h2>
      {failure.signedOut && <SessionEndedNotice className="mt-2" />}
      {saved.data.length === 0 ? (
        <p className="mt-2 text-muted">None yet: search your items, then save the search to find it here.</p>
      ) : (
        <ul className="mt-2 border-t border-line">
          {saved.data.map((entry) => (
            <li key={entry.id} className="border-b border-line py-3">
              <Link href={savedSearchHref(entry.query_data)} className="font-semibold text-ink">{entry.name}</Link>
              <p className="mt-0.5 text-sm text-muted">
                {[
                  typeof entry.query_data.q === 'string' ? `Searches for “${entry.query_data.q}”` : 'A saved list of items',
                  entry.is_pinned ? 'pinned' : null,
                ].filter(Boolean).join(' · ')}
              </p>
            </li>
          ))}
        </ul>
      )}
      {/* Fetching them again failed (offline, say): the ones already shown stay, with the reason under them. */}
      {failure.beside && notice(failure.beside, 'Your saved searches could not be brought up to date')}
    </section>
  );
}
