import type { SendOutcome } from './index';
import { OutboxStore } from './store';

/*
 * The outbox's state in this page: the queue in IndexedDB, and who awaits the answer to
 * which change (a caller of enqueueOrSend that was online when it made it).
 */

type Waiter = { resolve: (outcome: SendOutcome) => void; reject: (error: unknown) => void };

/** The page's handle on the queue and the refused list in IndexedDB. */
export const store = new OutboxStore();
const waiters = new Map<string, Waiter>();

/** Remembers who awaits the answer to a change; the promise settles when a replay answers it. */
export function awaitAnswer(requestId: string): Promise<SendOutcome> {
  return new Promise<SendOutcome>((resolve, reject) => waiters.set(requestId, { resolve, reject }));
}

/** Hands over (and forgets) whoever awaits the answer to a change, if anyone does. */
export function takeWaiter(requestId: string): Waiter | undefined {
  const waiter = waiters.get(requestId);
  waiters.delete(requestId);
  return waiter;
}

/** Tells whoever awaits a change that it stays queued. */
export function answerQueued(requestId: string): void {
  takeWaiter(requestId)?.resolve({ sent: false });
}

/** Tells everyone still waiting that their change stays queued. */
export function answerAllQueued(): void {
  for (const waiter of waiters.values()) waiter.resolve({ sent: false });
  waiters.clear();
}
