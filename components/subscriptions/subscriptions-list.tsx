'use client';

import { useRouter } from 'next/navigation';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { ErrorNotice } from '@/components/error-notice';
import { SessionEndedNotice } from '@/components/session/sign-in-again';
import { LoadMore } from '@/components/inbox/load-more';
import { errorSentence } from '@/lib/client/error-message';
import { forgetNote, noteFor } from '@/lib/client/next-page-note';
import { useReadFailure } from '@/lib/client/kept-on-failure';
import {
  sourceTypes, subscriptionFiltersFor, subscriptionsHref, type SubscriptionsSelection,
} from '@/lib/client/subscriptions-view';
import { useFolders } from '@/lib/client/use-folders';
import { useBulkUpdateSubscriptions, useUnsubscribe, type BulkSubscriptionAction } from '@/lib/client/use-subscription-actions';
import { useSubscriptions } from '@/lib/client/use-subscriptions';
import { fieldClass, labelClass } from '../control-styles';
import { useRovingRows } from '../roving-rows';
import { useStickyTopSpace } from '../use-sticky-top-space';
import { SubscriptionBulkBar } from './subscription-bulk-bar';
import { SubscriptionRow } from './subscription-row';

// A row's name is its link; the arrows move between them.
const rovingRows = { row: 'li[data-subscription-id]', target: 'a[href]' };

type Props = { selection: SubscriptionsSelection; withFolders: boolean };

const pastTense: Record<BulkSubscriptionAction, string> = {
  pause: 'paused', resume: 'resumed', pin: 'pinned', unpin: 'unpinned', move: 'moved',
};

function ListSkeleton() {
  return (
    <div role="status" className="mt-4">
      <span className="sr-only">Loading subscriptions…</span>
      <ul aria-hidden className="animate-pulse">
        {[0, 1, 2, 3].map((row) => (
          <li key={row} className="flex gap-3 border-b border-line py-4 pl-3">
            <div className="mt-1 size-5 shrink-0 rounded bg-line" />
            <div className="flex-1 space-y-2">
              <div className="h-4 w-1/2 rounded bg-line" />
              <div className="h-3 w-1/3 rounded bg-line" />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** How the list is chosen: folder, order and kind, kept in the URL. */
function ListFilters({ selection, withFolders }: Props) {
  const router = useRouter();
  const { data: folders } = useFolders(withFolders);
  const ids = { folder: useId(), sort: useId(), type: useId() };
  const go = (change: Partial<SubscriptionsSelection>) => router.replace(subscriptionsHref({ ...selection, ...change }), { scroll: false });
  return (
    <div className="mt-3 grid gap-3 sm:grid-cols-3">
      {withFolders && (
        <div>
          <label htmlFor={ids.folder} className={labelClass}>Folder</label>
          <select id={ids.folder} value={selection.folder} onChange={(event) => go({ folder: event.target.value })} className={`${fieldClass} mt-1`}>
            <option value="all">All folders</option>
            <option value="none">Not in a folder</option>
            {(folders ?? []).map((folder) => <option key={folder.id} value={folder.id}>{folder.name}</option>)}
            {selection.folder !== 'all' && selection.folder !== 'none' && !folders?.some((folder) => folder.id === selection.folder) && (
              <option value={selection.folder}>This folder</option>
            )}
          </select>
        </div>
      )}
      <div>
        <label htmlFor={ids.sort} className={labelClass}>Order</label>
        <select id={ids.sort} value={selection.sort} onChange={(event) => go({ sort: event.target.value === 'recent' ? 'recent' : 'name' })} className={`${fieldClass} mt-1`}>
          <option value="name">By name, A to Z</option>
          <option value="recent">Newest items first</option>
        </select>
      </div>
      <div>
        <label htmlFor={ids.type} className={labelClass}>Kind</label>
        <select
          id={ids.type}
          value={selection.type ?? ''}
          onChange={(event) => go({ type: sourceTypes.find((entry) => entry.type === event.target.value)?.type ?? null })}
          className={`${fieldClass} mt-1`}
        >
          <option value="">Every kind</option>
          {sourceTypes.map((entry) => <option key={entry.type} value={entry.type}>{entry.plural}</option>)}
        </select>
      </div>
    </div>
  );
}

/** The subscriptions of the chosen folder, order and kind, with select-many actions. */
export function SubscriptionsList({ selection, withFolders }: Props) {
  const filters = useMemo(() => subscriptionFiltersFor(selection), [selection]);
  const list = useSubscriptions(filters);
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
  const [listNode, setListNode] = useState<HTMLUListElement | null>(null);
  useRovingRows(listNode, rovingRows);

  // Back from unsubscribing on a subscription's page: say so, and start from the list, as
  // unsubscribing here does (the focused button went away with that page).
  useEffect(() => {
    if (forgetNote('/subscriptions')) heading.current?.focus();
  }, []);
  const filtered = selection.folder !== 'all' || selection.type !== null;

  const onSelect = useCallback((id: string, on: boolean) => {
    setBarStatus('');
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);

  // Only what is still listed counts as selected (a refetch may drop some).
  const chosen = list.subscriptions.filter((entry) => selected.has(entry.id)).map((entry) => entry.id);
  const allChosen = list.subscriptions.length > 0 && chosen.length === list.subscriptions.length;
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
      <ListFilters selection={selection} withFolders={withFolders} />
      <p role="status" className="mt-2 min-h-6 text-sm">{status}</p>

      {failure.instead ? (
        <div className="mt-3"><ErrorNotice error={failure.instead} onRetry={() => void list.refresh()} context="Your subscriptions could not be loaded" /></div>
      ) : list.isLoading ? (
        <ListSkeleton />
      ) : list.subscriptions.length === 0 ? (
        <div className="mt-4 rounded-lg border border-dashed border-line-strong px-4 py-8 text-center">
          <p className="text-lg font-semibold">{filtered ? 'Nothing here' : 'No subscriptions yet'}</p>
          <p className="mx-auto mt-1 max-w-md text-muted">
            {filtered
              ? 'No subscription matches this folder and kind. Choose another above.'
              : 'Paste the address of a blog, news site or podcast above to start reading it here.'}
          </p>
        </div>
      ) : (
        <>
          {failure.signedOut && <SessionEndedNotice className="mt-3" />}
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
                  setSelected(event.target.checked ? new Set(list.subscriptions.map((entry) => entry.id)) : new Set());
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
          <ul ref={setListNode} aria-label="Subscriptions" className="mt-1 border-t border-line">
            {list.subscriptions.map((subscription) => (
              <SubscriptionRow key={subscription.id} subscription={subscription} selected={selected.has(subscription.id)} onSelect={onSelect} />
            ))}
          </ul>
          <LoadMore hasMore={list.hasMore} loading={list.isLoadingMore} count={list.subscriptions.length} onLoadMore={list.loadMore} />
          {failure.beside && <ErrorNotice error={failure.beside} onRetry={() => void list.refresh()} context="More subscriptions could not be loaded" />}
        </>
      )}

    </section>
  );
}
