import { callApi } from '@/lib/client/api-client';
import { episodeOf, type PlayerEpisode } from './episode';
import { playableAudioUrl, sharedAudio, skipBackSeconds, skipForwardSeconds } from './launch';
import { clearLockScreen, connectMediaSession, showEpisodeOnLockScreen, showPlaybackOnLockScreen } from './media-session';
import { playbackErrorSentence } from './playback-error';
import { createReporter } from './reporter';
import { clearSavedPlayer, readSavedPlayer, type SavedPlayer } from './saved-player';
import { rememberSubscriptionSpeed, subscriptionSpeed, validSpeed } from './speed';
import { playerState, resetPlayer, updatePlayer } from './state';
import { fetchNextInUpNext } from './up-next-order';

/*
 * The player itself (loaded on first use): drives the shared audio element, mirrors it
 * into the state snapshot, keeps and reports the position (every 15 s while playing, on
 * pause, when a seek settles, when the page goes away), and answers the lock screen.
 */

const reportEveryMs = 15_000;
const keepEveryMs = 1_000;

let episode: PlayerEpisode | null = null;
// Where to go once the audio knows its length (a seek before that is lost in some browsers).
let pendingStart: number | null = null;
let lastKeptAt = 0;
let reportTimer: ReturnType<typeof setInterval> | null = null;
let speedLookup: AbortController | null = null;
let attached = false;

function positionNow(): number {
  return pendingStart ?? sharedAudio().currentTime;
}

function durationNow(): number | null {
  const duration = sharedAudio().duration;
  return Number.isFinite(duration) && duration > 0 ? duration : episode?.durationSeconds ?? null;
}

const reporter = createReporter(() => ({ episode, position: positionNow(), rate: sharedAudio().playbackRate }));

function stopReporting(): void {
  if (reportTimer) clearInterval(reportTimer);
  reportTimer = null;
}

function showOnLockScreen(): void {
  const audio = sharedAudio();
  showPlaybackOnLockScreen(!audio.paused, positionNow(), durationNow(), audio.playbackRate);
}

function errorSentence(error: MediaError | null): string {
  return playbackErrorSentence(error, navigator.onLine);
}

function attach(): void {
  if (attached) return;
  attached = true;
  const audio = sharedAudio();
  const on = (type: string, listener: () => void) => audio.addEventListener(type, () => {
    if (episode) listener();
  });
  on('play', () => updatePlayer({ status: 'loading', error: null }));
  on('waiting', () => updatePlayer({ status: audio.paused ? 'paused' : 'loading' }));
  on('playing', () => {
    updatePlayer({ status: 'playing', error: null });
    stopReporting();
    reportTimer = setInterval(reporter.report, reportEveryMs);
    showOnLockScreen();
  });
  on('pause', () => {
    stopReporting();
    if (playerState().status !== 'error') updatePlayer({ status: 'paused' });
    reporter.report();
    showOnLockScreen();
  });
  on('loadedmetadata', () => {
    if (pendingStart !== null && pendingStart > 0 && Math.abs(audio.currentTime - pendingStart) > 0.5) audio.currentTime = pendingStart;
    pendingStart = null;
    updatePlayer({ duration: durationNow() });
    showOnLockScreen();
  });
  on('durationchange', () => updatePlayer({ duration: durationNow() }));
  on('timeupdate', () => {
    updatePlayer({ position: positionNow() });
    if (!audio.paused && Date.now() - lastKeptAt >= keepEveryMs) {
      lastKeptAt = Date.now();
      reporter.keep(true);
    }
  });
  on('seeked', showOnLockScreen);
  on('ratechange', () => {
    updatePlayer({ rate: audio.playbackRate });
    showOnLockScreen();
  });
  on('ended', () => {
    stopReporting();
    updatePlayer({ status: 'paused', position: durationNow() ?? positionNow() });
    reporter.report();
    if (episode) void continueWithUpNext(episode.id);
  });
  on('error', () => {
    // An element emptied on close reports no error worth showing.
    if (!audio.getAttribute('src')) return;
    stopReporting();
    updatePlayer({ status: 'error', error: errorSentence(audio.error) });
  });
  window.addEventListener('pagehide', reporter.leave);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') reporter.leave();
  });
  connectMediaSession({ play: playPlayback, pause: pausePlayback, seekBy: skipBy, seekTo }, { back: skipBackSeconds, forward: skipForwardSeconds });
}

function setRate(rate: number): void {
  const audio = sharedAudio();
  audio.defaultPlaybackRate = rate;
  audio.playbackRate = rate;
  updatePlayer({ rate });
}

/** Uses the subscription's playback_speed once it is known (the episode may have changed by then). */
async function applySubscriptionSpeed(target: PlayerEpisode): Promise<void> {
  speedLookup?.abort();
  if (!target.subscriptionId) return;
  const lookup = new AbortController();
  speedLookup = lookup;
  const speed = await subscriptionSpeed(target.subscriptionId, lookup.signal);
  if (speed !== null && !lookup.signal.aborted && episode?.id === target.id) setRate(speed);
}

function load(next: PlayerEpisode, position: number, rate: number): void {
  reporter.cancelSeekReport();
  stopReporting();
  episode = next;
  sharedAudio().src = playableAudioUrl(next);
  pendingStart = position;
  setRate(rate);
  reporter.known(next.id, position);
  updatePlayer({ episode: next, position, duration: durationNow(), error: null });
  showEpisodeOnLockScreen(next);
}

/** Whether the kept position of this episode still waits to reach the service. */
function keptUnsent(id: string): boolean {
  const saved = readSavedPlayer();
  return saved?.episode.id === id && saved.unsent;
}

/** Takes over an episode that launch.ts started inside the click, while this module loaded. */
export function adoptEpisode(next: PlayerEpisode, position: number): void {
  attach();
  const audio = sharedAudio();
  episode = next;
  if (audio.readyState < HTMLMediaElement.HAVE_METADATA) pendingStart = position;
  reporter.known(next.id, position);
  reporter.keep(keptUnsent(next.id));
  const status = audio.paused ? 'paused' : audio.readyState >= HTMLMediaElement.HAVE_FUTURE_DATA ? 'playing' : 'loading';
  updatePlayer({ episode: next, status, duration: durationNow() });
  if (!audio.paused && !reportTimer) reportTimer = setInterval(reporter.report, reportEveryMs);
  showEpisodeOnLockScreen(next);
  // The audio may have started playing before this module loaded: its "playing" event is gone.
  showOnLockScreen();
  void applySubscriptionSpeed(next);
}

/** Plays another episode from `position`, first reporting where the previous one stopped. */
export function startEpisode(next: PlayerEpisode, position: number): void {
  attach();
  const previous = episode;
  if (previous && previous.id !== next.id) reporter.report();
  const unsent = keptUnsent(next.id);
  const sameShow = Boolean(previous?.subscriptionId && previous.subscriptionId === next.subscriptionId);
  load(next, position, sameShow ? sharedAudio().playbackRate : 1);
  reporter.keep(unsent);
  playPlayback();
  void applySubscriptionSpeed(next);
}

/** Plays Up Next's next episode once one ends, unless the person chose something else meanwhile. */
async function continueWithUpNext(finishedId: string): Promise<void> {
  const next = await fetchNextInUpNext(finishedId);
  const target = next ? episodeOf(next) : null;
  if (!target || episode?.id !== finishedId || !sharedAudio().paused) return;
  startEpisode(target, 0);
}

/** Brings back the kept episode and position, paused; sends a position the service never got. */
export function restoreEpisode(saved: SavedPlayer): void {
  if (episode) return;
  attach();
  load(saved.episode, saved.position, validSpeed(saved.rate));
  updatePlayer({ status: 'paused' });
  if (saved.unsent) reporter.resend(saved);
  else void catchUpWithService(saved);
  void applySubscriptionSpeed(saved.episode);
}

/** When another device played on since, starts from where it stopped (unless the player was touched here meanwhile). */
async function catchUpWithService(saved: SavedPlayer): Promise<void> {
  const item = await callApi('GET', '/v1/items/{item_id}', { params: { item_id: saved.episode.id } }).catch(() => null);
  const position = item?.playback_position;
  if (!item?.last_played_at || typeof position !== 'number' || position === Math.round(saved.position)) return;
  const untouched = episode?.id === saved.episode.id && sharedAudio().paused && Math.round(positionNow()) === Math.round(saved.position);
  if (!untouched || Date.parse(item.last_played_at) <= Date.parse(saved.savedAt)) return;
  moveTo(position);
  reporter.known(saved.episode.id, position);
  reporter.keep(false);
}

function moveTo(seconds: number): void {
  const duration = durationNow();
  const target = Math.max(0, duration ? Math.min(seconds, duration) : seconds);
  const audio = sharedAudio();
  if (audio.readyState < HTMLMediaElement.HAVE_METADATA) pendingStart = target;
  else audio.currentTime = target;
  updatePlayer({ position: target });
}

/** Starts or resumes playing the current episode. */
export function playPlayback(): void {
  const audio = sharedAudio();
  if (!episode) return;
  if (playerState().status === 'error') {
    // Try again from where it stopped: the connection may be back, or the episode downloaded meanwhile.
    const position = positionNow();
    audio.src = playableAudioUrl(episode);
    pendingStart = position;
  }
  updatePlayer({ status: 'loading', error: null });
  const attempt = audio.play() as Promise<void> | undefined;
  attempt?.catch((error: Error) => {
    if (error.name === 'AbortError') return;
    // NotAllowedError: the browser wants a tap first; the Play button is there for it.
    updatePlayer(error.name === 'NotAllowedError' ? { status: 'paused' } : { status: 'error', error: errorSentence(audio.error) });
  });
}

/** Pauses (the pause is reported to the service). */
export function pausePlayback(): void {
  sharedAudio().pause();
}

/** Plays when paused, pauses when playing. */
export function togglePlayback(): void {
  const { status } = playerState();
  if (status === 'playing' || status === 'loading') pausePlayback();
  else playPlayback();
}

/** Goes to a position (seconds); the position is reported once seeking settles. */
export function seekTo(seconds: number): void {
  if (!episode || !Number.isFinite(seconds)) return;
  moveTo(seconds);
  reporter.keep(true);
  reporter.reportWhenSeekSettles();
  showOnLockScreen();
}

/** Jumps back (negative) or forward by some seconds. */
export function skipBy(seconds: number): void {
  seekTo(positionNow() + seconds);
}

/** Sets the speed and stores it on the subscription, so the podcast's next episodes use it too. */
export async function changeSpeed(rate: number): Promise<void> {
  if (!episode) return;
  const speed = validSpeed(rate);
  setRate(speed);
  reporter.keep(keptUnsent(episode.id));
  if (episode.subscriptionId) await rememberSubscriptionSpeed(episode.subscriptionId, speed);
}

/** Stops, reports the position and forgets the episode: the mini player goes away. */
export function closePlayer(): void {
  if (!episode) return;
  reporter.report();
  reporter.cancelSeekReport();
  stopReporting();
  speedLookup?.abort();
  episode = null;
  pendingStart = null;
  const audio = sharedAudio();
  audio.pause();
  audio.removeAttribute('src');
  audio.load();
  clearSavedPlayer();
  resetPlayer();
  // The audio's pause event found no episode and told the system nothing: say so here.
  clearLockScreen();
}
