/*
 * One tab plays at a time: a tab whose audio starts tells the app's other tabs, and
 * they pause theirs (which reports their position as any pause does). Without
 * BroadcastChannel each tab simply plays on its own.
 */

const channelName = 'tidings-player';
const startedPlaying = 'started-playing';

/** Pauses `audio` when another tab starts playing, and tells the other tabs when it starts. */
export function playInOneTabAtATime(audio: HTMLMediaElement): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(channelName);
  channel.addEventListener('message', (event: MessageEvent) => {
    if (event.data === startedPlaying && !audio.paused) audio.pause();
  });
  // "play", not "playing": the other tabs should stop as soon as this one is asked to play, not once its data arrives.
  audio.addEventListener('play', () => channel.postMessage(startedPlaying));
}
