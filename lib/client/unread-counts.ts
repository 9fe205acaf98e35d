import type { Cache, ScopedMutator } from 'swr';
import { refreshSubscriptions } from './subscription-cache';
import { foldersKey, tagsKey } from './source-keys';

export { tagsKey };

let running: Promise<void> | null = null;
let again = false;

/**
 * Fetches again every list that shows unread counts (subscriptions, folders, tags) after items
 * were marked read or unread. Calls while a refresh runs fold into one more refresh after it,
 * so marking items one by one while scrolling does not pile up requests.
 */
export function refreshUnreadCounts(cache: Cache, mutate: ScopedMutator): Promise<void> {
  if (running) {
    again = true;
    return running;
  }
  running = (async () => {
    do {
      again = false;
      await Promise.all([refreshSubscriptions(cache, mutate), mutate(foldersKey), mutate(tagsKey)]).catch(() => undefined);
    } while (again);
  })().finally(() => {
    running = null;
  });
  return running;
}
