'use client';

import type { BulkAction } from '@/lib/client/use-item-actions';

type Props = { count: number; busy: boolean; onAct: (action: BulkAction) => void; onClear: () => void };

/** `short` is what a phone shows; the full label stays the button's name (which contains the short one). */
const actions: { action: BulkAction; label: string; short: string }[] = [
  { action: 'mark_read', label: 'Mark read', short: 'Read' },
  { action: 'mark_unread', label: 'Mark unread', short: 'Unread' },
  { action: 'save', label: 'Save', short: 'Save' },
  { action: 'unsave', label: 'Unsave', short: 'Unsave' },
];

/**
 * Actions on the selected items. It stays in place after an action (the selection is kept),
 * so focus stays on the button just pressed and the next action is one Tab away. It sticks
 * above the mini player (which publishes its height as --player-space), not behind it.
 * Below sm it takes two rows, not three: the count and Clear, then the four actions side by
 * side with short labels; from sm up, one row with the full labels.
 */
export function SelectionBar({ count, busy, onAct, onClear }: Props) {
  return (
    <div
      role="group"
      aria-label="Selected items"
      // Over the list at the bottom of the screen: a drag starting on it is not a pull of the list.
      data-own-gestures
      className="sticky bottom-[calc(var(--player-space,0px)+0.5rem)] z-10 mt-3 grid grid-cols-4 items-center gap-1 rounded-lg border border-line-strong bg-surface p-2 shadow-md sm:flex sm:flex-wrap sm:gap-2"
    >
      <span className="col-span-3 px-2 font-medium">{count} selected</span>
      {actions.map(({ action, label, short }) => (
        <button
          key={action}
          type="button"
          aria-label={label}
          aria-disabled={busy}
          onClick={() => !busy && onAct(action)}
          className="min-h-11 min-w-0 rounded-md border border-line-strong bg-canvas px-1 text-sm font-medium aria-disabled:text-muted sm:px-3"
        >
          <span className="sm:hidden">{short}</span>
          <span className="max-sm:hidden">{label}</span>
        </button>
      ))}
      {/* First row, last column on a phone (beside the count); last in the row, as in the reading order, from sm up. */}
      <button
        type="button"
        aria-label="Clear selection"
        onClick={onClear}
        className="col-start-4 row-start-1 min-h-11 rounded-md px-1 text-sm font-medium text-muted hover:text-ink sm:px-3"
      >
        <span className="sm:hidden">Clear</span>
        <span className="max-sm:hidden">Clear selection</span>
      </button>
    </div>
  );
}
