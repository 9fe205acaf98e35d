'use client';

import { ArrowRight, Bookmark, BookmarkCheck, Circle, CircleCheck, Share2 } from 'lucide-react';
import { useCallback, useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { copyText } from '@/lib/client/clipboard';
import type { ListedItem } from '@/lib/client/item-cache';
import { useShownWhileScrollingUp } from '@/lib/client/use-scroll-chrome';

type Props = {
  item: ListedItem;
  onToggleRead: () => void;
  onToggleSaved: () => void;
  /** Goes to the next item of the list; null when there is none. */
  onNext: (() => void) | null;
  /** Says what an action did (the reader's status line). */
  onResult: (message: string) => void;
};

const buttonClass = 'flex min-h-14 w-full flex-col items-center justify-center gap-0.5 rounded-md text-xs font-medium text-ink disabled:text-muted aria-pressed:text-accent';

function BarButton({ label, icon, ...rest }: { label: string; icon: ReactNode; onClick: () => void; pressed?: boolean; disabled?: boolean }) {
  return (
    <li>
      <button type="button" onClick={rest.onClick} aria-pressed={rest.pressed} disabled={rest.disabled} className={buttonClass}>
        {icon}
        {label}
      </button>
    </li>
  );
}

/**
 * Publishes the bar's height while it is laid out (0 where it is not shown) as --reader-bar-space,
 * for the room kept under the text and other bottom-fixed things. A ref and a CSS variable, not
 * state: a state setter as the ref rendered the bar again inside the hydration's commit, which
 * also ran every effect of the page in that same long task.
 */
function useBarSpace(): RefObject<HTMLDivElement | null> {
  const bar = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = bar.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => root.style.setProperty('--reader-bar-space', `${element.offsetHeight}px`));
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--reader-bar-space');
    };
  }, []);
  return bar;
}

/**
 * The reader's actions within a thumb's reach on phones: read, save, share and next. It hides
 * while the page scrolls down (the text has the screen) and returns on a scroll up and at the end
 * of the item, where the page keeps room for it; it sits above the mini player and clear of the
 * home indicator. Read and save go through the same queued changes as the header's buttons.
 */
export function ReaderBottomBar({ item, onToggleRead, onToggleSaved, onNext, onResult }: Props) {
  const shown = useShownWhileScrollingUp();
  const bar = useBarSpace();

  // The original through the system share sheet, else copied; an item without one is shared by a link of ours (the header's Share).
  const share = useCallback(async () => {
    const url = item.canonical_url;
    if (url && typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: item.title, url });
      } catch (error) {
        if ((error as Error).name !== 'AbortError') onResult('The share sheet did not open.');
      }
      return;
    }
    if (url) {
      onResult((await copyText(url)) ? 'Link to the original copied.' : `Copying is not allowed here: the original is at ${url}`);
      return;
    }
    const own = [...document.querySelectorAll<HTMLElement>('article summary')].find((summary) => summary.textContent?.trim() === 'Share');
    own?.scrollIntoView({ block: 'center' });
    own?.focus();
    own?.click();
  }, [item, onResult]);

  return (
    <>
      {/* Room at the end of the item, so the bar, back there, covers none of the text. */}
      <div aria-hidden className="h-[var(--reader-bar-space,0px)] md:hidden" />
      <div
        ref={bar}
        role="group"
        aria-label="Item actions"
        className={`fixed inset-x-0 bottom-[var(--player-space,0px)] z-20 border-t border-line bg-surface px-2 pb-[env(safe-area-inset-bottom)] shadow-[0_-2px_8px_rgb(0_0_0/0.08)] focus-within:translate-y-0 motion-safe:transition-transform md:hidden ${
          shown ? '' : 'translate-y-[calc(100%+var(--player-space,0px))]'
        }`}
      >
        <ul className="mx-auto grid max-w-md grid-cols-4">
          <BarButton
            label="Read"
            pressed={item.is_read}
            onClick={onToggleRead}
            icon={item.is_read ? <CircleCheck aria-hidden className="size-5" /> : <Circle aria-hidden className="size-5" />}
          />
          <BarButton
            label="Saved"
            pressed={item.is_saved}
            onClick={onToggleSaved}
            icon={item.is_saved ? <BookmarkCheck aria-hidden className="size-5" /> : <Bookmark aria-hidden className="size-5" />}
          />
          <BarButton label="Share" onClick={() => void share()} icon={<Share2 aria-hidden className="size-5" />} />
          <BarButton label="Next" onClick={() => onNext?.()} disabled={!onNext} icon={<ArrowRight aria-hidden className="size-5" />} />
        </ul>
      </div>
    </>
  );
}
