'use client';

import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { BulkAction } from '@/lib/client/use-item-actions';
import { useStickyTopSpace } from '../use-sticky-top-space';
import { MarkReadModePicker } from './mark-read-mode';

// Fetched when the first row is ticked: the inbox's first load does without it.
const SelectionActions = lazy(() => import('./selection-bar').then((module) => ({ default: module.SelectionActions })));
// Fetched when Mark all as read is pressed.
const MarkAllConfirm = lazy(() => import('./mark-all-confirm').then((module) => ({ default: module.MarkAllConfirm })));

type Props = {
  /** "unread articles" etc., for the confirmation sentence. */
  what: string;
  total: number | null;
  /** How many unread items mark-all would touch, when the view knows it exactly (the unread view). */
  unreadCount: number | null;
  loadedAt: string | null;
  allSelected: boolean;
  /** How many items are ticked: from one on, the toolbar is the selection's. */
  selectedCount: number;
  /** A bulk action is under way. */
  busy: boolean;
  /** What the last bulk action on the selection did, said in the bar. */
  barStatus: string;
  onSelectAll: (selected: boolean) => void;
  onMarkAllRead: () => Promise<void>;
  onRefresh: () => void;
  onBulk: (action: BulkAction) => void;
  onClearSelection: () => void;
};

// Narrow padding and gaps keep Select all, Mark all as read and Refresh on one row of a 360 px phone.
const buttonClass = 'min-h-11 rounded-md border border-line-strong px-2.5 text-sm font-medium sm:px-3';

/**
 * Controls for the whole river: select all, mark all as read (confirmed), refresh, and from sm up
 * when items become read (on a phone that is with the views, in inbox-view.tsx). Once items are ticked it becomes the
 * selection's toolbar, as in mail readers: Select all stays (with focus, if it has it), the
 * actions on the selection take the others' place, and it sticks to the top of the screen. It
 * sits above the list, which is one Tab stop (components/roving-rows.ts), so a ticked row's
 * checkbox is one Shift+Tab from the actions.
 */
export function RiverToolbar(props: Props) {
  const { what, total, unreadCount, loadedAt, allSelected, selectedCount, onSelectAll, onMarkAllRead, onRefresh } = props;
  const selecting = selectedCount > 0;
  const [confirming, setConfirming] = useState(false);
  // Ticking an item takes back an open mark-all question: the two would act on different items.
  if (selecting && confirming) setConfirming(false);
  const [busy, setBusy] = useState(false);
  const sticky = useStickyTopSpace(selecting);
  const selectAll = useRef<HTMLInputElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);

  useEffect(() => {
    if (selectAll.current) selectAll.current.indeterminate = selecting && !allSelected;
  }, [selecting, allSelected]);

  useEffect(() => {
    if (!confirming && returnFocus.current) {
      returnFocus.current = false;
      trigger.current?.focus();
    }
  }, [confirming]);

  const finish = () => {
    returnFocus.current = true;
    setConfirming(false);
  };

  const confirm = async () => {
    setBusy(true);
    try {
      await onMarkAllRead();
    } finally {
      setBusy(false);
      finish();
    }
  };

  const empty = total === 0;
  return (
    <div
      ref={sticky}
      role={selecting ? 'group' : undefined}
      aria-label={selecting ? 'Selected items' : undefined}
      // Over the list at the top of the screen: a drag starting on it is not a pull of the list.
      data-own-gestures={selecting || undefined}
      // The same border and padding either way, so ticking the first item does not move the list on a wide screen.
      className={`mt-3 flex flex-wrap items-center gap-1.5 rounded-lg border p-1 sm:gap-2 ${selecting ? 'sticky top-0 z-20 border-line-strong bg-surface shadow-md' : 'border-transparent'}`}
    >
      <label className="inline-flex min-h-11 items-center gap-2 rounded-md pl-1 pr-1.5 text-sm font-medium sm:px-2">
        <input
          ref={selectAll}
          id="select-all"
          type="checkbox"
          checked={allSelected}
          disabled={empty}
          onChange={(event) => onSelectAll(event.target.checked)}
          className="size-5 accent-accent"
        />
        Select all
      </label>
      {selecting ? (
        <Suspense fallback={null}>
          <SelectionActions count={selectedCount} busy={props.busy} status={props.barStatus} onAct={props.onBulk} onClear={props.onClearSelection} />
        </Suspense>
      ) : confirming ? (
        <Suspense fallback={null}>
          <MarkAllConfirm what={what} unreadCount={unreadCount} loadedAt={loadedAt} busy={busy} buttonClass={buttonClass} onConfirm={confirm} onCancel={finish} />
        </Suspense>
      ) : (
        <button ref={trigger} type="button" disabled={empty} onClick={() => setConfirming(true)} className={`${buttonClass} disabled:text-muted`}>
          Mark all as read
        </button>
      )}
      {!selecting && <button type="button" onClick={onRefresh} className={buttonClass}>Refresh</button>}
      {/* On a phone it is with the views, behind Options (inbox-view.tsx). */}
      {!selecting && <MarkReadModePicker className="ml-auto max-sm:hidden wide:hidden" />}
    </div>
  );
}
