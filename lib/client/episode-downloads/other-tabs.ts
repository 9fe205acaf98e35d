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

/** Starts hearing the other tabs (once; later calls replace nothing). */
export function hearOtherTabs(listener: (news: DownloadNews) => void): void {
  if (channel || typeof BroadcastChannel === 'undefined') return;
  channel = new BroadcastChannel('tidings-episode-downloads');
  channel.addEventListener('message', (event: MessageEvent) => {
    // Tabs of an older build say only "changed".
    listener(typeof event.data === 'object' && event.data ? (event.data as DownloadNews) : { type: 'changed' });
  });
}

/** Tells the other tabs (those that listen). */
export function tellOtherTabs(news: DownloadNews): void {
  channel?.postMessage(news);
}
