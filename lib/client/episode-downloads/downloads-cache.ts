import { episodeAudioUrl, episodeDownloadsCacheName } from '@/lib/client/offline-caches';
import type { PlayerEpisode } from '@/lib/client/player/episode';
import type { DownloadedEpisode } from './store';

/*
 * Downloaded episodes in Cache Storage: each file whole under its same-origin address
 * (the service worker answers the player from there, byte ranges included), with what the
 * downloads list shows in two headers of its own. One cache, named with the `tidings-`
 * prefix, so sign-out deletes every download with the rest.
 */

const episodeHeader = 'x-tidings-episode';
const downloadedAtHeader = 'x-tidings-downloaded-at';

function openDownloads(): Promise<Cache> {
  return caches.open(episodeDownloadsCacheName);
}

async function describe(response: Response): Promise<DownloadedEpisode | null> {
  let episode: PlayerEpisode | null = null;
  try {
    episode = JSON.parse(decodeURIComponent(response.headers.get(episodeHeader) ?? '')) as PlayerEpisode;
  } catch {
    return null;
  }
  if (typeof episode?.id !== 'string') return null;
  // A host that sent no length: the kept file's own size (the browser reads it from disk, not into memory).
  const bytes = Number(response.headers.get('content-length')) || (await response.blob()).size;
  return { episode, bytes, downloadedAt: response.headers.get(downloadedAtHeader) ?? '' };
}

/** The downloaded episodes kept on this device (none where there is no Cache Storage). */
export async function readDownloads(): Promise<DownloadedEpisode[]> {
  if (typeof caches === 'undefined') return [];
  const cache = await openDownloads();
  const found: DownloadedEpisode[] = [];
  for (const request of await cache.keys()) {
    const response = await cache.match(request);
    const download = response ? await describe(response) : null;
    if (download) found.push(download);
  }
  return found;
}

/** Keeps an episode's whole audio (a 200 answer, read as it streams in); rejects with the browser's error, QuotaExceededError included. */
export async function keepDownload(episode: PlayerEpisode, audio: Response, downloadedAt: string): Promise<void> {
  const headers = new Headers(audio.headers);
  headers.set(episodeHeader, encodeURIComponent(JSON.stringify(episode)));
  headers.set(downloadedAtHeader, downloadedAt);
  await (await openDownloads()).put(episodeAudioUrl(episode.id), new Response(audio.body, { status: 200, headers }));
}

/** Deletes an episode's download. */
export async function deleteDownload(id: string): Promise<void> {
  if (typeof caches === 'undefined') return;
  await (await openDownloads()).delete(episodeAudioUrl(id));
}
