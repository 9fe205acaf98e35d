'use client';

import { useEffect, useState, type ComponentType } from 'react';

/*
 * Offline support (worker registration, outbox connection, update prompt, keeping pages
 * ahead) is needed neither for the first paint nor for the first interaction: its code loads
 * once the page has loaded and the browser is idle, so it neither delays hydration nor
 * competes with it. The player's host stays in the layout: Play buttons reach the player
 * through a small store (lib/client/player/state), and the host is already tiny.
 */

/** Longest wait for an idle moment after the load event before starting anyway. */
const idleTimeoutMs = 2000;

/** Runs `start` once the page has loaded and the main thread is idle; answers the cancel function. */
function afterLoadAndIdle(start: () => void): () => void {
  // Safari has no requestIdleCallback: a short timer after the load event stands in.
  const hasIdle = typeof window.requestIdleCallback === 'function';
  let cancelled = false;
  let pending: number | undefined;
  const run = () => {
    if (cancelled) return;
    pending = hasIdle ? window.requestIdleCallback(start, { timeout: idleTimeoutMs }) : window.setTimeout(start, 200);
  };
  if (document.readyState === 'complete') run();
  else window.addEventListener('load', run, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', run);
    if (pending === undefined) return;
    if (hasIdle) window.cancelIdleCallback(pending);
    else window.clearTimeout(pending);
  };
}

/** Offline support, loaded and started after the page loaded (it shows nothing before then). */
export function DeferredBoot() {
  const [OfflineBoot, setOfflineBoot] = useState<ComponentType | null>(null);
  useEffect(() => {
    let active = true;
    const cancel = afterLoadAndIdle(() => {
      void import('@/components/offline/offline-boot').then((module) => {
        if (active) setOfflineBoot(() => module.OfflineBoot);
      });
    });
    return () => {
      active = false;
      cancel();
    };
  }, []);
  return OfflineBoot ? <OfflineBoot /> : null;
}
