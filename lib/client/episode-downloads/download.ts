import { episodeAudioUrl } from '@/lib/client/offline-caches';
import type { PlayerEpisode } from '@/lib/client/player/episode';
import { deleteDownload, keepDownload, readDownloads } from './downloads-cache';
import { downloadErrorSentence, refusalOf } from './download-error';
import { downloadsKnown, episodeDownload, hasDownloads, setDownloadedEpisodes, setEpisodeDownload } from './store';

/*
 * Downloading an episode for offline listening: fetched from the app's own origin (which
 * streams it from the podcast's host), counted as it arrives for the progress shown, and
 * written to Cache Storage as it streams, never held whole in memory. The page does it
 * rather than the service worker, so progress needs no messages; a full reload of the page
 * mid-download ends it (nothing partial is kept) and it can be started again.
 */

const running = new Map<string, AbortController>();
let reading: Promise<void> | null = null;
let otherTabs: BroadcastChannel | null = null;

/** The app's other tabs, which read the cache again when one of them downloads or removes an episode. */
function listenToOtherTabs(): void {
  if (otherTabs || typeof BroadcastChannel === 'undefined') return;
  otherTabs = new BroadcastChannel('tidings-episode-downloads');
  otherTabs.addEventListener('message', () => void readDownloads().then(setDownloadedEpisodes, () => undefined));
}

/** Reads the downloads from the cache once (later calls wait for the same read); never rejects. */
export function loadDownloads(): Promise<void> {
  listenToOtherTabs();
  reading ??= readDownloads().then(setDownloadedEpisodes, () => setDownloadedEpisodes([]));
  return reading;
}

/** Resolves once the downloads are known (at once when they are). */
export function downloadsReady(): Promise<void> {
  return downloadsKnown() ? Promise.resolve() : loadDownloads();
}

/** A device that may clear site data under pressure is asked to keep it: downloads are made to last. */
function askToKeepStorage(): void {
  void navigator.storage?.persist?.().catch(() => false);
}

/** Fails at once, as the cache would after a long download, when the device plainly has no room for the file. */
async function checkRoom(total: number | null): Promise<void> {
  if (!total || !navigator.storage?.estimate) return;
  const { quota, usage } = await navigator.storage.estimate().catch(() => ({ quota: undefined, usage: undefined }));
  if (quota !== undefined && usage !== undefined && quota - usage < total) throw new DOMException('No room for the episode.', 'QuotaExceededError');
}

/** The audio's body, counted as it passes; `onProgress` hears the bytes so far, at most every 250 ms. */
function counted(audio: Response, onProgress: (received: number) => void): Response {
  let received = 0;
  let toldAt = 0;
  const counter = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      received += chunk.byteLength;
      if (Date.now() - toldAt >= 250) {
        toldAt = Date.now();
        onProgress(received);
      }
      controller.enqueue(chunk);
    },
  });
  return new Response(audio.body!.pipeThrough(counter), { status: audio.status, headers: audio.headers });
}

/** Downloads an episode for offline listening; progress and the outcome go to the store (./store). */
export async function downloadEpisode(episode: PlayerEpisode): Promise<void> {
  if (running.has(episode.id) || episodeDownload(episode.id).status === 'downloaded') return;
  // With the first download, inside the press (where browsers that ask the person can ask).
  if (!hasDownloads()) askToKeepStorage();
  const abort = new AbortController();
  running.set(episode.id, abort);
  setEpisodeDownload(episode.id, { status: 'downloading', received: 0, total: null });
  try {
    const response = await fetch(episodeAudioUrl(episode.id), { signal: abort.signal, credentials: 'same-origin' });
    if (response.status !== 200 || !response.body) throw await refusalOf(response);
    const total = Number(response.headers.get('content-length')) || null;
    await checkRoom(total);
    setEpisodeDownload(episode.id, { status: 'downloading', received: 0, total });
    const audio = counted(response, (received) => {
      if (!abort.signal.aborted) setEpisodeDownload(episode.id, { status: 'downloading', received, total });
    });
    const downloadedAt = new Date().toISOString();
    await keepDownload(episode, audio, downloadedAt);
    if (abort.signal.aborted) throw new DOMException('Cancelled.', 'AbortError');
    const bytes = total ?? (await readDownloads()).find((download) => download.episode.id === episode.id)?.bytes ?? 0;
    setEpisodeDownload(episode.id, { status: 'downloaded', download: { episode, bytes, downloadedAt } });
    otherTabs?.postMessage('changed');
  } catch (error) {
    if (abort.signal.aborted) {
      // Cancelled: whatever reached the cache goes too.
      await deleteDownload(episode.id).catch(() => undefined);
      setEpisodeDownload(episode.id, { status: 'none' });
    } else {
      setEpisodeDownload(episode.id, { status: 'failed', error: downloadErrorSentence(error, navigator.onLine) });
    }
  } finally {
    running.delete(episode.id);
  }
}

/** Stops a download under way; nothing of it is kept. */
export function cancelDownload(id: string): void {
  running.get(id)?.abort();
}

/** Removes a downloaded episode from this device (the player then streams it from the podcast's host). */
export async function removeDownload(id: string): Promise<void> {
  cancelDownload(id);
  await deleteDownload(id);
  setEpisodeDownload(id, { status: 'none' });
  otherTabs?.postMessage('changed');
}

/** Forgets a failed download's message (the person dismissed it or tries again). */
export function clearDownloadError(id: string): void {
  if (episodeDownload(id).status === 'failed') setEpisodeDownload(id, { status: 'none' });
}
