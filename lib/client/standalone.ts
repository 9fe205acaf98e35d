import { useSyncExternalStore } from 'react';

/*
 * Whether the app runs installed, in its own window. Small on purpose: the installed app's Back
 * button needs it on every page, while the rest of reopening where the person was
 * (./resume-reading) loads after hydration.
 */

/** The app's start_url (app/manifest.ts). */
export const startUrl = '/inbox';

const standaloneQuery = '(display-mode: standalone)';

/** Whether the app runs installed, in its own window (iOS Safari says so through navigator.standalone). */
export function isStandalone(): boolean {
  if (typeof window === 'undefined') return false;
  return Boolean(window.matchMedia?.(standaloneQuery).matches || (navigator as Navigator & { standalone?: boolean }).standalone);
}

function subscribeDisplayMode(onChange: () => void): () => void {
  const media = typeof window === 'undefined' ? undefined : window.matchMedia?.(standaloneQuery);
  media?.addEventListener?.('change', onChange);
  return () => media?.removeEventListener?.('change', onChange);
}

/** isStandalone as React state: false on the server and at hydration, then the real value. */
export function useStandalone(): boolean {
  return useSyncExternalStore(subscribeDisplayMode, isStandalone, () => false);
}
