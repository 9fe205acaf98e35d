import type { ScopedMutator } from 'swr';
import { itemKey } from './item-cache';
import { announceItemsChanged } from './item-lists';
import { itemDetailPath } from './offline-caches';

/*
 * On a slow link the service worker answers item reads with the kept copy (or word that the
 * connection is too slow) and keeps the real answer when it lands; it then says so, and what
 * is on screen is fetched again, now from that fresh copy.
 */

/** Shows a late answer the worker kept for `url`: the item's detail, or the lists of items. */
export function showLateAnswer(url: string, mutate: ScopedMutator): void {
  const { pathname } = new URL(url, window.location.origin);
  const detail = itemDetailPath.exec(pathname);
  if (detail) void mutate(itemKey(detail[1]!));
  else if (pathname === '/api/v1/items') announceItemsChanged();
}

/** Listens for the worker's word of late answers; answers the function that stops listening. */
export function listenForLateAnswers(mutate: ScopedMutator): () => void {
  const container = navigator.serviceWorker;
  if (!container) return () => undefined;
  const onMessage = (event: MessageEvent) => {
    if (event.data?.type === 'items-arrived' && typeof event.data.url === 'string') showLateAnswer(event.data.url, mutate);
  };
  container.addEventListener('message', onMessage);
  return () => container.removeEventListener('message', onMessage);
}
