'use client';

import { useState } from 'react';
import { loadPlayer } from '@/lib/client/player/launch';
import { playbackSpeeds } from '@/lib/client/player/speed';

function speedLabel(speed: number): string {
  return `${speed}×`;
}

/** The playback speed; a choice is stored on the subscription, so the podcast keeps it. */
export function SpeedSelect({ rate }: { rate: number }) {
  const [problem, setProblem] = useState('');
  const speeds: number[] = playbackSpeeds.includes(rate as (typeof playbackSpeeds)[number]) ? [...playbackSpeeds] : [...playbackSpeeds, rate].sort((a, b) => a - b);
  return (
    <div className="flex flex-col items-center">
      <label className="flex items-center gap-2 text-sm">
        <span>Speed</span>
        <select
          value={String(rate)}
          onChange={(event) => {
            setProblem('');
            const speed = Number(event.currentTarget.value);
            loadPlayer().then((player) => player.changeSpeed(speed)).catch(() => setProblem('This speed applies now but could not be kept for the podcast.'));
          }}
          className="min-h-11 rounded-md border border-line-strong bg-canvas px-2 text-ink"
        >
          {speeds.map((speed) => <option key={speed} value={String(speed)}>{speedLabel(speed)}</option>)}
        </select>
      </label>
      {problem && <p role="status" className="mt-1 text-xs text-muted">{problem}</p>}
    </div>
  );
}
