import type { KeyboardEvent } from 'react';
import { skipBackSeconds, skipForwardSeconds, withPlayer } from '@/lib/client/player/launch';

/*
 * Keys inside the player (the mini player or the full one): space and k play or pause,
 * j goes back 15 s, l forward 30 s (as video players do). They act only while focus is in
 * the player, where they take precedence over the page's j/k (next and previous item).
 */

/** Handles a key press in the player; leaves buttons' own Space and the speed list alone. */
export function onPlayerKeyDown(event: KeyboardEvent<HTMLElement>): void {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || event.nativeEvent.isComposing) return;
  const target = event.target as HTMLElement;
  if (target.closest('select, textarea, input:not([type="range"])')) return;
  switch (event.key) {
    case ' ':
      // Space on a button or link presses it, as everywhere.
      if (target.closest('button, a[href]')) return;
      withPlayer((player) => player.togglePlayback());
      break;
    case 'k':
      withPlayer((player) => player.togglePlayback());
      break;
    case 'j':
      withPlayer((player) => player.skipBy(-skipBackSeconds));
      break;
    case 'l':
      withPlayer((player) => player.skipBy(skipForwardSeconds));
      break;
    default:
      return;
  }
  event.preventDefault();
}
