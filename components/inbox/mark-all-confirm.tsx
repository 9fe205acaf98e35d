'use client';

import { clockTime } from '@/lib/client/relative-date';
import { ConfirmGroup } from '../confirm-group';

type Props = {
  /** "unread articles" etc. */
  what: string;
  /** How many unread items it would touch, when the view knows it exactly. */
  unreadCount: number | null;
  loadedAt: string | null;
  busy: boolean;
  /** The class of the river toolbar's buttons, so the question looks like the button it replaces. */
  buttonClass: string;
  onConfirm: () => void;
  onCancel: () => void;
};

/**
 * The river's "Mark all as read?" question, in place of its button. Its own module, fetched when
 * the button is pressed, so the inbox's first load does without it.
 */
export function MarkAllConfirm({ what, unreadCount, loadedAt, busy, buttonClass, onConfirm, onCancel }: Props) {
  return (
    <ConfirmGroup onCancel={onCancel} aria-label="Confirm mark all as read" className="flex flex-wrap items-center gap-2 rounded-md bg-accent-soft p-1 pl-3">
      {/* "As of": what arrived after the list loaded stays unread ("up to" would read as a date range). */}
      <span className="text-sm">
        Mark {unreadCount ?? 'all'} {what}{loadedAt ? `, as of ${clockTime(loadedAt)},` : ''} as read?
      </span>
      {/* Focus moves to the confirmation because it replaces the button that was just pressed. */}
      <button type="button" autoFocus aria-disabled={busy} onClick={() => !busy && onConfirm()} className={`${buttonClass} bg-accent text-on-accent`}>
        Mark all read
      </button>
      <button type="button" onClick={onCancel} className={buttonClass}>Cancel</button>
    </ConfirmGroup>
  );
}
