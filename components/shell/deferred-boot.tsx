'use client';

import { useEffect, useState, type ComponentType } from 'react';
import { afterLoadAndIdle } from '@/lib/client/after-load-idle';

/*
 * Offline support (worker registration, outbox connection, update prompt, keeping pages
 * ahead) is needed neither for the first paint nor for the first interaction: its code loads
 * once the page has loaded and the browser is idle, so it neither delays hydration nor
 * competes with it. The player's host stays in the layout: Play buttons reach the player
 * through a small store (lib/client/player/state), and the host is already tiny.
 */

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
