'use client';

import Link from '@/components/shell/intent-link';
import { usePathname, useSearchParams } from 'next/navigation';
import { useCallback, useState, type ReactNode } from 'react';
import { useCapabilities } from '@/lib/client/capabilities';
import { readFailure } from '@/lib/client/kept-on-failure';
import { useFolders } from '@/lib/client/use-folders';
import { useCountsFollowOutbox, useSourceSubscriptions, useTags } from '@/lib/client/use-sources';
import { FolderEntry } from './folder-entry';
import { SourceLink } from './source-link';
import { currentSource, sourceHref } from './source-href';
import { loadFailure, SourcesNote, SourcesSection } from './sources-section';
import { addSubscriptionHref } from '@/lib/client/subscriptions-view';

/** Where the sidebar remembers which folders are open (a JSON array of folder ids). */
const openFoldersKey = 'tidings:sidebar-open-folders';

function readOpenFolders(): string[] {
  try {
    const kept = JSON.parse(localStorage.getItem(openFoldersKey) ?? '[]') as unknown;
    return Array.isArray(kept) ? kept.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

function useOpenFolders(): [Set<string>, (id: string) => void] {
  const [open, setOpen] = useState(() => new Set(readOpenFolders()));
  const toggle = useCallback((id: string) => {
    setOpen((before) => {
      const next = new Set(before);
      if (!next.delete(id)) next.add(id);
      try {
        localStorage.setItem(openFoldersKey, JSON.stringify([...next]));
      } catch {
        // Storage can be unavailable (privacy modes); the folder still opens for this visit.
      }
      return next;
    });
  }, []);
  return [open, toggle];
}

/**
 * The inbox's sources: every item, folders (each opening onto its subscriptions),
 * subscriptions without a folder and tags, each a link to the inbox filtered to it with its
 * unread count, pinned ones first, the current filter marked. Against a hosted service
 * (no folders or tags there) it lists every subscription. `onNavigate` runs when a link is
 * followed (the drawer closes).
 */
export function SourcesList({ onNavigate }: { onNavigate?: () => void }) {
  const pathname = usePathname();
  const params = useSearchParams();
  const { capabilities, firstParty } = useCapabilities();
  const folders = useFolders(firstParty);
  const tags = useTags(firstParty);
  const [openFolders, toggleFolder] = useOpenFolders();
  useCountsFollowOutbox();

  const current = pathname === '/inbox' ? currentSource(params) : null;
  const folderUnread = (folders.data ?? []).reduce((sum, folder) => sum + folder.unread_count, 0);
  // The sources shown stay through a failed refresh (an ended session is told by the page's content).
  const foldersFailure = readFailure(Boolean(folders.data), folders.error).instead;
  const tagsFailure = readFailure(Boolean(tags.data), tags.error).instead;

  return (
    <nav aria-label="Sources">
      {capabilities === undefined ? (
        <SourcesNote>Loading…</SourcesNote>
      ) : (
        <>
          <Loose firstParty={firstParty} onNavigate={onNavigate} params={params} everythingCurrent={pathname === '/inbox' && !current}
            folderUnread={firstParty ? (folders.data ? folderUnread : null) : 0} hasFolders={(folders.data?.length ?? 0) > 0}
          >
            {firstParty && (folders.error || (folders.data?.length ?? 0) > 0) && (
              <SourcesSection title="Folders">
                {foldersFailure ? (
                  <SourcesNote onRetry={() => void folders.mutate()}>{loadFailure('Folders', foldersFailure)}</SourcesNote>
                ) : (
                  <ul>
                    {(folders.data ?? []).map((folder) => (
                      <FolderEntry key={folder.id} folder={folder} params={params} open={openFolders.has(folder.id)}
                        onToggle={() => toggleFolder(folder.id)} onNavigate={onNavigate}
                      />
                    ))}
                  </ul>
                )}
              </SourcesSection>
            )}
          </Loose>
          {firstParty && (tags.error || (tags.data?.length ?? 0) > 0) && (
            <SourcesSection title="Tags">
              {tagsFailure ? (
                <SourcesNote onRetry={() => void tags.mutate()}>{loadFailure('Tags', tagsFailure)}</SourcesNote>
              ) : (
                <ul>
                  {(tags.data ?? []).map((tag) => (
                    <li key={tag.id} className="flex">
                      <SourceLink href={sourceHref(params, { kind: 'tag', id: tag.id })} label={tag.name} unread={tag.unread_count}
                        current={current?.kind === 'tag' && current.id === tag.id} onNavigate={onNavigate}
                      />
                    </li>
                  ))}
                </ul>
              )}
            </SourcesSection>
          )}
        </>
      )}
    </nav>
  );
}

type LooseProps = {
  firstParty: boolean;
  params: { get(name: string): string | null };
  everythingCurrent: boolean;
  /** Unread items in folders, null while folders load; added to the loose subscriptions' for "All items". */
  folderUnread: number | null;
  hasFolders: boolean;
  onNavigate?: () => void;
  /** The folders section, shown between "All items" and the subscriptions without a folder. */
  children: ReactNode;
};

/** "All items", then (children) the folders, then the subscriptions without a folder (every one against a hosted service). */
function Loose({ firstParty, params, everythingCurrent, folderUnread, hasFolders, onNavigate, children }: LooseProps) {
  const { subscriptions, error, isLoading, retry } = useSourceSubscriptions(firstParty ? {} : { all: 'true' });
  const current = currentSource(params);
  const looseUnread = subscriptions.reduce((sum, subscription) => sum + subscription.unread_count, 0);
  const total = folderUnread === null || isLoading || error ? null : folderUnread + looseUnread;
  const failure = readFailure(subscriptions.length > 0, error).instead;
  return (
    <>
      <ul>
        <li className="flex">
          <SourceLink href={sourceHref(params)} label="All items" unread={total} current={everythingCurrent} onNavigate={onNavigate} />
        </li>
      </ul>
      {children}
      <SourcesSection title="Subscriptions">
        {isLoading ? (
          <SourcesNote>Loading…</SourcesNote>
        ) : failure ? (
          <SourcesNote onRetry={retry}>{loadFailure('Subscriptions', failure)}</SourcesNote>
        ) : subscriptions.length === 0 ? (
          <SourcesNote>
            {hasFolders ? 'None outside a folder.' : (
              <>No subscriptions yet. <Link href={addSubscriptionHref} onClick={onNavigate} className="font-medium text-ink underline">Subscribe to a feed</Link></>
            )}
          </SourcesNote>
        ) : (
          <ul>
            {subscriptions.map((subscription) => (
              <li key={subscription.id} className="flex">
                <SourceLink href={sourceHref(params, { kind: 'subscription', id: subscription.id })} label={subscription.title}
                  unread={subscription.unread_count} pinned={subscription.is_pinned}
                  current={current?.kind === 'subscription' && current.id === subscription.id} onNavigate={onNavigate}
                />
              </li>
            ))}
          </ul>
        )}
      </SourcesSection>
    </>
  );
}
