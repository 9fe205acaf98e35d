import { readDownloads } from './downloads-cache';
import { hearOtherTabs, type DownloadNews } from './other-tabs';
import { downloadsKnown, setDownloadedEpisodes } from './store';
import { mayBeUnfinished } from './unfinished-mark';

/*
 * The part of downloads that loads with every page: reading what the cache holds, so the
 * player can play a downloaded copy, and hearing the other tabs. The runner (./download:
 * parts, ranges, locks) is a separate chunk, loaded when a download may wait to be carried
 * on (./unfinished-mark), when another tab's download needs showing, or on Download.
 */

let reading: Promise<void> | null = null;
// News is applied in the order heard, after the first read: a progress waiting for the runner's
// chunk, or an older read of the cache, must not land after (and undo) a newer "changed".
let applying: Promise<void> = Promise.resolve();
const runner = () => import('./download');

function apply(news: DownloadNews): Promise<void> {
  if (news.type === 'changed') return readDownloads().then(setDownloadedEpisodes, () => undefined);
  return runner().then((module) => module.heardFromOtherTab(news), () => undefined);
}

function heard(news: DownloadNews): void {
  applying = applying.then(() => apply(news));
}

/** Reads the downloads from the cache once (later calls wait for the same read), then starts the runner when a download may wait; never rejects. */
export function loadDownloads(): Promise<void> {
  hearOtherTabs(heard);
  if (!reading) {
    reading = readDownloads().then(setDownloadedEpisodes, () => setDownloadedEpisodes([])).then(() => {
      if (mayBeUnfinished()) void runner().then((module) => module.startDownloads(), () => undefined);
    });
    applying = reading;
  }
  return reading;
}

/** Resolves once the downloads are known (at once when they are). */
export function downloadsReady(): Promise<void> {
  return downloadsKnown() ? Promise.resolve() : loadDownloads();
}
