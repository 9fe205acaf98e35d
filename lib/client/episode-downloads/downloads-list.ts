import { readDownloads } from './downloads-cache';
import { downloadsKnown, setDownloadedEpisodes } from './store';

/*
 * The part of downloads that loads with every page: reading what the cache holds, so the
 * player can play a downloaded copy. The runner (./download: parts, ranges, locks) is a
 * separate chunk, loaded after that read, or when the person presses Download.
 */

let reading: Promise<void> | null = null;

/** Reads the downloads from the cache once (later calls wait for the same read), then starts the runner, which carries on interrupted downloads; never rejects. */
export function loadDownloads(): Promise<void> {
  reading ??= readDownloads().then(setDownloadedEpisodes, () => setDownloadedEpisodes([])).then(() => {
    void import('./download').then((runner) => runner.startDownloads(), () => undefined);
  });
  return reading;
}

/** Resolves once the downloads are known (at once when they are). */
export function downloadsReady(): Promise<void> {
  return downloadsKnown() ? Promise.resolve() : loadDownloads();
}
