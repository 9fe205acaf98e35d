'use client';

import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ErrorNotice } from '@/components/error-notice';
import { SessionEndedNotice } from '@/components/session/sign-in-again';
import { LoadMore } from '@/components/inbox/load-more';
import { errorSentence } from '@/lib/client/error-message';
import { forgetNote, noteFor } from '@/lib/client/next-page-note';
import { useReadFailure } from '@/lib/client/kept-on-failure';
import {
  matchesNameFilter, subscriptionFiltersFor, subscriptionsHref, type SubscriptionsSelection,
} from '@/lib/client/subscriptions-view';
import { useBulkUpdateSubscriptions, useUnsubscribe, type BulkSubscriptionAction } from '@/lib/client/use-subscription-actions';
import { useSubscriptions } from '@/lib/client/use-subscriptions';
import { useCapabilities } from '@/lib/client/capabilities';
import { useFeedHealth } from '@/lib/client/use-feed-health';
import { buttonClass } from '../control-styles';
import { useRovingRows } from '../roving-rows';
import { useStickyTopSpace } from '../use-sticky-top-space';
import { withRowTicked } from '../ticked-rows';
import { SubscriptionBulkBar } from './subscription-bulk-bar';
import { SubscriptionListFilters } from './subscription-list-filters';
import { ListSkeleton } from '@/components/list-skeleton';
import { EmptyList, NoMatches } from './subscription-list-states';
import { SubscriptionRow } from './subscription-row';
import { ChevronDownIcon } from 'lucide-react';
import { ButtonIcon } from '@/components/button-icon';

// A row's name is its link; the arrows move between them.
const rovingRows = { row: 'li[data-subscription-id]', target: 'a[href]' };

type Props = {
  selection: SubscriptionsSelection;
  withFolders: boolean;
  /** The name filter the page was opened with (`?q=`). */
  initialNameFilter?: string;
};

/**
 * How many subscriptions a name filter loads by itself: the list endpoint takes no text, so
 * matching happens here over what is loaded; past this many, the person asks for more
 * (fetching thousands a page at a time would run into the rate limit).
 */
const filterReach = 500;

const pastTense: Record<BulkSubscriptionAction, string> = {
  pause: 'paused', resume: 'resumed', pin: 'pinned', unpin: 'unpinned', move: 'moved',
};

function plural(count: number): string {
  return count === 1 ? '1 subscription' : `${count.toLocaleString('en-US')} subscriptions`;
}

/** What the name filter left, in words: over the whole list once it is loaded, else over what is. */
function matchNoteFor(nameFilter: string, matches: number, loaded: number, total: number | null, lookingThrough: number | null): string {
  if (!nameFilter) return '';
  if (lookingThrough !== null) return `Looking through ${plural(lookingThrough)}…`;
  const found = `${matches === 0 ? 'No subscriptions match' : `${plural(matches)} ${matches === 1 ? 'matches' : 'match'}`} “${nameFilter}”`;
  if (total === null || loaded >= total) return `${found}.`;
  return `${found} among the first ${loaded.toLocaleString('en-US')} of ${total.toLocaleString('en-US')}.`;
}

/** The subscriptions of the chosen folder, order and kind, narrowed by name, with select-many actions. */
export function SubscriptionsList({ selection, withFolders, initialNameFilter = '' }: Props) {
  const filters = useMemo(() => subscriptionFiltersFor(selection), [selection]);
  const list = useSubscriptions(filters);
  const feedHealth = useFeedHealth(useCapabilities().firstParty);
  const bulkUpdate = useBulkUpdateSubscriptions();
  const unsubscribe = useUnsubscribe();
  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState(() => noteFor('/subscriptions'));
  // What a bulk action did is said in the bar, where it was pressed: once the list is scrolled the
  // list's own status line is out of sight, above the bar stuck to the top of the screen.
  const [barStatus, setBarStatus] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  const selectAll = useRef<HTMLInputElement>(null);
  const nameField = useRef<HTMLInputElement>(null);
  const [nameFilter, setNameFilter] = useState(initialNameFilter);
  const wanted = nameFilter.trim();
  const [reach, setReach] = useState(filterReach);
  const { loadAtLeast, total } = list;
  const roving = useRovingRows(rovingRows);

  // Another folder, order or kind is another list: what was ticked, said or reached in the last one
  // goes. Reset here rather than by keying the list, which would remount the filters above it and
  // take focus from the select just changed (a keyboard changing it with the arrows lost it at once).
  const listKey = subscriptionsHref(selection);
  const [keyShown, setKeyShown] = useState(listKey);
  if (keyShown !== listKey) {
    setKeyShown(listKey);
    setSelected(new Set());
    setStatus('');
    setBarStatus('');
    setReach(filterReach);
  }

  // Back from unsubscribing on a subscription's page: say so, and start from the list, as
  // unsubscribing here does (the focused button went away with that page).
  useEffect(() => {
    if (forgetNote('/subscriptions')) heading.current?.focus();
  }, []);
  const filtered = selection.folder !== 'all' || selection.type !== null;

  // Matching happens over what is loaded, so a filter first loads the rest of the list (up to its reach).
  useEffect(() => {
    if (wanted && total !== null) loadAtLeast(Math.min(total, reach));
  }, [wanted, total, reach, loadAtLeast]);
  const shown = useMemo(() => list.subscriptions.filter((entry) => matchesNameFilter(entry, wanted)), [list.subscriptions, wanted]);
  const goal = Math.min(total ?? 0, reach);
  const looking = Boolean(wanted) && list.isLoadingMore && list.subscriptions.length < goal;
  const matchNote = matchNoteFor(wanted, shown.length, list.subscriptions.length, total, looking ? goal : null);

  function changeNameFilter(text: string) {
    setNameFilter(text);
    setBarStatus('');
    // Selected rows the new filter hides are let go: a bulk action acts on what is shown.
    setSelected((current) => new Set(list.subscriptions.filter((entry) => current.has(entry.id) && matchesNameFilter(entry, text)).map((entry) => entry.id)));
    // Kept in the URL without a navigation (Next follows the History API), so a reload or a shared link keeps it;
    // the rest of the query stays (a shared ?subscribe= address keys the add form).
    const url = new URL(window.location.href);
    if (text.trim()) url.searchParams.set('q', text);
    else url.searchParams.delete('q');
    window.history.replaceState(null, '', `${url.pathname}${url.search}`);
  }

  function clearNameFilter() {
    changeNameFilter('');
    nameField.current?.focus();
  }

  const onSelect = useCallback((id: string, on: boolean) => {
    setBarStatus('');
    setSelected((current) => withRowTicked(current, id, on));
  }, []);

  // Only what is still listed and shown counts as selected (a refetch may drop some).
  const chosen = shown.filter((entry) => selected.has(entry.id)).map((entry) => entry.id);
  const allChosen = shown.length > 0 && chosen.length === shown.length;
  const sticky = useStickyTopSpace(chosen.length > 0);
  // Some but not all ticked: the box says so, as the inbox's Select all does.
  useEffect(() => {
    if (selectAll.current) selectAll.current.indeterminate = chosen.length > 0 && !allChosen;
  });

  async function act(action: BulkSubscriptionAction, folderId: string | null = null) {
    setBusy(true);
    try {
      await bulkUpdate(chosen, action, folderId);
      setBarStatus(`${chosen.length === 1 ? '1 subscription' : `${chosen.length} subscriptions`} ${pastTense[action]}.`);
    } catch (error) {
      setBarStatus(errorSentence(error));
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    setBusy(true);
    try {
      const message = await unsubscribe(chosen);
      setSelected(new Set());
      setStatus(message);
      heading.current?.focus();
    } catch (error) {
      setStatus(errorSentence(error));
    } finally {
      setBusy(false);
    }
  }

  const failure = useReadFailure(list.subscriptions.length > 0, list.error);
  return (
    <section aria-labelledby="subscriptions-heading">
      <h2 id="subscriptions-heading" ref={heading} tabIndex={-1} className="text-xl font-semibold focus:outline-none">
        Your subscriptions{list.total !== null ? ` (${list.total})` : ''}
      </h2>
      <SubscriptionListFilters
        selection={selection}
        withFolders={withFolders}
        nameFilter={nameFilter}
        onNameFilter={changeNameFilter}
        nameField={nameField}
        matchNote={matchNote}
      />
      <p role="status" className="mt-2 text-sm empty:mt-0">{status}</p>

      {failure.instead ? (
        <div className="mt-3"><ErrorNotice error={failure.instead} onRetry={() => void list.refresh()} context="Your subscriptions could not be loaded" /></div>
      ) : list.isLoading ? (
        <ListSkeleton label="Loading subscriptions…" rows={4} lines={['w-1/2', 'w-1/3']} checkbox />
      ) : list.subscriptions.length === 0 ? (
        <EmptyList filtered={filtered} />
      ) : (
        <>
          {failure.signedOut && <SessionEndedNotice className="mt-3" />}
          {shown.length === 0 ? (
            <NoMatches nameFilter={wanted} partial={list.hasMore} onClear={clearNameFilter} />
          ) : (
            <>
              {/* Select all, and once any are ticked their actions: above the list, which is one Tab stop. */}
              <div
                ref={sticky}
                role={chosen.length > 0 ? 'group' : undefined}
                aria-label={chosen.length > 0 ? 'Selected subscriptions' : undefined}
                // The same border and padding either way, so ticking the first row moves the list as little as can be;
                // above the rows' checkboxes, which sit over their stretched links (z-10).
                className={`mt-2 flex flex-wrap items-center gap-1.5 rounded-lg border p-1 sm:gap-2 ${chosen.length > 0 ? 'sticky top-0 z-20 border-line-strong bg-surface shadow-md' : 'border-transparent'}`}
              >
                <label className="inline-flex min-h-11 cursor-pointer items-center gap-3 px-2 text-sm font-medium">
                  <input
                    ref={selectAll}
                    type="checkbox"
                    checked={allChosen}
                    onChange={(event) => {
                      setBarStatus('');
                      setSelected(event.target.checked ? new Set(shown.map((entry) => entry.id)) : new Set());
                    }}
                    className="size-5 accent-accent"
                  />
                  Select all shown
                </label>
                {chosen.length > 0 && (
                  <SubscriptionBulkBar
                    count={chosen.length}
                    busy={busy}
                    status={barStatus}
                    withFolders={withFolders}
                    onAct={(action, folderId) => void act(action, folderId ?? null)}
                    onUnsubscribe={() => void remove()}
                    onAsk={() => setBarStatus('')}
                    onClear={() => {
                      // The actions go with the selection; focus goes to the control that starts a new one.
                      selectAll.current?.focus();
                      setBarStatus('');
                      setSelected(new Set());
                    }}
                  />
                )}
              </div>
              <ul ref={roving} aria-label="Subscriptions" className="mt-1 border-t border-line">
                {shown.map((subscription) => (
                  <SubscriptionRow key={subscription.id} subscription={subscription} selected={selected.has(subscription.id)} onSelect={onSelect}
                    health={feedHealth.get(subscription.id)} />
                ))}
              </ul>
            </>
          )}
          {wanted ? (
            // Past the filter's reach the person asks for more: scrolling would fetch page after page unasked.
            list.hasMore && !list.isLoadingMore && (
              <button type="button" onClick={() => setReach(list.subscriptions.length + filterReach)} className={`${buttonClass} mt-4`}>
                <ButtonIcon icon={ChevronDownIcon} />
                Look through {plural(Math.min(filterReach, (total ?? 0) - list.subscriptions.length))} more
              </button>
            )
          ) : (
            <LoadMore hasMore={list.hasMore} loading={list.isLoadingMore} count={list.subscriptions.length} onLoadMore={list.loadMore} />
          )}
          {failure.beside && <ErrorNotice error={failure.beside} onRetry={() => void list.refresh()} context="More subscriptions could not be loaded" />}
        </>
      )}

    </section>
  );
}
