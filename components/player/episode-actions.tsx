'use client';

import { episodeOf, type EpisodeSource } from '@/lib/client/player/episode';
import { DownloadButton } from './download-button';
import { PlayEpisodeButton } from './play-episode-button';

/** An episode's page's own controls: play or resume, and download for offline. Nothing for items without audio. */
export function EpisodeActions({ item }: { item: EpisodeSource }) {
  const episode = episodeOf(item);
  if (!episode) return null;
  return (
    <div className="mt-6 flex flex-wrap items-center gap-3">
      <PlayEpisodeButton item={item} size="large" />
      <DownloadButton episode={episode} size="large" />
    </div>
  );
}
