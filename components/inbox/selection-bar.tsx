'use client';

import type { BulkAction } from '@/lib/client/use-item-actions';
import { useStickyTopSpace } from '../use-sticky-top-space';

type Props = { count: number; busy: boolean; onAct: (action: BulkAction) => void; onClear: () => void };

/** `short` is what a phone shows; the full label stays the button's name (which contains the short one). */
const actions: { action: BulkAction; label: string; short: string }[] = [
  { action: 'mark_read', label: 'Mark read', short: 'Read' },
  { action: 'mark_unread', label: 'Mark unread', short: 'Unread' },
  { action: 'save', label: 'Save', short: 'Save' },
  { action: 'unsave', label: 'Unsave', short: 'Unsave' },
];

/**
 * Actions on the selected items, between the river's toolbar and its list, as mail readers put
 * them: the list is one Tab stop (components/roving-rows.ts), so Shift+Tab from a ticked row's
 * checkbox lands here, and the bar sticks to the top of the screen, above the row, where focus
 * goes. At the top it also stays clear of the mini player at the foot. It stays after an action
 * (the selection is kept), so focus stays on the button just pressed.
 * Below sm it takes two rows: the count and Clear, then the four actions side by side with short
 * labels; from sm up, one row with the full labels.
 */
export function SelectionBar({ count, busy, onAct, onClear }: Props) {
  const sticky = useStickyTopSpace();
  return (
    <div
      ref={sticky}
      role="group"
      aria-label="Selected items"
      // Over the list at the top of the screen: a drag starting on it is not a pull of the list.
      data-own-gestures
      className="sticky top-0 z-10 mt-1 grid grid-cols-4 items-center gap-1 rounded-lg border border-line-strong bg-surface p-2 shadow-md sm:flex sm:flex-wrap sm:gap-2"
    >
      <span className="col-span-3 px-2 font-medium">{count} selected</span>
      {/* Beside the count, before the actions, on a phone and from sm up alike: the order Tab takes is the order seen. */}
      <button
        type="button"
        aria-label="Clear selection"
        onClick={onClear}
        className="min-h-11 rounded-md px-1 text-sm font-medium text-muted hover:text-ink sm:px-3"
      >
        <span className="sm:hidden">Clear</span>
        <span className="max-sm:hidden">Clear selection</span>
      </button>
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
    </div>
  );
}
