'use client';

import dynamic from 'next/dynamic';
import { usePathname } from 'next/navigation';
import { useEffect } from 'react';
import { loadDownloads } from '@/lib/client/episode-downloads/downloads-list';
import { restorePlayer } from '@/lib/client/player/launch';
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

  useEffect(() => {
    if (isPublic) return;
    void loadDownloads();
    restorePlayer();
  }, [isPublic]);

  return active && !isPublic ? <PlayerBar /> : null;
}
