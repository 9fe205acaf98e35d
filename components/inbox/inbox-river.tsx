'use client';

import { lazy, startTransition, Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { KeyboardShortcuts } from '@/components/keyboard-shortcuts';
import { ListKeys, useKeyedList } from '@/components/list-keys';
import { ListSkeleton } from '@/components/list-skeleton';
import { useRovingRows } from '@/components/roving-rows';
import { withRowTicked } from '@/components/ticked-rows';
import { errorSentenceLater } from '@/lib/client/error-sentence-later';
import { useReadFailure } from '@/lib/client/kept-on-failure';
import { describeDates, describeSelection, filtersFor, inboxHref, type InboxSelection } from '@/lib/client/inbox-view';
import { filtersKey, type ListedItem } from '@/lib/client/item-cache';
import { saveListContext } from '@/lib/client/list-context';
import { panesShown, showInPane } from '@/lib/client/reader-pane';
import { useMarkReadMode } from '@/lib/client/reading-preferences';
import { useItemActions, type BulkAction } from '@/lib/client/use-item-actions';
import { useItems } from '@/lib/client/use-items';
import { ItemRow } from './item-row';
import { LoadMore } from './load-more';
import { RiverToolbar } from './river-toolbar';
import type { SwipeDone } from './swipe-undo';
import { useMarkOnScroll } from './use-mark-on-scroll';
import { usePullToRefresh } from './use-pull-to-refresh';
import { outcomeSentence } from '@/lib/client/outbox/outcome-sentence';

// What shows only now and then (a failure, an empty river, a swipe to undo) is fetched when it
// shows: the inbox's first load carries the list alone (its budget: bench/bundle-size.ts).
const ErrorNotice = lazy(() => import('@/components/error-notice').then((module) => ({ default: module.ErrorNotice })));
const SessionEndedNotice = lazy(() => import('@/components/session/sign-in-again').then((module) => ({ default: module.SessionEndedNotice })));
const RiverEmpty = lazy(() => import('./river-states').then((module) => ({ default: module.RiverEmpty })));
const RiverSourceMissing = lazy(() => import('./river-states').then((module) => ({ default: module.RiverSourceMissing })));
const SwipeUndo = lazy(() => import('./swipe-undo').then((module) => ({ default: module.SwipeUndo })));

// Rows are the ones j and k move between (lib/client/list-rows.ts); the arrows land where they do.
const rovingRows = { row: 'li[data-item-id]', target: '[data-item-link]' };
const listNote = 'In the list, ↑ and ↓ move between items too, and Tab moves on past the list.';
/**
 * Rows a cold load's first render holds, a tall screen's worth. Hydrating the rows is most of a
 * cold load's main-thread work, so the server sends these and the rest follow in transitions
 * right after, a few rows each, in slices that never hold up a tap (bench: lighthouse's Total Blocking Time).
 */
const firstRows = 12;
/**
 * Rows each later step adds: the render of a step is sliced, but its commit (the rows' elements
 * put in the page, their effects) is one task, which must stay short to block nothing.
 */
const rowsPerStep = 8;
/**
 * Set once a river has been on screen. Later rivers (Back from the reader) render every row at
 * once, so the browser can scroll back to the place left, which may be past the first rows.
 */
let riverShown = false;

function plural(count: number, noun = 'item'): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

type Props = {
  selection: InboxSelection;
  /** The name of the folder, subscription or tag the selection narrows to, once known. */
  sourceName?: string | null;
  /** Whether the page's keys are the list's: not while the list is hidden behind a reader. */
  keys?: boolean;
};

/** On wide screens o and Enter open an item in the reader pane, and the pane follows j and k (lib/client/reader-pane.ts). */
const paneKeys = {
  show: (item: ListedItem) => panesShown() && (showInPane(item.id), true),
  onMove: (item: ListedItem) => {
    if (panesShown()) showInPane(item.id, 'replace');
  },
};

/**
 * The river for one view: its items, the actions on them, and every state it can be in. Its keys
 * are the item lists' (components/list-keys.tsx); m and s report in the river's status line.
 */
export function InboxRiver(props: Props) {
  return <ListKeys quiet><River {...props} /></ListKeys>;
}

function River({ selection, sourceName = null, keys = true }: Props) {
  const filters = useMemo(() => filtersFor(selection), [selection]);
  const list = useItems(filters);
  const actions = useItemActions();
  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState('');
  // What a bulk action did is said in the selection's bar, where it was pressed: once the list is
  // scrolled, the status line above the list is out of sight behind the bar stuck to the top.
  const [barStatus, setBarStatus] = useState('');
  const [swiped, setSwiped] = useState<SwipeDone | null>(null);
  const dismissSwiped = useCallback(() => setSwiped(null), []);
  const listRef = useRef<HTMLUListElement>(null);
  const items = list.items;
  const [rowLimit, setRowLimit] = useState(() => (riverShown ? Number.POSITIVE_INFINITY : firstRows));
  useEffect(() => {
    riverShown = true;
    if (rowLimit === Number.POSITIVE_INFINITY) return;
    // Each step in a task of its own once the last is committed, so each commit holds a few rows, not
    // the page; past the loaded rows the limit goes, and pages loaded later show at once.
    const next = rowLimit + rowsPerStep;
    const step = setTimeout(() => startTransition(() => setRowLimit(next >= items.length ? Number.POSITIVE_INFINITY : next)));
    return () => clearTimeout(step);
  }, [rowLimit, items.length]);
  const rows = items.length > rowLimit ? items.slice(0, rowLimit) : items;
  // The rest of the first page is still on its way into the list (see firstRows).
  const rowsComing = rows !== items;
  // Rows a refresh leaves out (in the unread view, those marked read) leave the selection too:
  // the bar counts, and acts on, only rows the person can see and untick.
  const [selectionOf, setSelectionOf] = useState(items);
  if (selectionOf !== items) {
    setSelectionOf(items);
    const listed = new Set(items.map((item) => item.id));
    if ([...selected].some((id) => !listed.has(id))) setSelected(new Set([...selected].filter((id) => listed.has(id))));
  }
  const itemsRef = useRef(items);
  useEffect(() => {
    itemsRef.current = items;
  });

  useEffect(() => {
    if (items.length) saveListContext(inboxHref(selection), filtersKey(filters), items, list.nextCursor);
  }, [items, list.nextCursor, selection, filters]);

  const run = useCallback(async (work: () => Promise<string | void>) => {
    try {
      const message = await work();
      if (message) setStatus(message);
    } catch (error) {
      setStatus(await errorSentenceLater(error));
    }
  }, []);

  const handlers = useMemo(() => ({
    onSelect: (id: string, on: boolean) => {
      setBarStatus('');
      setSelected((current) => withRowTicked(current, id, on));
    },
    onToggleRead: (item: ListedItem) => void run(async () => {
      const outcome = await actions.setRead(item.id, !item.is_read);
      return outcomeSentence(outcome, `Marked ${item.is_read ? 'unread' : 'read'}: ${item.title}`);
    }),
    onToggleSaved: (item: ListedItem) => void run(async () => {
      const outcome = await actions.setSaved(item.id, !item.is_saved);
      return outcomeSentence(outcome, `${item.is_saved ? 'Unsaved' : 'Saved'}: ${item.title}`);
    }),
    // A swipe goes through the outbox like a press, and is offered back: it is easily made by mistake.
    onSwipe: (item: ListedItem, direction: 'left' | 'right') => {
      const read = direction === 'right';
      const change = (on: boolean) => (read ? actions.setRead(item.id, on) : actions.setSaved(item.id, on));
      const was = read ? item.is_read : item.is_saved;
      const sentence = read ? `Marked ${was ? 'unread' : 'read'}: ${item.title}` : `${was ? 'Unsaved' : 'Saved'}: ${item.title}`;
      void run(async () => {
        const said = outcomeSentence(await change(!was), sentence);
        setSwiped({ key: Date.now(), sentence: said, undo: () => void run(async () => outcomeSentence(await change(was), `Undone: ${item.title}`)) });
        return said;
      });
    },
    onMarkAbove: (id: string) => void run(async () => {
      const all = itemsRef.current;
      const above = all.slice(0, all.findIndex((item) => item.id === id)).filter((item) => !item.is_read).map((item) => item.id);
      if (above.length) await actions.bulk(above, 'mark_read');
      return `${plural(above.length)} above marked read.`;
    }),
    onMarkBelow: (id: string) => void run(async () => {
      const all = itemsRef.current;
      const below = all.slice(all.findIndex((item) => item.id === id) + 1);
      const unread = below.filter((item) => !item.is_read).map((item) => item.id);
      if (unread.length) await actions.bulk(unread, 'mark_read');
      // Items below that are not loaded yet are older than the last loaded one.
      const lastLoaded = below[below.length - 1]?.published_at;
      if (list.hasMore && lastLoaded) await actions.markAllRead(filters, lastLoaded);
      return list.hasMore ? 'Items below marked read.' : `${plural(unread.length)} below marked read.`;
    }),
  }), [actions, run, list.hasMore, filters]);

  // The service's own sentence, which says so when the action waits for the connection.
  const onBulk = useCallback(async (action: BulkAction) => {
    setBusy(true);
    setBarStatus('');
    try {
      setBarStatus(await actions.bulk([...selected], action));
    } catch (error) {
      setBarStatus(await errorSentenceLater(error));
    } finally {
      setBusy(false);
    }
  }, [actions, selected]);

  const onMarkAllRead = useCallback(() => run(async () => {
    const message = await actions.markAllRead(filters, list.loadedAt, itemsRef.current.map((item) => item.id));
    await list.refresh();
    return message;
  }), [actions, run, list, filters]);

  const keyed = useKeyedList({ items: rows, more: list, onToggleRead: handlers.onToggleRead, onToggleSaved: handlers.onToggleSaved, ...paneKeys });
  const roving = useRovingRows(rovingRows);
  const listElement = useCallback((element: HTMLUListElement | null) => {
    listRef.current = element;
    keyed(element);
    const stopRoving = element ? roving(element) : undefined;
    return () => {
      listRef.current = null;
      keyed(null);
      stopRoving?.();
    };
  }, [keyed, roving]);
  const [markReadMode] = useMarkReadMode();
  const markScrolledPast = useCallback((ids: string[]) => {
    // Quietly: announcing every scroll would drown a screen reader; only a refusal is said.
    actions.bulk(ids, 'mark_read').catch((error: unknown) => errorSentenceLater(error).then(setStatus));
  }, [actions]);
  useMarkOnScroll(listRef, rows, markReadMode === 'on-scroll', markScrolledPast);

  const onRefresh = useCallback(() => run(async () => {
    await list.refresh();
    return 'Refreshed.';
  }), [run, list]);
  const pull = usePullToRefresh(onRefresh);

  const what = [describeSelection(selection), sourceName && `in ${sourceName}`, describeDates(selection)].filter(Boolean).join(' ');
  const allSelected = items.length > 0 && items.every((item) => selected.has(item.id));

  const failure = useReadFailure(items.length > 0, list.error);
  let body: ReactNode;
  if (list.isLoading) body = <ListSkeleton label="Loading items…" rows={8} lines={['w-3/4', 'w-1/3']} checkbox />;
  else if (failure.instead?.status === 404 && selection.source) body = <Suspense fallback={null}><RiverSourceMissing selection={selection} /></Suspense>;
  else if (failure.instead) body = <div className="mt-4"><Suspense fallback={null}><ErrorNotice error={failure.instead} onRetry={() => void list.refresh()} context="Your items could not be loaded" /></Suspense></div>;
  else if (!items.length) body = <Suspense fallback={null}><RiverEmpty selection={selection} sourceName={sourceName} /></Suspense>;
  else body = (
    <>
      {failure.signedOut && <Suspense fallback={null}><SessionEndedNotice className="mt-4" /></Suspense>}
      {/* Busy while a cold load's first rows wait for the rest of the page (firstRows). */}
      <ul ref={listElement} aria-label={`${what[0]!.toUpperCase()}${what.slice(1)}`} aria-busy={rowsComing || undefined} className="mt-2 border-t border-line">
        {rows.map((item, index) => (
          <ItemRow
            key={item.id}
            item={item}
            selected={selected.has(item.id)}
            selecting={selected.size > 0}
            first={index === 0}
            last={index === items.length - 1 && !list.hasMore}
            {...handlers}
          />
        ))}
      </ul>
      {failure.beside && <div className="mt-4"><Suspense fallback={null}><ErrorNotice error={failure.beside} onRetry={() => void list.refresh()} context="More items could not be loaded" /></Suspense></div>}
      <LoadMore hasMore={list.hasMore || rowsComing} loading={list.isLoadingMore || rowsComing} count={rows.length} onLoadMore={list.loadMore} list={listRef} />
    </>
  );

  return (
    <>
      {(pull.distance > 0 || pull.refreshing) && (
        // Shown to the finger only; the status line below says "Refreshed." to everyone.
        <div aria-hidden className="flex items-end justify-center overflow-hidden text-sm text-muted" style={{ height: pull.refreshing ? 40 : pull.distance }}>
          <span className="pb-2">{pull.refreshing ? 'Refreshing…' : pull.ready ? 'Release to refresh' : 'Pull to refresh'}</span>
        </div>
      )}
      <RiverToolbar
        what={what}
        total={list.total}
        unreadCount={selection.view === 'unread' ? list.total : null}
        loadedAt={list.loadedAt}
        allSelected={allSelected}
        selectedCount={selected.size}
        busy={busy}
        barStatus={barStatus}
        onSelectAll={(on) => {
          setBarStatus('');
          setSelected(on ? new Set(items.map((item) => item.id)) : new Set());
        }}
        onMarkAllRead={onMarkAllRead}
        onRefresh={() => void onRefresh()}
        onBulk={(action) => void onBulk(action)}
        onClearSelection={() => {
          setBarStatus('');
          setSelected(new Set());
          // The actions go with the selection; focus goes to the control that starts a new one.
          document.getElementById('select-all')?.focus();
        }}
      />
      <p role="status" className="min-h-6 text-sm text-muted">{status}</p>
      {body}
      {swiped && <Suspense fallback={null}><SwipeUndo done={swiped} onDismiss={dismissSwiped} /></Suspense>}
      {keys && <KeyboardShortcuts note={listNote} />}
    </>
  );
}
