'use client';

import { usePathname } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import { useSWRConfig } from 'swr';
import { listenForLateAnswers } from '@/lib/client/late-answers';
import { loadOutbox } from '@/lib/client/outbox';
import type { WorkerControls } from '@/lib/client/service-worker';
import { OutboxIndicator } from './outbox-indicator';
import { UpdatePrompt } from './update-prompt';

/** Pages for people who are not signed in: no worker, no outbox. */
const publicPaths = /^\/(share|sign-in)(\/|$)/;

/**
 * Starts offline support after hydration: registers the service worker (workbox-window,
 * loaded then), starts the outbox (replaying what waits), asks the worker to keep the key
 * pages and saved items, and shows the reload prompt and the outbox indicator.
 */
export function OfflineBoot() {
  const pathname = usePathname() ?? '';
  const isPublic = publicPaths.test(pathname);
  const { cache, mutate } = useSWRConfig();
  const [updateWaiting, setUpdateWaiting] = useState(false);
  const controls = useRef<WorkerControls | null>(null);

  useEffect(() => {
    if (isPublic) return;
    void loadOutbox()
      .then((outbox) => outbox.connectSwr({ keys: () => cache.keys(), revalidate: (key) => mutate(key) }))
      .catch(() => undefined);
  }, [isPublic, cache, mutate]);

  useEffect(() => (isPublic ? undefined : listenForLateAnswers(mutate)), [isPublic, mutate]);

  useEffect(() => {
    if (isPublic || process.env.NODE_ENV !== 'production' || !('serviceWorker' in navigator) || controls.current) return;
    void import('@/lib/client/service-worker').then(({ registerServiceWorker }) => {
      controls.current ??= registerServiceWorker(() => setUpdateWaiting(true));
    });
    void import('@/lib/client/offline-warm-up').then(({ warmUpOfflineReading }) => warmUpOfflineReading()).catch(() => undefined);
  }, [isPublic]);

  if (isPublic) return null;
  const prompt = updateWaiting
    ? <UpdatePrompt onReload={() => controls.current?.acceptUpdate()} onLater={() => setUpdateWaiting(false)} />
    : null;
  return <OutboxIndicator notice={prompt} />;
}
