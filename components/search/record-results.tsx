'use client';

import Link from '@/components/shell/intent-link';
import type { ReactNode } from 'react';
import { ErrorNotice } from '@/components/error-notice';
import { SessionEndedNotice } from '@/components/session/sign-in-again';
import { LoadMore } from '@/components/inbox/load-more';
import type { SourceType } from '@/lib/contract/common';
import { markPhrase } from '@/lib/client/search-highlight';
import { useReadFailure } from '@/lib/client/kept-on-failure';
import { savedSearchHref } from '@/lib/client/search-view';
import { sourceTypes } from '@/lib/client/subscriptions-view';
import {
  useFeedSearch, useFolderSearch, useSavedSearchSearch, useTagSearch,
  type FeedResult, type FolderResult, type SavedSearchResult, type SearchResults, type TagResult,
} from '@/lib/client/use-search';
import { MarkedText } from './marked-text';
import { ResultsSkeleton, ResultsSummary } from './results-states';

type Row = { id: string; href: string; title: string; meta: ReactNode };

/** One tab's list of records: loading, error, count, rows and paging, the same way for every kind. */
function RecordList<T extends { id: string }>({ found, q, noun, label, toRow }: {
  found: SearchResults<T>; q: string; noun: [string, string]; label: string; toRow: (record: T) => Row;
}) {
  const failure = useReadFailure(found.results.length > 0, found.error);
  if (failure.instead) {
    return <ErrorNotice error={failure.instead} onRetry={() => void found.refresh()} context="The search could not be done" />;
  }
  if (found.isLoading) return <ResultsSkeleton what={noun[1]} />;
  return (
    <>
      {failure.signedOut && <SessionEndedNotice className="mt-3" />}
      <ResultsSummary count={found.total ?? 0} noun={noun} q={q} />
      {found.results.length > 0 && (
        <ul aria-label={label} className="border-t border-line">
          {found.results.map((record) => {
            const row = toRow(record);
            return (
              <li key={row.id} className="border-b border-line py-3">
                <h3 className="font-semibold leading-snug"><Link href={row.href} className="break-words text-ink"><MarkedText runs={markPhrase(row.title, q)} /></Link></h3>
                <p className="mt-0.5 text-sm text-muted">{row.meta}</p>
              </li>
            );
          })}
        </ul>
      )}
      <LoadMore hasMore={found.hasMore} loading={found.isLoadingMore} count={found.results.length} onLoadMore={found.loadMore} />
    </>
  );
}

/** Subscriptions whose name matches, optionally of one kind; each leads to its details. */
export function FeedResults({ q, sourceType }: { q: string; sourceType: SourceType | null }) {
  const found = useFeedSearch(q, sourceType);
  return (
    <RecordList<FeedResult> found={found} q={q} noun={['feed', 'feeds']} label="Matching feeds" toRow={(feed) => ({
      id: feed.id, href: `/subscriptions/${feed.id}`, title: feed.title || 'Untitled',
      meta: [
        sourceTypes.find((entry) => entry.type === feed.source_type)?.label ?? 'Feed',
        feed.artist ? `by ${feed.artist}` : null,
        `${feed.unread_count} unread`,
        feed.is_active ? null : 'paused',
        feed.is_pinned ? 'pinned' : null,
        feed.newsletter_address,
      ].filter(Boolean).join(' · '),
    })} />
  );
}

/** Folders whose name matches; each leads to its subscriptions. */
export function FolderResults({ q }: { q: string }) {
  const found = useFolderSearch(q);
  return (
    <RecordList<FolderResult> found={found} q={q} noun={['folder', 'folders']} label="Matching folders" toRow={(folder) => ({
      id: folder.id, href: `/subscriptions?folder=${folder.id}`, title: folder.name,
      meta: `${folder.unread_count} unread${folder.is_pinned ? ' · pinned' : ''}`,
    })} />
  );
}

/** Tags whose name matches; each leads to its items in the inbox. */
export function TagResults({ q }: { q: string }) {
  const found = useTagSearch(q);
  return (
    <RecordList<TagResult> found={found} q={q} noun={['tag', 'tags']} label="Matching tags" toRow={(tag) => ({
      id: tag.id, href: `/inbox?view=all&tag=${tag.id}`, title: tag.name,
      meta: `${tag.item_count} ${tag.item_count === 1 ? 'item' : 'items'}`,
    })} />
  );
}

/** Saved searches whose name matches; each runs again. */
export function SavedSearchResults({ q }: { q: string }) {
  const found = useSavedSearchSearch(q);
  return (
    <RecordList<SavedSearchResult> found={found} q={q} noun={['saved search', 'saved searches']} label="Matching saved searches" toRow={(saved) => ({
      id: saved.id, href: savedSearchHref(saved.query_data), title: saved.name,
      meta: [
        typeof saved.query_data.q === 'string' ? `Searches for “${saved.query_data.q}”` : 'A saved list of items',
        saved.is_pinned ? 'pinned' : null,
      ].filter(Boolean).join(' · '),
    })} />
  );
}
