import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * False on the server and while the page hydrates, true after (and from the start of a render
 * in the browser): for what only the browser can word, such as a time in the reader's zone.
 * Its change after hydration renders the component again.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(noSubscription, () => true, () => false);
}
