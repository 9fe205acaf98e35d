'use client';

import { useEffect, useRef, useState } from 'react';
import { withPlayer } from '@/lib/client/player/launch';
import { usePlayerState } from '@/lib/client/player/state';
import { clockTime } from '@/lib/client/player/time-text';
import { EpisodeArtwork } from './episode-artwork';
import { FullPlayer } from './full-player';
import { onPlayerKeyDown } from './player-keys';
import { ChevronIcon, CloseIcon } from './player-icons';
import { PlayPauseButton, SkipBackButton, SkipForwardButton } from './transport-buttons';

/**
 * Closes the player, first moving focus to the page's main content (the skip link's target):
 * the bar goes away with the Close button in it, and focus would otherwise fall to <body>.
 */
function closeKeepingFocus(): void {
  document.getElementById('main')?.focus({ preventScroll: true });
  withPlayer((player) => player.closePlayer());
}

/**
 * The mini player: fixed at the bottom of every page (above the home indicator on
 * phones), with play/pause, skips on wider screens, the time, and a way to the full
 * player. A spacer of its height ends the page, so it never covers the last content;
 * its height is also published as --player-space for other bottom-fixed things.
 */
export function PlayerBar() {
  const state = usePlayerState();
  const [expanded, setExpanded] = useState(false);
  const [height, setHeight] = useState<number | null>(null);
  const bar = useRef<HTMLElement>(null);

  useEffect(() => {
    const element = bar.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      setHeight(element.offsetHeight);
      document.documentElement.style.setProperty('--player-space', `${element.offsetHeight}px`);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      document.documentElement.style.removeProperty('--player-space');
    };
  }, []);

  const { episode, position, duration, status, error } = state;
  if (!episode) return null;
  const share = duration ? Math.min(100, (position / duration) * 100) : 0;

  return (
    <>
      <div aria-hidden className={height === null ? 'h-20' : undefined} style={height === null ? undefined : { height }} />
      <section
        ref={bar}
        aria-label="Podcast player"
        onKeyDown={onPlayerKeyDown}
        className="fixed inset-x-0 bottom-0 z-30 border-t border-line bg-surface pb-[env(safe-area-inset-bottom)] shadow-[0_-2px_8px_rgb(0_0_0/0.08)]"
      >
        <div aria-hidden className="h-1 bg-line">
          <div className="h-full bg-accent" style={{ width: `${share}%` }} />
        </div>
        <div className="mx-auto flex max-w-5xl items-center gap-1 px-2 py-1.5 sm:gap-2 sm:px-4">
          <div className="relative flex min-w-0 flex-1 items-center gap-2 rounded-md p-1 hover:bg-accent-soft sm:gap-3">
            <EpisodeArtwork src={episode.artworkUrl} className="size-11 shrink-0 rounded" />
            <p className="min-w-0 flex-1">
              <span className="block truncate text-sm font-semibold">{episode.title}</span>
              <span className="flex gap-1 text-xs text-muted">
                <span className="min-w-0 truncate">{episode.feedTitle}</span>
                <span className="shrink-0 tabular-nums" data-player-time>
                  {episode.feedTitle ? '· ' : ''}{clockTime(position)}
                  {/* On a phone the length would leave the podcast's name a letter; the bar above shows the share heard. */}
                  {duration ? <span className="max-sm:hidden"> / {clockTime(duration)}</span> : null}
                </span>
              </span>
            </p>
            {/*
              A tap anywhere on the title area opens the full player: on a phone the button covers it
              (a chevron there would take a third of the title's room), on wider screens its ::after does.
            */}
            <button
              type="button"
              onClick={() => setExpanded(true)}
              aria-haspopup="dialog"
              aria-label="Open the full player"
              className="absolute inset-0 inline-flex shrink-0 items-center justify-center rounded-md text-muted hover:text-ink sm:static sm:size-11 sm:rounded-full sm:after:absolute sm:after:inset-0 sm:after:content-['']"
            >
              <ChevronIcon up className="size-5 max-sm:hidden" />
            </button>
          </div>
          {/* Skips need room; on a phone they are in the full player. */}
          <span className="hidden sm:contents"><SkipBackButton /></span>
          <PlayPauseButton status={status} />
          <span className="hidden sm:contents"><SkipForwardButton /></span>
          <button type="button" onClick={closeKeepingFocus} aria-label="Close the player" className="inline-flex size-11 shrink-0 items-center justify-center rounded-full text-muted hover:bg-accent-soft hover:text-ink">
            <CloseIcon className="size-5" />
          </button>
        </div>
        {error && !expanded && <p role="alert" className="mx-auto max-w-5xl px-4 pb-2 text-sm text-danger">{error}</p>}
      </section>
      {expanded && <FullPlayer onClose={() => setExpanded(false)} />}
    </>
  );
}
