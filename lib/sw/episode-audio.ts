import { createPartialResponse } from 'workbox-range-requests';
import { registerRoute } from 'workbox-routing';
import { episodeAudioPath, episodeDownloadsCacheName } from '@/lib/client/offline-caches';
import { sw } from './worker-scope';

/*
 * Downloaded episodes: their audio is answered from the downloads cache, which holds each
 * file whole, so a player's byte-range requests (every seek, and Chromium's first request)
 * get the slice they ask for, offline too. An episode not downloaded goes to the network,
 * where the app's server streams it from the podcast's host.
 */

/** The downloaded copy of an episode's audio (the slice a Range header asks for), else the network's answer. */
export async function episodeAudioResponse(request: Request): Promise<Response> {
  const url = new URL(request.url);
  // Keyed by path alone: the downloads are stored under it, and a query must not miss them.
  const kept = await (await sw.caches.open(episodeDownloadsCacheName)).match(url.origin + url.pathname);
  if (!kept) return fetch(request);
  const range = request.headers.get('range');
  if (!range) return kept;
  // Workbox answers a start past the end with an empty 206; a player must hear 416, as from any server.
  const start = Number(/^bytes=(\d+)-/i.exec(range.trim())?.[1] ?? Number.NaN);
  const size = Number(kept.headers.get('content-length')) || (await kept.clone().blob()).size;
  if (start >= size) return new Response(null, { status: 416, headers: { 'content-range': `bytes */${size}` } });
  return createPartialResponse(request, kept);
}

/** Routes requests for episode audio on this origin through the downloads. */
export function registerEpisodeAudioRoutes(): void {
  registerRoute(
    ({ url, request }) => request.method === 'GET' && url.origin === sw.location.origin && episodeAudioPath.test(url.pathname),
    ({ request }) => episodeAudioResponse(request),
  );
}
