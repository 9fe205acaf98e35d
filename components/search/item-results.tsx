'use client';

import { SourceIcon } from '@/components/sources/source-icon';
import Link from '@/components/shell/intent-link';
import { useCallback, useMemo, useRef } from 'react';
import { ErrorNotice } from '@/components/error-notice';
import { SessionEndedNotice } from '@/components/session/sign-in-again';
import { LoadMore } from '@/components/inbox/load-more';
import { useKeyedList } from '@/components/list-keys';
import { RelativeTime } from '@/components/relative-time';
import { useReadFailure } from '@/lib/client/kept-on-failure';
import { rememberList, rememberListOnOpen } from '@/lib/client/list-context';
import { markMatches, searchTerms, type SearchTerm } from '@/lib/client/search-highlight';
import { bestMatchLimit, useBestMatches, useItemSearch, type BestMatch, type ItemResult, type ItemSearch } from '@/lib/client/use-search';
import { MarkedText } from './marked-text';
import { ResultsSkeleton, ResultsSummary } from './results-states';

/** What a result row shows: an items-list entry and a best match both have it. */
type ShownItem = ItemResult | BestMatch;

function sourceOf(item: ShownItem): string {
  return item.feeds.map((feed) => feed.title).join(', ') || 'Unknown source';
}

/** One result, the words the search matched marked; its title is what j/k focus (components/list-keys.tsx). */
function ItemRow({ item, terms }: { item: ShownItem; terms: SearchTerm[] }) {
  const title = <MarkedText runs={markMatches(item.title || 'Untitled', terms)} />;
  return (
    <li
      data-item-id={item.id}
      data-item-global={item.is_global ? '' : undefined}
      className={`border-b border-line py-3 pl-3 focus-within:bg-accent-soft ${item.is_global ? 'border-l-4 border-l-line-strong' : ''}`}
    >
      <h3 className="leading-snug">
        {item.is_global ? (
          // Not the person's own item, so the reader cannot open it: the original can.
          item.canonical_url
            ? <a href={item.canonical_url} target="_blank" rel="noopener noreferrer" data-item-link className="font-semibold text-ink">{title}</a>
            // Nothing to open, yet j and k stop on it like on any result.
            : <span data-item-link tabIndex={-1} className="font-semibold">{title}</span>
        ) : (
          <Link href={`/items/${item.id}`} data-item-link className={`no-underline hover:underline ${item.is_read ? 'text-muted' : 'font-semibold text-ink'}`}>
            {title}
          </Link>
        )}
      </h3>
      <p className="mt-0.5 flex flex-wrap items-center gap-x-2 text-sm text-muted">
        {item.is_global && (
          <span className="rounded bg-accent-soft px-1.5 py-0.5 text-xs font-semibold text-ink">Beyond your subscriptions</span>
        )}
        {[
          <span key="source" className="inline-flex min-w-0 items-center gap-1.5">
            {/* The same icon as the source's rows in the inbox; the words beside it name the source. */}
            <span aria-hidden className="flex shrink-0"><SourceIcon feedId={item.feeds[0]?.id ?? null} name={sourceOf(item)} className="size-4" /></span>
            {/* Its own box, so a name wider than the screen wraps beside the icon (bare text in a flex row cannot shrink). */}
            <span className="min-w-0 [overflow-wrap:anywhere]">{sourceOf(item)}</span>
          </span>,
          item.published_at && (
            <RelativeTime key="date" timestamp={item.published_at} />
          ),
          !item.is_global && <span key="state">{item.is_read ? 'Read' : 'Unread'}{item.is_saved ? ', saved' : ''}</span>,
          item.is_global && item.canonical_url && <span key="opens">Opens the original in a new tab</span>,
        ].filter(Boolean).map((part, index) => (index === 0 ? part : [<span key={`dot${index}`} aria-hidden>·</span>, part]))}
      </p>
      {item.summary && <p className="mt-1 line-clamp-2 text-sm text-muted"><MarkedText runs={markMatches(item.summary, terms)} /></p>}
    </li>
  );
}

/** Items matching the search, the person's own first, then (Plus, when asked) global matches marked as such. */
export function ItemResults({ search }: { search: ItemSearch }) {
  const found = useItemSearch(search);
  const list = useRef<HTMLUListElement>(null);
  const own = found.results.filter((item) => !item.is_global);
  const keyed = useKeyedList({ items: found.results, more: found, onOpen: () => rememberList(own) });
  const terms = useMemo(() => searchTerms(search.q), [search.q]);
  const listElement = useCallback((element: HTMLUListElement | null) => {
    list.current = element;
    keyed(element);
  }, [keyed]);
  const failure = useReadFailure(found.results.length > 0, found.error);
  if (failure.instead) {
    return <ErrorNotice error={failure.instead} onRetry={() => void found.refresh()} context="The search could not be done" />;
  }
  if (found.isLoading) return <ResultsSkeleton what="items" />;
  return (
    <>
      {failure.signedOut && <SessionEndedNotice className="mt-3" />}
      <ResultsSummary count={found.total ?? 0} noun={['item', 'items']} q={search.q}>
        {search.includeGlobal && found.results.length > 0 && ' Matches from beyond your subscriptions follow your own, marked as such.'}
      </ResultsSummary>
      {found.results.length > 0 && (
        <ul ref={listElement} aria-label="Matching items" className="border-t border-line" onClick={rememberListOnOpen(own)}>
          {found.results.map((item) => <ItemRow key={`${item.is_global ? 'g' : 'o'}${item.id}`} item={item} terms={terms} />)}
        </ul>
      )}
      <LoadMore hasMore={found.hasMore} loading={found.isLoadingMore} count={found.results.length} onLoadMore={found.loadMore} list={list} />
    </>
  );
}

/** The person's own articles and episodes ranked by how well they match (title counts most), best first. */
export function BestMatchResults({ q }: { q: string }) {
  const found = useBestMatches(q);
  const matches = found.data ?? [];
  const keyed = useKeyedList({ items: matches, onOpen: () => rememberList(matches) });
  const terms = useMemo(() => searchTerms(q), [q]);
  const failure = useReadFailure(Boolean(found.data), found.error);
  if (failure.instead) {
    return <ErrorNotice error={failure.instead} onRetry={() => void found.mutate()} context="The search could not be done" />;
  }
  if (!found.data) return <ResultsSkeleton what="best matches" />;
  return (
    <>
      {failure.signedOut && <SessionEndedNotice className="mt-3" />}
      {matches.length === 0 ? <ResultsSummary count={0} noun={['item', 'items']} q={q} /> : (
        <p role="status" className="mt-3 text-sm text-muted">
          {matches.length === bestMatchLimit ? `The ${bestMatchLimit} items that match “${q}” best, best first.`
            : `${matches.length === 1 ? '1 item matches' : `${matches.length} items match`} “${q}”, best first.`}
        </p>
      )}
      {matches.length > 0 && (
        <ul ref={keyed} aria-label="Best matching items" className="border-t border-line" onClick={rememberListOnOpen(matches)}>
          {matches.map((item) => <ItemRow key={item.id} item={item} terms={terms} />)}
        </ul>
      )}
    </>
  );
}
