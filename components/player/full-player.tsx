'use client';

import Link from '@/components/shell/intent-link';
import { useEffect, useRef } from 'react';
import { usePlayerState } from '@/lib/client/player/state';
import { ChapterList } from './chapter-list';
import { DownloadButton } from './download-button';
import { EpisodeArtwork } from './episode-artwork';
import { onPlayerKeyDown } from './player-keys';
import { ChevronIcon } from './player-icons';
import { SeekSlider } from './seek-slider';
import { SpeedSelect } from './speed-select';
import { PlayPauseButton, SkipBackButton, SkipForwardButton } from './transport-buttons';

/**
 * The full player, a modal dialog (the whole screen on a phone): artwork, title, the
 * position slider, back / play / forward, speed, the episode's page and its chapters. Escape or the
 * close button returns to the mini player, focus with it.
 */
export function FullPlayer({ onClose }: { onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const { episode, position, duration, status, rate, error } = usePlayerState();

  useEffect(() => {
    const element = dialog.current;
    if (!element || element.open) return;
    if (typeof element.showModal === 'function') element.showModal();
    else element.setAttribute('open', '');
  }, []);

  const close = () => {
    const element = dialog.current;
    if (element?.open && typeof element.close === 'function') element.close();
    else onClose();
  };

  if (!episode) return null;
  return (
    <dialog
      ref={dialog}
      aria-labelledby="full-player-title"
      onClose={onClose}
      onKeyDown={onPlayerKeyDown}
      className="m-0 h-dvh max-h-none w-full max-w-none bg-canvas p-4 pb-[calc(1rem+env(safe-area-inset-bottom))] text-ink backdrop:bg-black/50 sm:m-auto sm:h-auto sm:max-h-[90dvh] sm:max-w-md sm:rounded-xl sm:border sm:border-line sm:p-6"
    >
      <div className="mx-auto flex h-full max-w-md flex-col gap-4">
        <div className="flex justify-end">
          <button type="button" onClick={close} aria-label="Close the full player" className="inline-flex size-11 items-center justify-center rounded-full hover:bg-accent-soft">
            <ChevronIcon up={false} className="size-6" />
          </button>
        </div>
        <EpisodeArtwork src={episode.artworkUrl} className="mx-auto aspect-square w-full max-w-64 rounded-lg" />
        <div className="text-center">
          <h2 id="full-player-title" className="text-xl font-bold leading-snug">{episode.title}</h2>
          {episode.feedTitle && <p className="mt-1 text-muted">{episode.feedTitle}</p>}
          <p className="mt-1 text-sm">
            <Link href={`/items/${episode.id}`} onClick={close}>Episode page</Link>
          </p>
        </div>
        <SeekSlider position={position} duration={duration} />
        <div className="flex items-center justify-center gap-6">
          <SkipBackButton size="large" />
          <PlayPauseButton status={status} size="large" />
          <SkipForwardButton size="large" />
        </div>
        <SpeedSelect rate={rate} />
        <div className="flex justify-center">
          <DownloadButton episode={episode} size="large" />
        </div>
        <ChapterList itemId={episode.id} position={position} />
        {error && <p role="alert" className="text-center text-sm text-danger">{error}</p>}
      </div>
    </dialog>
  );
}
