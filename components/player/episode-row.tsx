'use client';

import Link from '@/components/shell/intent-link';
import { RelativeTime } from '@/components/relative-time';
import type { ListedItem } from '@/lib/client/item-cache';
import { episodeOf, isFinished } from '@/lib/client/player/episode';
import { usePlayerValue } from '@/lib/client/player/state';
import { timeLeft } from '@/lib/client/player/time-text';
import { DownloadButton } from './download-button';
import { EpisodeArtwork } from './episode-artwork';
import { PlayEpisodeButton } from './play-episode-button';

/** How far an episode is heard: the player's live position for the one it holds, else the service's. */
function useHeard(item: ListedItem): number {
  const live = usePlayerValue((state) => (state.episode?.id === item.id ? Math.floor(state.position) : null));
  return live ?? item.playback_position ?? 0;
}

/**
 * One episode of the episodes page: what it is, how much is heard (a bar and words), and play or
 * resume. Its title is what j/k focus; whether it is saved shows, as s changes it (read or not
 * does not: here how much is heard says more, and m's outcome is said in the page's status).
 */
export function EpisodeRow({ item }: { item: ListedItem }) {
  const heard = useHeard(item);
  const episode = episodeOf(item);
  const duration = item.duration_seconds;
  const finished = isFinished(heard, duration);
  const share = duration ? Math.min(100, Math.round((heard / duration) * 100)) : 0;
  const progress = finished ? 'Finished' : duration ? timeLeft(heard, duration) : null;

  return (
    // The title's link covers the row (artwork, progress and all); the buttons sit above it.
    <li data-item-id={item.id} className="relative flex gap-3 border-b border-line py-3 focus-within:bg-accent-soft">
      <EpisodeArtwork src={item.artwork_url} className="mt-1 size-12 shrink-0 rounded" />
      <div className="min-w-0 flex-1">
        <h3 className="text-base font-semibold leading-snug">
          <Link href={`/items/${item.id}`} data-item-link className="text-ink no-underline after:absolute after:inset-0 after:content-[''] hover:underline">{item.title || 'Untitled episode'}</Link>
        </h3>
        <p className="mt-0.5 text-sm text-muted">
          {item.feeds.map((feed) => feed.title).join(', ')}
          {item.last_played_at && (
            <> · played <RelativeTime timestamp={item.last_played_at} /></>
          )}
          {item.is_saved && ' · saved'}
        </p>
        {duration ? (
          <div className="mt-2 flex items-center gap-3">
            <div aria-hidden className="h-1.5 max-w-48 flex-1 overflow-hidden rounded-full bg-line">
              <div className="h-full rounded-full bg-accent" style={{ width: `${share}%` }} />
            </div>
            <span className="text-sm text-muted">{progress}</span>
          </div>
        ) : null}
        {/* The episodes page is where a phone plays and downloads: its row buttons get the full 44 px (the inbox keeps its denser rows). */}
        <div className="relative z-10 -ml-2 mt-1 flex flex-wrap items-center gap-x-2 [&_button]:min-h-11">
          <PlayEpisodeButton item={item} />
          {episode && <DownloadButton episode={episode} />}
        </div>
      </div>
    </li>
  );
}
