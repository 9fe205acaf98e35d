/*
 * jsdom has no media playback (HTMLMediaElement.play/pause/load only log "not
 * implemented"), so these stand in for the browser's part: paused, readyState,
 * duration and error, and the events a real element fires. Our player code runs unchanged on top.
 */

type MediaState = { paused: boolean; readyState: number; duration: number; error: { code: number; message: string } | null };

const states = new WeakMap<HTMLMediaElement, MediaState>();

function stateOf(media: HTMLMediaElement): MediaState {
  let state = states.get(media);
  if (!state) {
    state = { paused: true, readyState: 0, duration: NaN, error: null };
    states.set(media, state);
  }
  return state;
}

function fire(media: HTMLMediaElement, type: string): void {
  media.dispatchEvent(new Event(type));
}

/** Makes every media element of the test environment behave like a playing browser's (without sound). */
export function installMediaStandIn(): void {
  const proto = HTMLMediaElement.prototype;
  for (const name of ['paused', 'readyState', 'duration', 'error'] as const) {
    Object.defineProperty(proto, name, { configurable: true, get(this: HTMLMediaElement) { return stateOf(this)[name]; } });
  }
  // A new address starts over, as the browser's load algorithm does: paused, nothing known, at 0.
  Object.defineProperty(proto, 'src', {
    configurable: true,
    get(this: HTMLMediaElement) { return this.getAttribute('src') ?? ''; },
    set(this: HTMLMediaElement, value: string) {
      this.setAttribute('src', value);
      this.load();
    },
  });
  proto.play = function play(this: HTMLMediaElement) {
    const state = stateOf(this);
    if (state.paused) {
      state.paused = false;
      fire(this, 'play');
      // As in browsers, "playing" comes later, once there is data to play.
      if (state.readyState >= 3) setTimeout(() => fire(this, 'playing'), 0);
    }
    return Promise.resolve();
  };
  proto.pause = function pause(this: HTMLMediaElement) {
    const state = stateOf(this);
    if (state.paused) return;
    state.paused = true;
    fire(this, 'timeupdate');
    fire(this, 'pause');
  };
  proto.load = function load(this: HTMLMediaElement) {
    Object.assign(stateOf(this), { paused: true, readyState: 0, duration: NaN, error: null });
    this.currentTime = 0;
  };
}

/** The audio's data arrived: its length is known and it can play (and plays on if asked to). */
export function arriveMetadata(media: HTMLMediaElement, duration: number): void {
  const state = stateOf(media);
  Object.assign(state, { readyState: 4, duration });
  fire(media, 'durationchange');
  fire(media, 'loadedmetadata');
  fire(media, 'canplay');
  if (!state.paused) fire(media, 'playing');
}

/** Playback went on by some seconds (the element reports the time as browsers do, a few times a second). */
export function playFor(media: HTMLMediaElement, seconds: number): void {
  media.currentTime += seconds;
  fire(media, 'timeupdate');
}

/** Loading the audio failed, as the browser reports it (a MediaError code and message). */
export function failToLoad(media: HTMLMediaElement, code: number, message: string): void {
  stateOf(media).error = { code, message };
  fire(media, 'error');
}
