/*
 * The app's other tabs, told when a download changes: they read the cache again, show the
 * progress of a download another tab runs, and stop one the person cancelled elsewhere.
 */

/** What one tab tells the others. */
export type DownloadNews =
  | { type: 'changed' }
  | { type: 'progress'; id: string; received: number; total: number | null }
  | { type: 'cancelled'; id: string };

let channel: BroadcastChannel | null = null;
let listening = false;

/** The tab's one channel, opened by whichever comes first: hearing, or telling. */
function openChannel(): BroadcastChannel | null {
  if (!channel && typeof BroadcastChannel !== 'undefined') channel = new BroadcastChannel('tidings-episode-downloads');
  return channel;
}

/** Starts hearing the other tabs (once; later calls replace nothing). */
export function hearOtherTabs(listener: (news: DownloadNews) => void): void {
  if (listening) return;
  const opened = openChannel();
  if (!opened) return;
  listening = true;
  opened.addEventListener('message', (event: MessageEvent) => {
    // Tabs of an older build say only "changed".
    listener(typeof event.data === 'object' && event.data ? (event.data as DownloadNews) : { type: 'changed' });
  });
}

/** Tells the other tabs, even before this tab listens to them (a download can start before it does). */
export function tellOtherTabs(news: DownloadNews): void {
  openChannel()?.postMessage(news);
}
