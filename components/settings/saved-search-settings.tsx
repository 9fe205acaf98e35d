'use client';

import { useRef, useState } from 'react';
import Link from '@/components/shell/intent-link';
import { ErrorNotice } from '@/components/error-notice';
import { SessionEndedNotice } from '@/components/session/sign-in-again';
import { useReadFailure } from '@/lib/client/kept-on-failure';
import { savedSearchHref } from '@/lib/client/search-view';
import { useDeleteSavedSearch, useUpdateSavedSearch } from '@/lib/client/use-saved-search-actions';
import { useSavedSearches } from '@/lib/client/use-saved-searches';
import { OrganiseRow } from './organise-row';

/** Settings › Saved searches: each one with what it looks for, to open, rename or delete. */
export function SavedSearchSettings() {
  const saved = useSavedSearches();
  const failure = useReadFailure(Boolean(saved.data), saved.error);
  const update = useUpdateSavedSearch();
  const remove = useDeleteSavedSearch();
  const [status, setStatus] = useState('');
  const statusLine = useRef<HTMLParagraphElement>(null);
  const report = (message: string, gone = false) => {
    setStatus(message);
    if (gone) statusLine.current?.focus();
  };

  if (failure.instead) return <ErrorNotice error={failure.instead} onRetry={() => void saved.mutate()} context="Your saved searches could not be loaded" />;
  if (!saved.data) return <p role="status" className="text-muted">Loading saved searches…</p>;
  return (
    <div className="mt-4">
      {failure.signedOut && <SessionEndedNotice />}
      <p ref={statusLine} tabIndex={-1} role="status" aria-live="polite" className="min-h-6 text-sm">{status}</p>
      {saved.data.length === 0 ? (
        <p className="text-muted">None yet: search your items, then save the search to find it here.</p>
      ) : (
        <ul aria-label="Saved searches" className="border-t border-line">
          {saved.data.map((entry) => (
            <OrganiseRow
              key={entry.id}
              name={entry.name}
              noun="saved search"
              details={
                <>
                  {typeof entry.query_data.q === 'string' ? `Searches for “${entry.query_data.q}”` : 'A saved list of items'}
                  {entry.is_pinned ? ' · pinned' : ''}
                  {' · '}
                  <Link href={savedSearchHref(entry.query_data)} className="underline">Open<span className="sr-only"> {entry.name}</span></Link>
                </>
              }
              renameHint="Each saved search needs a name of its own."
              maxLength={100}
              onRename={async (name) => {
                const renamed = await update(entry.id, { name });
                return { message: `Renamed ${entry.name} to ${renamed.name}.`, gone: false };
              }}
              onDelete={() => remove(entry.id)}
              deleteQuestion={`Delete ${entry.name}? The items it found stay.`}
              report={report}
            />
          ))}
        </ul>
      )}
      {failure.beside && <div className="mt-4"><ErrorNotice error={failure.beside} onRetry={() => void saved.mutate()} context="Your saved searches could not be brought up to date" /></div>}
    </div>
  );
}
