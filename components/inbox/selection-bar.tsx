'use client';

import type { BulkAction } from '@/lib/client/use-item-actions';

type Props = { count: number; busy: boolean; onAct: (action: BulkAction) => void; onClear: () => void };

const actions: { action: BulkAction; label: string }[] = [
  { action: 'mark_read', label: 'Mark read' },
  { action: 'mark_unread', label: 'Mark unread' },
  { action: 'save', label: 'Save' },
  { action: 'unsave', label: 'Unsave' },
];

/**
 * Actions on the selected items. It stays in place after an action (the selection is kept),
 * so focus stays on the button just pressed and the next action is one Tab away. It sticks
 * above the mini player (which publishes its height as --player-space), not behind it.
 */
export function SelectionBar({ count, busy, onAct, onClear }: Props) {
  return (
    <div
      role="group"
      aria-label="Selected items"
      // Over the list at the bottom of the screen: a drag starting on it is not a pull of the list.
      data-own-gestures
      className="sticky bottom-[calc(var(--player-space,0px)+0.5rem)] z-10 mt-3 flex flex-wrap items-center gap-2 rounded-lg border border-line-strong bg-surface p-2 shadow-md"
    >
      <span className="px-2 font-medium">{count} selected</span>
      {actions.map(({ action, label }) => (
        <button
          key={action}
          type="button"
          aria-disabled={busy}
          onClick={() => !busy && onAct(action)}
          className="min-h-11 rounded-md border border-line-strong bg-canvas px-3 text-sm font-medium aria-disabled:text-muted"
        >
          {label}
        </button>
      ))}
      <button type="button" onClick={onClear} className="min-h-11 rounded-md px-3 text-sm font-medium text-muted hover:text-ink">
        Clear selection
      </button>
    </div>
  );
}
