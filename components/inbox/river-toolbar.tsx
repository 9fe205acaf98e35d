'use client';

import { useEffect, useRef, useState } from 'react';
import { useMarkReadMode, type MarkReadMode } from '@/lib/client/reading-preferences';
import { clockTime } from '@/lib/client/relative-date';
import { ConfirmGroup } from '../confirm-group';

type Props = {
  /** "unread articles" etc., for the confirmation sentence. */
  what: string;
  total: number | null;
  /** How many unread items mark-all would touch, when the view knows it exactly (the unread view). */
  unreadCount: number | null;
  loadedAt: string | null;
  allSelected: boolean;
  someSelected: boolean;
  onSelectAll: (selected: boolean) => void;
  onMarkAllRead: () => Promise<void>;
  onRefresh: () => void;
};

// Narrow padding and gaps keep Select all, Mark all as read and Refresh on one row of a 360 px phone.
const buttonClass = 'min-h-11 rounded-md border border-line-strong px-2.5 text-sm font-medium sm:px-3';

/** Controls for the whole river: select all, mark all as read (confirmed), refresh, and when items become read. */
export function RiverToolbar({ what, total, unreadCount, loadedAt, allSelected, someSelected, onSelectAll, onMarkAllRead, onRefresh }: Props) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [mode, setMode] = useMarkReadMode();
  const selectAll = useRef<HTMLInputElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);

  useEffect(() => {
    if (selectAll.current) selectAll.current.indeterminate = someSelected && !allSelected;
  }, [someSelected, allSelected]);

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
    <div className="mt-3 flex flex-wrap items-center gap-1.5 sm:gap-2">
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
      {confirming ? (
        <ConfirmGroup onCancel={finish} aria-label="Confirm mark all as read" className="flex flex-wrap items-center gap-2 rounded-md bg-accent-soft p-1 pl-3">
          {/* "As of": what arrived after the list loaded stays unread ("up to" would read as a date range). */}
          <span className="text-sm">
            Mark {unreadCount ?? 'all'} {what}{loadedAt ? `, as of ${clockTime(loadedAt)},` : ''} as read?
          </span>
          {/* Focus moves to the confirmation because it replaces the button that was just pressed. */}
          <button type="button" autoFocus aria-disabled={busy} onClick={() => !busy && confirm()} className={`${buttonClass} bg-accent text-on-accent`}>
            Mark all read
          </button>
          <button type="button" onClick={finish} className={buttonClass}>Cancel</button>
        </ConfirmGroup>
      ) : (
        <button ref={trigger} type="button" disabled={empty} onClick={() => setConfirming(true)} className={`${buttonClass} disabled:text-muted`}>
          Mark all as read
        </button>
      )}
      <button type="button" onClick={onRefresh} className={buttonClass}>Refresh</button>
      <label className="ml-auto inline-flex min-h-11 items-center gap-2 text-sm">
        Mark as read
        <select
          value={mode}
          onChange={(event) => setMode(event.target.value as MarkReadMode)}
          className="min-h-11 rounded-md border border-line-strong bg-canvas px-2"
        >
          <option value="on-open">when opened</option>
          <option value="on-scroll">when scrolled past</option>
          <option value="manual">only by hand</option>
        </select>
      </label>
    </div>
  );
}
