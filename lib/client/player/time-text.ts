/*
 * Times as people read and hear them: "12:05" on screen, "12 minutes 5 seconds" for
 * screen readers (a slider's aria-valuetext), "23 min left" and "45 min" in lists.
 */

function parts(seconds: number): [number, number, number] {
  const whole = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  return [Math.floor(whole / 3600), Math.floor((whole % 3600) / 60), whole % 60];
}

/** A clock reading: "0:07", "12:05", "1:03:00". */
export function clockTime(seconds: number): string {
  const [hours, minutes, rest] = parts(seconds);
  const ss = String(rest).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${ss}` : `${minutes}:${ss}`;
}

function unit(count: number, name: string): string {
  return `${count} ${name}${count === 1 ? '' : 's'}`;
}

/** A time in words: "12 minutes 5 seconds", "1 hour 3 minutes", "0 seconds". */
export function spokenTime(seconds: number): string {
  const [hours, minutes, rest] = parts(seconds);
  const words = [hours && unit(hours, 'hour'), minutes && unit(minutes, 'minute'), rest && unit(rest, 'second')].filter(Boolean);
  return words.length ? words.join(' ') : '0 seconds';
}

/** Where playback is, in words: "12 minutes 5 seconds of 1 hour 3 minutes". */
export function spokenPosition(position: number, duration: number | null): string {
  return duration ? `${spokenTime(position)} of ${spokenTime(duration)}` : spokenTime(position);
}

/** What is left to hear, short: "23 min left", "1 h 5 min left", "under a minute left". */
export function timeLeft(position: number, duration: number): string {
  const minutes = Math.round(Math.max(0, duration - position) / 60);
  if (minutes < 1) return 'under a minute left';
  return minutes >= 60 ? `${Math.floor(minutes / 60)} h ${minutes % 60} min left` : `${minutes} min left`;
}

/** An episode's length, short: "45 min", "1 h 5 min", "20 sec" (under a minute, rather than "0 min"). */
export function episodeLength(seconds: number): string {
  const whole = Math.max(1, Math.round(seconds));
  if (whole < 60) return `${whole} sec`;
  const minutes = Math.round(seconds / 60);
  return minutes >= 60 ? `${Math.floor(minutes / 60)} h ${minutes % 60} min` : `${minutes} min`;
}
