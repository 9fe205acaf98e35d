import type { PlayerEpisode } from '@/lib/client/player/episode';
import { deleteDownload, keepDownload, readDownloads } from './downloads-cache';
import { DownloadRefused, downloadErrorSentence } from './download-error';
import { tellOtherTabs, type DownloadNews } from './other-tabs';
import { beginDownload, forgetDownload, partsStream, pendingDownload, pendingDownloads, pendingRemovals, whenPartsDeleted, type PendingDownload } from './parts-db';
import { carryOutRemovals } from './removal';
import { episodeDownload, hasDownloads, setDownloadedEpisodes, setEpisodeDownload } from './store';
import { DownloadCancelled, transfer } from './transfer';
import { clearUnfinished } from './unfinished-mark';

/*
 * Downloading an episode for offline listening: fetched from the app's own origin (which
 * streams it from the podcast's host), counted as it arrives for the progress shown, and
 * kept in parts in IndexedDB as it streams (./parts-db), never held whole in memory; once
 * whole, the parts become one response in Cache Storage, which the service worker plays from.
 * The page does it rather than the service worker, so progress needs no messages. A reload,
 * a closed app or a lost connection interrupts it; the next start (or the connection's
 * return) carries on from the bytes kept. One tab runs a download at a time (a Web Lock).
 */

/** Downloads running in this tab; aborting with 'cancelled' (the person) keeps nothing, with 'deleted' (sign-out) touches nothing. */
const running = new Map<string, AbortController>();
/** Downloads cancelled in this tab, whose runner in another tab may still send a last progress. */
const cancelledHere = new Set<string>();

// Sign-out deleting the parts' database: downloads under way here stop writing and keep nothing.
whenPartsDeleted(() => running.forEach((abort) => abort.abort('deleted')));

/** Another tab's download news: its progress shown here, or its cancel stopping this tab's run (./downloads-list hears the tabs). */
export function heardFromOtherTab(news: Exclude<DownloadNews, { type: 'changed' }>): void {
  if (news.type === 'cancelled') {
    running.get(news.id)?.abort('cancelled');
    setEpisodeDownload(news.id, { status: 'none' });
  } else if (!running.has(news.id) && !cancelledHere.has(news.id)) {
    // A progress sent just before this tab's cancel reached the runner must not bring the download back.
    setEpisodeDownload(news.id, { status: 'downloading', received: news.received, total: news.total });
  }
}

let started = false;

/** Carries on the downloads and removals a reload or a closed app interrupted, then forgets the mark when nothing waits; once per page. */
export function startDownloads(): void {
  if (started) return;
  started = true;
  void Promise.all([resumeDownloads(), carryOutRemovals().catch(() => undefined)]).then(forgetMarkWhenIdle);
}

/** Clears the unfinished mark when no download runs or waits and no removal is put off, so later visits skip this runner. */
async function forgetMarkWhenIdle(): Promise<void> {
  const [pending, removals] = await Promise.all([pendingDownloads(), pendingRemovals()]).catch(() => [[null], [null]]);
  if (running.size === 0 && pending.length === 0 && removals.length === 0) clearUnfinished();
}

/** Carries on every download a reload or a closed app interrupted. */
async function resumeDownloads(): Promise<void> {
  const pending = await pendingDownloads().catch(() => []);
  for (const record of pending) {
    if (episodeDownload(record.id).status === 'downloaded') await forgetDownload(record.id).catch(() => undefined);
    else void run(record);
  }
}

/** A device that may clear site data under pressure is asked to keep it: downloads are made to last. */
function askToKeepStorage(): void {
  void navigator.storage?.persist?.().catch(() => false);
}

/** Fails at once, as the cache would after a long download, when the device plainly has no room for the rest of the file. */
async function checkRoom(record: PendingDownload): Promise<void> {
  if (!record.total || !navigator.storage?.estimate) return;
  const { quota, usage } = await navigator.storage.estimate().catch(() => ({ quota: undefined, usage: undefined }));
  // The parts and the assembled copy both take room until the parts are deleted.
  if (quota !== undefined && usage !== undefined && quota - usage < record.total * 2 - record.received) {
    throw new DOMException('No room for the episode.', 'QuotaExceededError');
  }
}

/** How many times a download that dropped while online carries on by itself before it asks for Try again. */
const quietRetries = 2;
/** The moment between those tries: a link just back, or a host that closed one connection, is usually fine by then. */
const dropRetryMs = 2000;

/** Resolves after `ms`; rejects if the download is cancelled meanwhile. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new DownloadCancelled());
    const cancelled = () => {
      clearTimeout(timer);
      reject(new DownloadCancelled());
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', cancelled);
      resolve();
    }, ms);
    signal.addEventListener('abort', cancelled, { once: true });
  });
}

/** Resolves when the browser is online again; rejects if the download is cancelled meanwhile. */
function connectionBack(signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    // Back already (the online event came before this listened): try again at once.
    if (navigator.onLine) return resolve();
    const back = () => {
      signal.removeEventListener('abort', cancelled);
      resolve();
    };
    const cancelled = () => {
      window.removeEventListener('online', back);
      reject(new DownloadCancelled());
    };
    window.addEventListener('online', back, { once: true });
    signal.addEventListener('abort', cancelled, { once: true });
  });
}

/** Runs a download in the tab that holds its lock (the others wait their turn, showing the runner's progress). */
async function run(record: PendingDownload): Promise<void> {
  setEpisodeDownload(record.id, { status: 'downloading', received: record.received, total: record.total });
  if (typeof navigator === 'undefined' || !navigator.locks) return runHere(record.id);
  await navigator.locks.request(`tidings-episode-download-${record.id}`, () => runHere(record.id));
}

/** A download with no record left: another tab finished it (the cache has it) or it was cancelled. */
async function settledElsewhere(id: string): Promise<void> {
  setDownloadedEpisodes(await readDownloads().catch(() => []));
  if (episodeDownload(id).status === 'downloading') setEpisodeDownload(id, { status: 'none' });
}

/** Tries the download until it is whole, refused, failed or cancelled, waiting for the connection in between. */
async function runHere(id: string): Promise<void> {
  if (running.has(id)) return;
  const abort = new AbortController();
  running.set(id, abort);
  try {
    let drops = 0;
    for (;;) {
      // Read again: another tab may have finished or cancelled it while this one waited.
      const record = await pendingDownload(id);
      if (!record) return await settledElsewhere(id);
      const outcome = await attempt(record, abort, drops < quietRetries);
      if (outcome === 'settled') return;
      if (outcome === 'dropped') {
        drops += 1;
        await pause(dropRetryMs, abort.signal);
        continue;
      }
      setEpisodeDownload(id, { status: 'waiting', received: (await pendingDownload(id))?.received ?? record.received, total: record.total });
      await connectionBack(abort.signal);
    }
  } catch (error) {
    if (abort.signal.reason === 'deleted') setEpisodeDownload(id, { status: 'none' });
    // Anything else (IndexedDB failing, say) is shown, not left as a download that never moves.
    else if (!(error instanceof DownloadCancelled)) setEpisodeDownload(id, { status: 'failed', error: downloadErrorSentence(error, navigator.onLine) });
  } finally {
    running.delete(id);
  }
}

/**
 * One try: settled (whole, refused, failed or cancelled), offline (try again when the connection
 * is back), or dropped while online, which `mayRetry` lets the runner try again by itself.
 */
async function attempt(record: PendingDownload, abort: AbortController, mayRetry: boolean): Promise<'settled' | 'offline' | 'dropped'> {
  const { id, episode } = record;
  if (!navigator.onLine) return 'offline';
  let toldAt = 0;
  const progress = (received: number, total: number | null) => {
    if (abort.signal.aborted || Date.now() - toldAt < 250) return;
    toldAt = Date.now();
    setEpisodeDownload(id, { status: 'downloading', received, total });
    tellOtherTabs({ type: 'progress', id, received, total });
  };
  try {
    const whole = await transfer(record, abort.signal, progress, checkRoom);
    const downloadedAt = new Date().toISOString();
    const headers = { 'content-type': whole.contentType ?? 'application/octet-stream', 'content-length': String(whole.received) };
    await keepDownload(episode, new Response(partsStream(whole), { headers }), downloadedAt);
    await forgetDownload(id);
    setEpisodeDownload(id, { status: 'downloaded', download: { episode, bytes: whole.received, downloadedAt } });
    tellOtherTabs({ type: 'changed' });
    return 'settled';
  } catch (error) {
    if (abort.signal.reason === 'deleted') throw new DownloadCancelled();
    if (abort.signal.aborted || error instanceof DownloadCancelled) {
      // Cancelled: whatever was kept goes too.
      await forgetDownload(id).catch(() => undefined);
      await deleteDownload(id).catch(() => undefined);
      setEpisodeDownload(id, { status: 'none' });
      throw new DownloadCancelled();
    }
    if (!navigator.onLine && !(error instanceof DownloadRefused)) return 'offline';
    const refused = error instanceof DownloadRefused || (error as Error | null)?.name === 'QuotaExceededError';
    // A connection that dropped while online (a flaky link, or one just back): the parts stay and it carries on by itself, a few times.
    if (!refused && mayRetry) return 'dropped';
    // Refused, or no room: nothing is kept. Dropped again and again: the parts stay, and Try again carries on.
    if (refused) await forgetDownload(id).catch(() => undefined);
    setEpisodeDownload(id, { status: 'failed', error: downloadErrorSentence(error, navigator.onLine) });
    return 'settled';
  }
}

/** Downloads an episode for offline listening, carrying on from any bytes kept; progress and the outcome go to the store (./store). */
export async function downloadEpisode(episode: PlayerEpisode): Promise<void> {
  const state = episodeDownload(episode.id).status;
  if (running.has(episode.id) || state === 'downloaded' || state === 'downloading' || state === 'waiting') return;
  // With the first download, inside the press (where browsers that ask the person can ask).
  if (!hasDownloads()) askToKeepStorage();
  cancelledHere.delete(episode.id);
  setEpisodeDownload(episode.id, { status: 'downloading', received: 0, total: null });
  let record: PendingDownload;
  try {
    // Offline with nothing kept: say so now rather than wait unseen (a download with bytes kept waits for the connection).
    if (!navigator.onLine && !(await pendingDownload(episode.id))) throw new TypeError('Offline.');
    record = await beginDownload(episode, new Date().toISOString());
  } catch (error) {
    return setEpisodeDownload(episode.id, { status: 'failed', error: downloadErrorSentence(error, navigator.onLine) });
  }
  await run(record);
}

/** Stops a download under way, in whichever tab runs it, or waiting for a connection; nothing of it is kept. */
export async function cancelDownload(id: string): Promise<void> {
  cancelledHere.add(id);
  running.get(id)?.abort('cancelled');
  setEpisodeDownload(id, { status: 'none' });
  tellOtherTabs({ type: 'cancelled', id });
  await forgetDownload(id).catch(() => undefined);
}

/** Forgets a failed download's message (the person dismissed it or tries again). */
export function clearDownloadError(id: string): void {
  if (episodeDownload(id).status === 'failed') setEpisodeDownload(id, { status: 'none' });
}
