'use client';

import Link from '@/components/shell/intent-link';
import { lazy, memo, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Bookmark, BookmarkCheck, Check, Circle, Ellipsis } from 'lucide-react';
import { PlayEpisodeButton } from '@/components/player/play-episode-button';
import { RelativeTime } from '@/components/relative-time';
import { SourceIcon } from '@/components/sources/source-icon';
import type { ListedItem } from '@/lib/client/item-cache';
import { episodeLength } from '@/lib/client/player/time-text';
import type { SwipeDirection } from '@/lib/client/use-swipe';
import { RowThumbnail } from './row-thumbnail';
import { useRowGestures } from './use-row-gestures';

const RowMenu = lazy(() => import('./row-menu').then((module) => ({ default: module.RowMenu })));
// Shown only while a row is being swiped: fetched then, not with the inbox's first load.
const SwipeHint = lazy(() => import('./swipe-hint').then((module) => ({ default: module.SwipeHint })));

export type RowHandlers = {
  onSelect: (id: string, selected: boolean) => void;
  onToggleRead: (item: ListedItem) => void;
  onToggleSaved: (item: ListedItem) => void;
  /** A swipe on the row: right toggles read, left saved (the river offers to undo it). */
  onSwipe: (item: ListedItem, direction: SwipeDirection) => void;
  onMarkAbove: (id: string) => void;
  onMarkBelow: (id: string) => void;
};

type Props = RowHandlers & {
  item: ListedItem;
  selected: boolean;
  /** Some row is ticked: every row shows its checkbox (on wide screens too, hovered or not). */
  selecting: boolean;
  first: boolean;
  last: boolean;
};

// No display here: the wide-screen-only buttons add theirs (a second display class would fight `hidden`).
const iconButton = 'size-10 shrink-0 items-center justify-center rounded-md text-muted hover:bg-surface hover:text-ink';

function sourceOf(item: ListedItem): string {
  return item.feeds.map((feed) => feed.title).join(', ') || 'Unknown source';
}

/**
 * One item of the river in two lines: its title (the link to the reader, what j/k focus), then
 * its source and age, beside the source's icon and the item's picture. Touch swipes right to
 * toggle read and left to toggle saved, a long press selects; every action is also in the row's
 * menu, and on wide screens read and save are buttons of their own (with a mouse, shown while the
 * row is hovered or holds focus, over its end: `row-tools`, `row-check` and `row-buttons` in app/globals.css).
 */
export const ItemRow = memo(function ItemRow({ item, selected, selecting, first, last, ...handlers }: Props) {
  const [menuOpen, setMenuOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const { onSwipe, onSelect } = handlers;
  const gestures = useRowGestures(
    useCallback((direction: SwipeDirection) => onSwipe(item, direction), [onSwipe, item]),
    useCallback(() => onSelect(item.id, true), [onSelect, item.id]),
  );
  useMenuClosing(menuOpen, setMenuOpen, toggle, panel);
  const length = item.item_type === 'episode' && item.duration_seconds ? episodeLength(item.duration_seconds) : null;
  const source = sourceOf(item);
  const picture = item.media_url ?? (item.item_type === 'episode' ? item.artwork_url : null);
  const readLabel = `${item.is_read ? 'Mark unread' : 'Mark read'}: ${item.title}`;
  const saveLabel = `${item.is_saved ? 'Unsave' : 'Save'}: ${item.title}`;

  return (
    // Rows out of sight skip layout and paint until scrolled near (about 4.5rem is a row's usual height).
    <li data-item-id={item.id} className="relative overflow-hidden border-b border-line [contain-intrinsic-size:auto_4.5rem] [content-visibility:auto]">
      {gestures.offset !== 0 && <Suspense fallback={null}><SwipeHint offset={gestures.offset} armed={gestures.armed} item={item} /></Suspense>}
      <div
        {...gestures.handlers}
        data-swipe-row
        style={{ transform: gestures.offset ? `translateX(${gestures.offset}px)` : undefined, touchAction: 'pan-y pinch-zoom' }}
        className={`relative bg-canvas focus-within:bg-accent-soft pointer-coarse:select-none [-webkit-touch-callout:none] ${gestures.offset ? '' : 'transition-transform'}`}
      >
        <div className="flex items-start gap-2.5 py-2 pl-2 pr-1 sm:pl-1">
          <label className={`-my-1.5 -mr-1.5 size-11 shrink-0 cursor-pointer items-center justify-center row-check ${selecting ? 'flex' : 'row-tools hidden sm:flex'}`}>
            <input
              type="checkbox"
              checked={selected}
              onChange={(event) => handlers.onSelect(item.id, event.target.checked)}
              className="size-5 accent-accent"
            />
            <span className="sr-only">{`Select ${item.title}`}</span>
          </label>
          <SourceIcon feedId={item.feeds[0]?.id ?? null} name={source} className="mt-0.5 size-5" />
          <div className="min-w-0 flex-1">
            <h2 className="line-clamp-2 text-[0.9375rem] leading-5">
              {!item.is_read && <span aria-hidden className="mr-1.5 inline-block size-2 rounded-full bg-accent align-middle" />}
              <Link
                href={`/items/${item.id}`}
                data-item-link
                className={`no-underline hover:underline ${item.is_read ? 'font-normal text-muted' : 'font-semibold text-ink'}`}
              >
                {item.title || 'Untitled'}
              </Link>
            </h2>
            <p className="mt-0.5 flex items-center gap-1 text-[0.8125rem] leading-5 text-muted">
              <span className="sr-only">{item.is_read ? 'Read' : 'Unread'}{item.is_saved ? ', saved' : ''}. </span>
              <span className="truncate">{source}</span>
              {item.published_at && <span className="shrink-0">· <RelativeTime timestamp={item.published_at} /></span>}
              {/* Beside artwork and Play a phone's line is short: this gives way first, so the source's name still shows. */}
              {item.item_type === 'episode' && <span className="min-w-0 shrink-[3] truncate">· Episode{length ? `, ${length}` : ''}</span>}
              {item.is_saved && <BookmarkCheck aria-hidden className="size-4 shrink-0 text-accent" />}
            </p>
            {/* Wide screens have room for a line of the item; phones keep to two lines. */}
            {item.summary && <p className="mt-0.5 hidden text-sm text-muted sm:line-clamp-1">{item.summary}</p>}
          </div>
          {picture && <RowThumbnail src={picture} />}
          <div className="row-tools row-buttons -my-1 flex shrink-0 items-center">
            <PlayEpisodeButton item={item} size="icon" />
            <button type="button" aria-label={readLabel} title={item.is_read ? 'Mark unread' : 'Mark read'} className={`${iconButton} hidden sm:inline-flex`} onClick={() => handlers.onToggleRead(item)}>
              {item.is_read ? <Circle aria-hidden className="size-5" /> : <Check aria-hidden className="size-5" />}
            </button>
            <button type="button" aria-label={saveLabel} title={item.is_saved ? 'Unsave' : 'Save'} className={`${iconButton} hidden sm:inline-flex`} onClick={() => handlers.onToggleSaved(item)}>
              {item.is_saved ? <BookmarkCheck aria-hidden className="size-5 text-accent" /> : <Bookmark aria-hidden className="size-5" />}
            </button>
            <button
              ref={toggle}
              type="button"
              aria-label={`More actions: ${item.title}`}
              aria-expanded={menuOpen}
              aria-controls={`actions-${item.id}`}
              className={`${iconButton} inline-flex`}
              onClick={() => setMenuOpen((open) => !open)}
            >
              <Ellipsis aria-hidden className="size-5" />
            </button>
          </div>
        </div>
        {menuOpen && (
          // Fetched when a menu first opens (the inbox's first load does without it).
          <Suspense fallback={null}>
            <RowMenu item={item} selected={selected} first={first} last={last} handlers={handlers} toggle={toggle} panel={panel} onClose={() => setMenuOpen(false)} />
          </Suspense>
        )}
      </div>
    </li>
  );
});

/** Closes an open row menu on a press outside it and its button, as menus close. */
function useMenuClosing(open: boolean, setOpen: (open: boolean) => void, toggle: React.RefObject<HTMLElement | null>, panel: React.RefObject<HTMLElement | null>) {
  useEffect(() => {
    if (!open) return;
    const onPress = (press: PointerEvent) => {
      const target = press.target as Node;
      if (!panel.current?.contains(target) && !toggle.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPress, true);
    return () => document.removeEventListener('pointerdown', onPress, true);
  }, [open, setOpen, toggle, panel]);
}
