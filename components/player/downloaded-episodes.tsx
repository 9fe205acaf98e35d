'use client';

import { useEffect } from 'react';
import { loadDownloads } from '@/lib/client/episode-downloads/downloads-list';
import { fileSize } from '@/lib/client/episode-downloads/file-size';
import { removeDownload } from '@/lib/client/episode-downloads/removal';
import { useDownloadedEpisodes, useEpisodeDownload, type DownloadedEpisode } from '@/lib/client/episode-downloads/store';
import { episodeSource } from '@/lib/client/player/episode';
import { RemoveLaterNote } from './download-button';
import { EpisodeArtwork } from './episode-artwork';
import { PlayEpisodeButton } from './play-episode-button';

const removeClass = 'inline-flex min-h-11 items-center rounded-md px-2 text-sm font-medium text-muted hover:bg-surface hover:text-ink';

function DownloadedRow({ download }: { download: DownloadedEpisode }) {
  const { episode } = download;
  const state = useEpisodeDownload(episode.id);
  return (
    <li className="flex gap-3 border-b border-line py-3">
      <EpisodeArtwork src={episode.artworkUrl} className="mt-1 size-12 shrink-0 rounded" />
      <div className="min-w-0 flex-1">
        {/* No link to the episode's page: offline it may not be kept, and the row has all it needs. */}
        <h3 className="text-base font-semibold leading-snug">{episode.title}</h3>
        <p className="mt-0.5 text-sm text-muted">
          {episode.feedTitle}{episode.feedTitle ? ' · ' : ''}{fileSize(download.bytes)}
        </p>
        {/* The episodes page is where a phone plays and downloads: its row buttons get the full 44 px (the inbox keeps its denser rows). */}
        <div className="-ml-2 mt-1 flex flex-wrap items-center gap-x-2 [&_button]:min-h-11">
          <PlayEpisodeButton item={episodeSource(episode)} />
          {state.status === 'downloaded' && state.removeLater ? (
            <RemoveLaterNote episode={episode} className={removeClass} />
          ) : (
            <button type="button" onClick={() => void removeDownload(episode.id)} aria-label={`Remove download: ${episode.title}`} className={removeClass}>
              Remove download
            </button>
          )}
        </div>
      </div>
    </li>
  );
}

/** The episodes kept on this device for listening offline, newest download first, with their sizes and a way to remove each; nothing when there are none. */
export function DownloadedEpisodes() {
  const downloads = useDownloadedEpisodes();
  useEffect(() => {
    void loadDownloads();
  }, []);
  // Nothing downloaded (or not read yet): the Download buttons on episodes speak for themselves.
  if (!downloads?.length) return null;
  const total = downloads.reduce((sum, download) => sum + download.bytes, 0);
  return (
    <section aria-labelledby="downloaded" className="mt-8">
      <h2 id="downloaded" className="text-xl font-semibold">Downloaded</h2>
      <p className="mt-1 text-sm text-muted">
        {downloads.length === 1 ? '1 episode' : `${downloads.length} episodes`} · {fileSize(total)} on this device
      </p>
      <ul className="mt-2">
        {downloads.map((download) => <DownloadedRow key={download.episode.id} download={download} />)}
      </ul>
    </section>
  );
}
