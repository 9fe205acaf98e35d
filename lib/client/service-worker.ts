import { Workbox } from 'workbox-window';

/*
 * Registers the service worker (public/sw.js) and reports when a new version waits.
 * Loaded lazily after hydration, so workbox-window is not part of first-load JS.
 */

const updateCheckMs = 60 * 60 * 1000;
/** When this tab last asked the worker to keep things ahead (sessionStorage, ms). */
const warmUpStampKey = 'tidings:warm-up';

/** What the page can do with the registration. */
export type WorkerControls = {
  /** Lets the waiting version take over; the page reloads once it controls the page. */
  acceptUpdate: () => void;
};

/**
 * Registers the worker. `onUpdateWaiting` runs each time a new version is installed and
 * waits (again for every further update, without a reload in between).
 */
export function registerServiceWorker(onUpdateWaiting: () => void): WorkerControls {
  const workbox = new Workbox('/sw.js', { scope: '/' });
  let accepted = false;
  // Reload only when this page asked; another tab accepting makes this one show the prompt.
  workbox.addEventListener('controlling', (event) => {
    if (accepted) window.location.reload();
    else if (event.isUpdate) onUpdateWaiting();
  });
  // Workbox's own 'waiting' event stops after the first update it deems external, so every
  // update is watched on the registration itself: each new worker that installs while
  // another controls the page is waiting for the person.
  void workbox.register().then((registration) => {
    if (!registration) return;
    if (registration.waiting && navigator.serviceWorker.controller) onUpdateWaiting();
    registration.addEventListener('updatefound', () => {
      const worker = registration.installing;
      worker?.addEventListener('statechange', () => {
        if (worker.state === 'installed' && navigator.serviceWorker.controller) onUpdateWaiting();
      });
    });
  }, () => undefined);

  const check = () => void workbox.update().catch(() => undefined);
  setInterval(check, updateCheckMs);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') check();
  });

  return {
    acceptUpdate() {
      accepted = true;
      // The new version keeps pages in caches of its own and drops the old ones as it takes
      // over: the page it reloads into must ask it to keep the inbox and saved view again, now,
      // or they would not open offline until the half-hour pause of this tab had passed.
      sessionStorage.removeItem(warmUpStampKey);
      workbox.messageSkipWaiting();
      // A worker that already took over (another tab accepted) sends no new 'controlling' event.
      void navigator.serviceWorker.getRegistration().then((registration) => {
        if (!registration?.waiting) window.location.reload();
      });
    },
  };
}

/**
 * Asks the worker to keep the key pages and lists ahead of time, at most every half
 * hour per tab session; it ignores anything it cannot fetch (signed out, offline).
 */
export async function warmOfflineCopies(request: { pages: string[]; lists: string[]; answers: string[]; savedList: string | null }): Promise<void> {
  const last = Number(sessionStorage.getItem(warmUpStampKey) ?? 0);
  if (Date.now() - last < 30 * 60 * 1000 || !navigator.onLine) return;
  const registration = await navigator.serviceWorker.ready;
  registration.active?.postMessage({ type: 'warm-up', ...request });
  sessionStorage.setItem(warmUpStampKey, String(Date.now()));
}
