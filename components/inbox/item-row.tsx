'use client';

import Link from '@/components/shell/intent-link';
import { memo, useRef } from 'react';
import { PlayEpisodeButton } from '@/components/player/play-episode-button';
import { RelativeTime } from '@/components/relative-time';
import type { ListedItem } from '@/lib/client/item-cache';
import { episodeLength } from '@/lib/client/player/time-text';
import { closeOnEscape, closeOnPressOutside } from '@/components/close-on-escape';

export type RowHandlers = {
  onSelect: (id: string, selected: boolean) => void;
  onToggleRead: (item: ListedItem) => void;
  onToggleSaved: (item: ListedItem) => void;
  onMarkAbove: (id: string) => void;
  onMarkBelow: (id: string) => void;
};

type Props = RowHandlers & { item: ListedItem; selected: boolean; first: boolean; last: boolean };

const actionClass = 'inline-flex min-h-9 items-center gap-1.5 rounded-md px-2 text-sm text-muted hover:bg-surface hover:text-ink';

function sourceOf(item: ListedItem): string {
  return item.feeds.map((feed) => feed.title).join(', ') || 'Unknown source';
}

/**
 * One item of the river: its title (the link to the reader), where and when it is from,
 * a snippet, and its state, with the actions on it. The title link is what j/k focus.
 */
export const ItemRow = memo(function ItemRow({ item, selected, first, last, ...handlers }: Props) {
  const more = useRef<HTMLDetailsElement>(null);
  // Closing the menu removes the pressed button, so focus goes back to the menu's toggle.
  const closeMore = () => {
    if (!more.current) return;
    more.current.open = false;
    more.current.querySelector('summary')?.focus();
  };
  const length = item.item_type === 'episode' && item.duration_seconds ? episodeLength(item.duration_seconds) : null;

  return (
    // Rows out of sight skip layout and paint until scrolled near (about 10rem is a row's usual height).
    <li data-item-id={item.id} className="flex gap-2 border-b border-line px-1 py-3 [contain-intrinsic-size:auto_10rem] [content-visibility:auto] focus-within:bg-accent-soft sm:px-2">
      <label className="-my-2 flex size-11 shrink-0 cursor-pointer items-center justify-center">
        <input
          type="checkbox"
          checked={selected}
          onChange={(event) => handlers.onSelect(item.id, event.target.checked)}
          className="size-5 accent-accent"
        />
        <span className="sr-only">{`Select ${item.title}`}</span>
      </label>
      <div className="min-w-0 flex-1">
        <h2 className="text-base leading-snug">
          {!item.is_read && <span aria-hidden className="mr-2 inline-block size-2 rounded-full bg-accent align-middle" />}
          <Link
            href={`/items/${item.id}`}
            data-item-link
            className={`no-underline hover:underline ${item.is_read ? 'font-normal text-muted' : 'font-semibold text-ink'}`}
          >
            {item.title || 'Untitled'}
          </Link>
        </h2>
        <p className="mt-0.5 text-sm text-muted">
          <span className="sr-only">{item.is_read ? 'Read' : 'Unread'}{item.is_saved ? ', saved' : ''}. </span>
          <span>{sourceOf(item)}</span>
          {item.published_at && (
            <>
              {' · '}
              <RelativeTime timestamp={item.published_at} />
            </>
          )}
          {item.item_type === 'episode' && <> · Episode{length ? `, ${length}` : ''}</>}
          {item.is_saved && <span aria-hidden className="ml-2 rounded bg-accent-soft px-1.5 py-0.5 text-xs font-medium text-ink">Saved</span>}
        </p>
        {item.summary && <p className="mt-1 line-clamp-2 text-sm text-muted">{item.summary}</p>}
        <div className="-ml-2 mt-1 flex flex-wrap items-start gap-x-1">
          <PlayEpisodeButton item={item} />
          <button
            type="button"
            aria-label={`${item.is_read ? 'Mark unread' : 'Mark read'}: ${item.title}`}
            className={actionClass}
            onClick={() => handlers.onToggleRead(item)}
          >
            {item.is_read ? 'Mark unread' : 'Mark read'}
          </button>
          <button
            type="button"
            aria-label={`${item.is_saved ? 'Unsave' : 'Save'}: ${item.title}`}
            className={actionClass}
            onClick={() => handlers.onToggleSaved(item)}
          >
            {item.is_saved ? 'Unsave' : 'Save'}
          </button>
          {!(first && last) && (
            <details ref={more} className="text-sm" onKeyDown={closeOnEscape} onToggle={closeOnPressOutside}>
              <summary aria-label={`More actions: ${item.title}`} className={`${actionClass} cursor-pointer list-none`}>More</summary>
              <div className="flex flex-wrap gap-x-1 pl-2">
                {!first && (
                  <button type="button" className={actionClass} onClick={() => { closeMore(); handlers.onMarkAbove(item.id); }}>
                    Mark items above as read
                  </button>
                )}
                {!last && (
                  <button type="button" className={actionClass} onClick={() => { closeMore(); handlers.onMarkBelow(item.id); }}>
                    Mark items below as read
                  </button>
                )}
              </div>
            </details>
          )}
        </div>
      </div>
    </li>
  );
});
