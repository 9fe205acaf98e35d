'use client';

import { skipBackSeconds, skipForwardSeconds, withPlayer } from '@/lib/client/player/launch';
import type { PlayerStatus } from '@/lib/client/player/state';
import { PauseIcon, PlayIcon } from './play-icons';
import { SkipBackIcon, SkipForwardIcon } from './player-icons';

type Size = 'small' | 'large';

const round = {
  small: 'inline-flex size-11 items-center justify-center rounded-full hover:bg-accent-soft',
  large: 'inline-flex size-14 items-center justify-center rounded-full hover:bg-accent-soft',
};

/** Play or pause; its name says what a press does. */
export function PlayPauseButton({ status, size = 'small' }: { status: PlayerStatus; size?: Size }) {
  const playing = status === 'playing' || status === 'loading';
  const icon = size === 'large' ? 'size-8' : 'size-6';
  return (
    <button
      type="button"
      onClick={() => withPlayer((player) => player.togglePlayback())}
      aria-label={playing ? 'Pause' : 'Play'}
      className={`inline-flex shrink-0 items-center justify-center rounded-full bg-accent text-on-accent hover:opacity-90 ${size === 'large' ? 'size-16' : 'size-11'}`}
    >
      {playing ? <PauseIcon className={icon} /> : <PlayIcon className={icon} />}
    </button>
  );
}

/** Back 15 seconds. */
export function SkipBackButton({ size = 'small' }: { size?: Size }) {
  return (
    <button type="button" onClick={() => withPlayer((player) => player.skipBy(-skipBackSeconds))} aria-label={`Back ${skipBackSeconds} seconds`} className={round[size]}>
      <SkipBackIcon seconds={skipBackSeconds} className={size === 'large' ? 'size-9' : 'size-7'} />
    </button>
  );
}

/** Forward 30 seconds. */
export function SkipForwardButton({ size = 'small' }: { size?: Size }) {
  return (
    <button type="button" onClick={() => withPlayer((player) => player.skipBy(skipForwardSeconds))} aria-label={`Forward ${skipForwardSeconds} seconds`} className={round[size]}>
      <SkipForwardIcon seconds={skipForwardSeconds} className={size === 'large' ? 'size-9' : 'size-7'} />
    </button>
  );
}
