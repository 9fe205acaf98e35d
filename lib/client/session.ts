/*
 * Signing out from the browser. This side first pushes the offline outbox (so nothing a
 * person did is lost), has the server end the session, then clears what Clear-Site-Data
 * would: IndexedDB, the caches, both storages and the service worker. It does so itself
 * because browsers honour that header only on https and localhost, and the server sends
 * it only to the plain form (see lib/server/session-routes).
 */

type Flush = () => Promise<void>;

let flushOutbox: Flush | null = null;

/**
 * The outbox registers its flush here once (e.g. `registerOutboxFlush(flushOutbox)` where it is
 * created); signOut calls it before the session ends. The flush should reject when changes
 * remain unsent.
 */
export function registerOutboxFlush(flush: Flush | null): void {
  flushOutbox = flush;
}

/** How signing out went: done (the page is leaving), or stopped before anything was cleared. */
export type SignOutResult = { status: 'signed-out' } | { status: 'unsent' } | { status: 'unreachable' };

const flushTimeoutMs = 10_000;
const signOutTimeoutMs = 15_000;

/**
 * Offline support loads only once the page is idle; a sign-out before then starts the outbox
 * itself (it registers its flush as it starts), so changes an earlier visit left queued are
 * sent, not deleted unsent.
 */
async function startOutboxForSignOut(): Promise<void> {
  try {
    await (await import('@/lib/client/outbox')).loadOutbox();
  } catch {
    // No IndexedDB (some private windows): nothing can have been queued.
  }
}

/** Deletes every IndexedDB database, Cache Storage entry, stored value and service worker of this origin. */
export async function clearOfflineData(): Promise<void> {
  const jobs: Promise<unknown>[] = [];
  if (typeof caches !== 'undefined') {
    jobs.push(caches.keys().then((names) => Promise.all(names.map((name) => caches.delete(name)))));
  }
  if (typeof indexedDB !== 'undefined' && typeof indexedDB.databases === 'function') {
    jobs.push(indexedDB.databases().then((databases) => Promise.all(databases.map(({ name }) => name && new Promise<void>((resolve) => {
      const request = indexedDB.deleteDatabase(name);
      // A tab still holding the database blocks deletion; the next load finds it gone.
      request.onsuccess = request.onerror = request.onblocked = () => resolve();
    })))));
  }
  if (typeof navigator !== 'undefined' && navigator.serviceWorker) {
    jobs.push(navigator.serviceWorker.getRegistrations().then((registrations) => Promise.all(registrations.map((registration) => registration.unregister()))));
  }
  await Promise.allSettled(jobs);
  try {
    sessionStorage.clear();
    localStorage.clear();
  } catch {
    // Storage may be unavailable (private mode); nothing to clear then.
  }
}

/**
 * Signs out: pushes queued offline changes, ends the session on the server, clears offline
 * data and goes to the sign-in page (or to `goTo`; null stays). Stops with `unsent` when queued changes could not be
 * pushed (ask the person, then call again with `discardUnsent: true`), and with `unreachable`
 * when the server cannot be reached.
 */
export async function signOut(options: { discardUnsent?: boolean; goTo?: string | null } = {}): Promise<SignOutResult> {
  if (!flushOutbox && !options.discardUnsent) await startOutboxForSignOut();
  if (flushOutbox && !options.discardUnsent) {
    try {
      await Promise.race([
        flushOutbox(),
        new Promise((_, reject) => setTimeout(() => reject(new Error('The outbox did not finish in time.')), flushTimeoutMs)),
      ]);
    } catch {
      return { status: 'unsent' };
    }
  }
  try {
    const response = await fetch('/api/session', {
      method: 'DELETE', headers: { accept: 'application/json' }, credentials: 'same-origin', signal: AbortSignal.timeout(signOutTimeoutMs),
    });
    if (!response.ok && response.status !== 401) return { status: 'unreachable' };
  } catch {
    return { status: 'unreachable' };
  }
  await clearOfflineData();
  // A full load, not a client-side navigation: nothing of the signed-in app stays in memory.
  if (options.goTo !== null) window.location.assign(options.goTo ?? '/sign-in?signed_out=1');
  return { status: 'signed-out' };
}

/** The sign-in page, bringing the person back to `next` (a path of this app) once signed in; plain without one. */
export function signInHref(next: string | null): string {
  return next ? `/sign-in?${new URLSearchParams({ next })}` : '/sign-in';
}
