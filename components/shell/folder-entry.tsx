'use client';

import { useId } from 'react';
import { readFailure } from '@/lib/client/kept-on-failure';
import type { Folder } from '@/lib/client/use-folders';
import { useSourceSubscriptions } from '@/lib/client/use-sources';
import { SourceLink } from './source-link';
import { currentSource, sourceHref } from './source-href';
import { loadFailure, SourcesNote } from './sources-section';

type Params = { get(name: string): string | null };
type Props = {
  folder: Folder;
  params: Params;
  open: boolean;
  onToggle: () => void;
  onNavigate?: () => void;
};

/** A folder of the sidebar: its link and count, and a button that shows its subscriptions below. */
export function FolderEntry({ folder, params, open, onToggle, onNavigate }: Props) {
  const listId = useId();
  const current = currentSource(params);
  return (
    <li>
      <div className="flex items-center">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={open ? listId : undefined}
          onClick={onToggle}
          className="inline-flex min-h-11 min-w-9 shrink-0 items-center justify-center rounded-md text-muted hover:bg-surface hover:text-ink"
        >
          <svg aria-hidden="true" viewBox="0 0 16 16" width="14" height="14" className={open ? 'rotate-90' : undefined}>
            <path d="M6 3.5 10.5 8 6 12.5" fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
          <span className="sr-only">Subscriptions in {folder.name}</span>
        </button>
        <SourceLink
          href={sourceHref(params, { kind: 'folder', id: folder.id })}
          label={folder.name}
          unread={folder.unread_count}
          pinned={folder.is_pinned}
          current={current?.kind === 'folder' && current.id === folder.id}
          onNavigate={onNavigate}
        />
      </div>
      {open && <FolderSubscriptions id={listId} folderId={folder.id} params={params} onNavigate={onNavigate} />}
    </li>
  );
}

function FolderSubscriptions({ id, folderId, params, onNavigate }: { id: string; folderId: string; params: Params; onNavigate?: () => void }) {
  const { subscriptions, error, isLoading, retry } = useSourceSubscriptions({ folder_id: folderId });
  const current = currentSource(params);
  if (isLoading) return <div id={id} className="pl-9"><SourcesNote>Loading…</SourcesNote></div>;
  const failure = readFailure(subscriptions.length > 0, error).instead;
  if (failure) {
    return <div id={id} className="pl-9"><SourcesNote onRetry={retry}>{loadFailure('Its subscriptions', failure)}</SourcesNote></div>;
  }
  if (subscriptions.length === 0) return <div id={id} className="pl-9"><SourcesNote>No subscriptions in this folder.</SourcesNote></div>;
  return (
    <ul id={id} className="pl-9">
      {subscriptions.map((subscription) => (
        <li key={subscription.id} className="flex">
          <SourceLink
            href={sourceHref(params, { kind: 'subscription', id: subscription.id })}
            label={subscription.title}
            unread={subscription.unread_count}
            pinned={subscription.is_pinned}
            current={current?.kind === 'subscription' && current.id === subscription.id}
            onNavigate={onNavigate}
          />
        </li>
      ))}
    </ul>
  );
}
