/** The Background Sync tag under which the service worker replays the outbox. */
export const outboxSyncTag = 'tidings-outbox';

type SyncRegistration = ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } };

/**
 * Asks the browser to wake the service worker when the connection returns (Background
 * Sync, where the browser has it); elsewhere the online event and app start replay instead.
 */
export async function registerOutboxSync(tag: string): Promise<boolean> {
  try {
    const registration = (await navigator.serviceWorker?.getRegistration()) as SyncRegistration | undefined;
    if (!registration?.active || !registration.sync) return false;
    await registration.sync.register(tag);
    return true;
  } catch {
    return false;
  }
}

/**
 * What the worker's replay tells open pages: 'outbox-progress' after each change it sent or
 * had refused (so their counts follow), 'outbox-replayed' once it ends; counts are this replay's so far.
 */
export type OutboxSyncMessage = { type: 'outbox-progress' | 'outbox-replayed'; sent: number; refused: number };
