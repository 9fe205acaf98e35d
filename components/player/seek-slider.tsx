'use client';

import { withPlayer } from '@/lib/client/player/launch';
import { clockTime, spokenPosition } from '@/lib/client/player/time-text';

type Props = { position: number; duration: number | null; className?: string };

/**
 * Where playback is, as a slider: drag, click or use the arrow keys to seek. Screen
 * readers hear "12 minutes 5 seconds of 1 hour 3 minutes".
 */
export function SeekSlider({ position, duration, className = '' }: Props) {
  const max = duration ?? Math.max(1, Math.ceil(position));
  return (
    <div className={className}>
      <input
        type="range"
        min={0}
        max={Math.ceil(max)}
        step={1}
        value={Math.min(Math.round(position), Math.ceil(max))}
        aria-label="Position"
        aria-valuetext={spokenPosition(position, duration)}
        onChange={(event) => {
          const seconds = Number(event.currentTarget.value);
          withPlayer((player) => player.seekTo(seconds));
        }}
        className="block h-6 w-full cursor-pointer accent-accent"
      />
      <div aria-hidden className="flex justify-between text-xs tabular-nums text-muted">
        <span>{clockTime(position)}</span>
        <span>{duration ? `−${clockTime(Math.max(0, duration - position))}` : '--:--'}</span>
      </div>
    </div>
  );
}
