'use client';

import { episodeOf, isFinished, type EpisodeSource } from '@/lib/client/player/episode';
import { heardPosition, usePlayerValue } from '@/lib/client/player/state';
import { clockTime } from '@/lib/client/player/time-text';
import { PauseIcon, PlayIcon } from './play-icons';

type Props = {
  item: EpisodeSource;
  /** small: a row action named with the item's title; icon: the same, its word left to the name; large: the reader's main button. */
  size?: 'small' | 'icon' | 'large';
};

const classes = {
  small: 'inline-flex min-h-9 items-center gap-1.5 rounded-md px-2 text-sm font-medium text-accent hover:bg-surface',
  icon: 'inline-flex size-10 shrink-0 items-center justify-center rounded-md text-accent hover:bg-surface',
  large: 'inline-flex min-h-11 items-center gap-2 rounded-full bg-accent px-5 font-semibold text-on-accent hover:opacity-90',
};

/**
 * Plays an episode in the app's player (the player's code loads on the first press), or
 * pauses it when it is the one playing. Renders nothing for articles and episodes without audio.
 */
export function PlayEpisodeButton({ item, size = 'small' }: Props) {
  const status = usePlayerValue((state) => (state.episode?.id === item.id ? state.status : null));
  // The player's position for its own episode (whole seconds, so playing re-renders once a second at most).
  const live = usePlayerValue((state) => (state.episode?.id === item.id ? Math.floor(state.position) : null));
  const episode = episodeOf(item);
  if (!episode) return null;

  const playing = status === 'playing' || status === 'loading';
  // A list loaded before the episode was played here does not know how far it got.
  const heard = live ?? heardPosition(item.id)?.position ?? item.playback_position ?? 0;
  const finished = heard > 0 && isFinished(heard, episode.durationSeconds);
  const resumable = heard > 0 && !finished;
  // A finished episode starts over (see playEpisode), whether or not the player still holds it.
  let text = playing ? 'Pause' : finished ? 'Play again' : resumable || status !== null ? 'Resume' : 'Play';
  if (size === 'large' && !playing && !finished) text = resumable ? `Resume from ${clockTime(heard)}` : status !== null ? 'Play' : 'Play episode';

  return (
    <button
      type="button"
      className={classes[size]}
      // In a list every row has one: the title says which.
      aria-label={size === 'large' ? undefined : `${text}: ${episode.title}`}
      // The launcher is fetched on the first press (the player host fetches it after the page's load): no page's first load carries it.
      onClick={() => void import('@/lib/client/player/launch').then((launch) => launch.playEpisode(item))}
    >
      {playing ? <PauseIcon className={size === 'small' ? 'size-4' : 'size-5'} /> : <PlayIcon className={size === 'small' ? 'size-4' : 'size-5'} />}
      {size !== 'icon' && text}
    </button>
  );
}
