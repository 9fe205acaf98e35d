'use client';

import { fileSize } from '@/lib/client/episode-downloads/file-size';
import { useEpisodeDownload } from '@/lib/client/episode-downloads/store';
import type { PlayerEpisode } from '@/lib/client/player/episode';
import { DownloadedIcon, DownloadIcon } from './player-icons';

type Props = {
  episode: PlayerEpisode;
  /** small: a row's action, named with the episode's title; large: the reader's and the full player's. */
  size?: 'small' | 'large';
};

// The download runner and removal (parts in IndexedDB, ranges, locks) load when pressed, not with the page.
const runner = () => import('@/lib/client/episode-downloads/download');
const removal = () => import('@/lib/client/episode-downloads/removal');

const button = {
  small: 'inline-flex min-h-9 items-center gap-1.5 rounded-md px-2 text-sm font-medium text-accent hover:bg-surface',
  large: 'inline-flex min-h-11 items-center gap-2 rounded-full border border-line-strong px-4 font-medium text-ink hover:bg-surface',
};

/** Says that a removal waits until the player lets go of the episode, with a way to keep it after all. */
export function RemoveLaterNote({ episode, className }: { episode: PlayerEpisode; className: string }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <span role="status" className="text-sm text-muted">Removed once you stop listening to it.</span>
      <button type="button" onClick={() => void removal().then((module) => module.keepDownloadAfterAll(episode.id))} aria-label={`Keep download: ${episode.title}`} className={className}>
        Keep download
      </button>
    </span>
  );
}

/**
 * Download for offline, and what became of it: "Downloading…" (or waiting for a connection)
 * with its progress and a way to cancel, a "Downloaded" mark with Remove download (put off
 * while it plays), or why it failed with Try again.
 */
export function DownloadButton({ episode, size = 'small' }: Props) {
  const state = useEpisodeDownload(episode.id);
  const named = (text: string) => (size === 'small' ? `${text}: ${episode.title}` : undefined);
  const icon = size === 'large' ? 'size-5' : 'size-4';

  if (state.status === 'downloading' || state.status === 'waiting') {
    const share = state.total ? Math.min(100, Math.round((state.received / state.total) * 100)) : null;
    return (
      <span className="inline-flex flex-wrap items-center gap-2">
        {/* The phase is announced once; the share moves in the progress bar, not in a live region. */}
        <span role="status" className="text-sm text-muted">
          {state.status === 'waiting' ? 'Waiting for a connection to carry on downloading…' : 'Downloading…'}
        </span>
        <progress
          max={100}
          value={share ?? undefined}
          aria-label={`Download of ${episode.title}`}
          className="h-1.5 w-24 accent-accent"
        />
        <span aria-hidden className="text-sm tabular-nums text-muted">{share !== null ? `${share}%` : fileSize(state.received)}</span>
        <button type="button" onClick={() => void runner().then((module) => module.cancelDownload(episode.id))} aria-label={named('Cancel download')} className={button[size]}>
          Cancel
        </button>
      </span>
    );
  }

  if (state.status === 'downloaded') {
    return (
      <span className="inline-flex flex-wrap items-center gap-2">
        <span role="status" className="inline-flex items-center gap-1 text-sm font-medium text-success">
          <DownloadedIcon className={icon} />
          Downloaded<span className="text-muted"> · {fileSize(state.download.bytes)}</span>
        </span>
        {state.removeLater ? (
          <RemoveLaterNote episode={episode} className={button[size]} />
        ) : (
          <button type="button" onClick={() => void removal().then((module) => module.removeDownload(episode.id))} aria-label={named('Remove download')} className={button[size]}>
            Remove download
          </button>
        )}
      </span>
    );
  }

  return (
    <span className="inline-flex flex-col items-start gap-1">
      <button type="button" onClick={() => void runner().then((module) => module.downloadEpisode(episode))} aria-label={named(state.status === 'failed' ? 'Try the download again' : 'Download for offline')} className={button[size]}>
        <DownloadIcon className={icon} />
        {state.status === 'failed' ? 'Try again' : size === 'large' ? 'Download for offline' : 'Download'}
      </button>
      {state.status === 'failed' && <span role="alert" className="text-sm text-danger">{state.error}</span>}
    </span>
  );
}
