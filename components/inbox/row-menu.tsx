'use client';

import { useEffect, type RefObject } from 'react';
import { ArrowDownToLine, ArrowUpToLine, Bookmark, BookmarkCheck, Check, Circle, SquareCheck } from 'lucide-react';
import { escapeClosesMenu } from '@/components/close-on-escape';
import type { ListedItem } from '@/lib/client/item-cache';
import type { RowHandlers } from './item-row';

type Props = {
  item: ListedItem;
  selected: boolean;
  first: boolean;
  last: boolean;
  handlers: RowHandlers;
  /** The row's More button: focus goes back to it. */
  toggle: RefObject<HTMLButtonElement | null>;
  /** The row's, which closes the menu on a press outside it from the moment it opens, while this module may still be on its way. */
  panel: RefObject<HTMLDivElement | null>;
  onClose: () => void;
};

const menuButton = 'inline-flex min-h-11 items-center gap-2 rounded-md px-3 text-sm text-ink hover:bg-surface';

/**
 * A row's More menu: every action of the row, for keyboards, screen readers and those who do not
 * swipe. Its own module, fetched when a menu first opens, so the inbox's first load does without it.
 */
export function RowMenu({ item, selected, first, last, handlers, toggle, panel, onClose }: Props) {
  // The menu's first action takes focus, so a keyboard goes on from there.
  useEffect(() => {
    panel.current?.querySelector('button')?.focus();
  }, [panel]);
  const readLabel = `${item.is_read ? 'Mark unread' : 'Mark read'}: ${item.title}`;
  const saveLabel = `${item.is_saved ? 'Unsave' : 'Save'}: ${item.title}`;
  // Each press in the menu closes it and puts focus back on its button, as menus close.
  const fromMenu = (action: () => void) => () => {
    onClose();
    toggle.current?.focus();
    action();
  };
  return (
    <div
      ref={panel}
      id={`actions-${item.id}`}
      role="group"
      aria-label={`Actions: ${item.title}`}
      className="flex flex-wrap gap-x-1 border-t border-line bg-canvas px-2 py-1"
      onKeyDown={(event) => escapeClosesMenu(event, true, onClose, toggle.current)}
    >
      <button type="button" aria-label={readLabel} className={menuButton} onClick={fromMenu(() => handlers.onToggleRead(item))}>
        {item.is_read ? <Circle aria-hidden className="size-4" /> : <Check aria-hidden className="size-4" />}
        {item.is_read ? 'Mark unread' : 'Mark read'}
      </button>
      <button type="button" aria-label={saveLabel} className={menuButton} onClick={fromMenu(() => handlers.onToggleSaved(item))}>
        {item.is_saved ? <BookmarkCheck aria-hidden className="size-4" /> : <Bookmark aria-hidden className="size-4" />}
        {item.is_saved ? 'Unsave' : 'Save'}
      </button>
      <button type="button" className={menuButton} onClick={fromMenu(() => handlers.onSelect(item.id, !selected))}>
        <SquareCheck aria-hidden className="size-4" />
        {selected ? 'Unselect' : 'Select'}
      </button>
      {!first && (
        <button type="button" className={menuButton} onClick={fromMenu(() => handlers.onMarkAbove(item.id))}>
          <ArrowUpToLine aria-hidden className="size-4" />
          Mark items above as read
        </button>
      )}
      {!last && (
        <button type="button" className={menuButton} onClick={fromMenu(() => handlers.onMarkBelow(item.id))}>
          <ArrowDownToLine aria-hidden className="size-4" />
          Mark items below as read
        </button>
      )}
    </div>
  );
}
