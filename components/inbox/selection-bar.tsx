'use client';

import type { BulkAction } from '@/lib/client/use-item-actions';

type Props = {
  count: number;
  busy: boolean;
  /** What the last action on the selection did; the line takes no room while empty. */
  status: string;
  onAct: (action: BulkAction) => void;
  onClear: () => void;
};

/** `short` is what a phone shows; the full label stays the button's name (which contains the short one). */
const actions: { action: BulkAction; label: string; short: string }[] = [
  { action: 'mark_read', label: 'Mark read', short: 'Read' },
  { action: 'mark_unread', label: 'Mark unread', short: 'Unread' },
  { action: 'save', label: 'Save', short: 'Save' },
  { action: 'unsave', label: 'Unsave', short: 'Unsave' },
];

/**
 * What the river's toolbar (river-toolbar.tsx) shows while items are ticked, after its Select all:
 * the count, Clear, and the actions on the selection, which stays after an action so focus stays
 * on the button just pressed. Below sm, and in the list pane of the three panes (wide), which is
 * as narrow, the actions take a row of their own, side by side with short labels, under Select
 * all, the count and Clear; from sm up to wide, one row with the full labels.
 * Tab takes them in the order they are seen. Below them, what the last action did.
 */
export function SelectionActions({ count, busy, status, onAct, onClear }: Props) {
  return (
    <>
      <span className="flex-1 px-1 font-medium sm:flex-none wide:flex-1">{count} selected</span>
      <button
        type="button"
        aria-label="Clear selection"
        onClick={onClear}
        className="min-h-11 rounded-md px-2 text-sm font-medium text-muted hover:text-ink sm:px-3"
      >
        <span className="sm:hidden wide:inline">Clear</span>
        <span className="max-sm:hidden wide:hidden">Clear selection</span>
      </button>
      <div className="grid w-full grid-cols-4 gap-1 sm:flex sm:w-auto sm:gap-2 wide:grid wide:w-full wide:gap-1">
        {actions.map(({ action, label, short }) => (
          <button
            key={action}
            type="button"
            aria-label={label}
            aria-disabled={busy}
            onClick={() => !busy && onAct(action)}
            className="min-h-11 min-w-0 rounded-md border border-line-strong bg-canvas px-1 text-sm font-medium aria-disabled:text-muted sm:px-3 wide:px-1"
          >
            <span className="sm:hidden wide:inline">{short}</span>
            <span className="max-sm:hidden wide:hidden">{label}</span>
          </button>
        ))}
      </div>
      <p role="status" className="w-full px-1 text-sm">{status}</p>
    </>
  );
}
