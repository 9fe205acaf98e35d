'use client';

import dynamic from 'next/dynamic';
import { usePathname } from 'next/navigation';
import { useEffect } from 'react';
import { afterLoadAndIdle } from '@/lib/client/after-load-idle';
import { usePlayerValue } from '@/lib/client/player/state';

// The mini player and everything under it load only once there is an episode to show.
const PlayerBar = dynamic(() => import('./player-bar').then((module) => module.PlayerBar), { ssr: false, loading: () => null });

/** Pages for people who are not signed in: no player there. */
const publicPaths = /^\/(share|sign-in)(\/|$)/;

/**
 * The player's place in the root layout: nothing until an episode is played, or until the
 * last one is restored after a reload (paused, at its position); then the mini player.
 */
export function PlayerHost() {
  const pathname = usePathname() ?? '';
  const isPublic = publicPaths.test(pathname);
  const active = usePlayerValue((state) => state.episode !== null);

  // After the page's load event, at an idle moment: restoring the player is not part of any page's first load.
  useEffect(() => {
    if (isPublic) return;
    return afterLoadAndIdle(() => {
      void import('@/lib/client/episode-downloads/downloads-list').then((downloads) => downloads.loadDownloads());
      void import('@/lib/client/player/launch').then((launch) => launch.restorePlayer());
    });
  }, [isPublic]);

  return active && !isPublic ? <PlayerBar /> : null;
}
