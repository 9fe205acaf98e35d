import { useSyncExternalStore } from 'react';
import { onServiceAnswer } from './api-client';

/*
 * Whether the session is known to have ended: a call answered 401 and none has succeeded
 * since. Kept apart from SWR's errors because any write to a key (a change queued offline
 * settling, a kept copy arriving) clears that key's error, while the session stays ended
 * until the person signs in again.
 */

let ended = false;
const listeners = new Set<() => void>();

function setEnded(value: boolean): void {
  if (value === ended) return;
  ended = value;
  for (const listener of listeners) listener();
}

onServiceAnswer((status) => {
  if (status === 401) setEnded(true);
  else if (status >= 200 && status < 300) setEnded(false);
});

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True once a call answered 401, until one succeeds again (signed in in another tab, say). */
export function useSessionEnded(): boolean {
  return useSyncExternalStore(subscribe, () => ended, () => false);
}
