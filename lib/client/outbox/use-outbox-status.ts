import { useSyncExternalStore } from 'react';
import { initialOutboxStatus, outboxStatus, subscribeOutboxStatus, type OutboxStatus } from './status';

/** The outbox's status snapshot, re-rendering on every change. */
export function useOutboxStatus(): OutboxStatus {
  return useSyncExternalStore(subscribeOutboxStatus, outboxStatus, initialOutboxStatus);
}
