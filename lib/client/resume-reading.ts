import { keptListText, restoreKeptList } from './list-context';
import { startUrl } from './standalone';

/*
 * Reopening the installed app where the person was. Its windows do not keep their page when the
 * system closes them, and each start opens start_url (/inbox): the route and the reader's scroll
 * position are remembered as the person goes, and a cold start at /inbox goes back to the item.
 */

/** Where the last route of the installed app is kept (localStorage: it outlives the window). */
export const LAST_ROUTE_KEY = 'tidings:last-route';
/** Marks a window whose app has started already, so a reload at /inbox stays there (sessionStorage). */
export const STARTED_KEY = 'tidings:started';
/** The scroll position the reader restores once the resumed item is on screen (sessionStorage). */
export const RESUME_SCROLL_KEY = 'tidings:resume-scroll';
/** Older than this, the last item is yesterday's business: the app opens the inbox. */
export const resumeMaxAgeMs = 12 * 60 * 60 * 1000;

/**
 * The last route of the installed app, its scroll position, when it was there, and the list the
 * reader stepped through (as lib/client/list-context keeps it; it goes with the window otherwise).
 */
export type LastRoute = { href: string; scrollY: number; at: number; list?: string | null };

function storage(kind: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window[kind];
  } catch {
    return null; // storage blocked: the app simply opens at start_url
  }
}

/** Remembers the route the app is at, how far down it is scrolled and the list it is read from. */
export function rememberRoute(href: string, scrollY: number, now = Date.now()): void {
  const list = keptListText();
  const entry: LastRoute = { href, scrollY: Math.max(0, Math.round(scrollY)), at: now, list };
  storage('localStorage')?.setItem(LAST_ROUTE_KEY, JSON.stringify(entry));
}

/** The remembered route, or null when there is none or it cannot be read. */
export function lastRoute(): LastRoute | null {
  try {
    const entry = JSON.parse(storage('localStorage')?.getItem(LAST_ROUTE_KEY) ?? 'null') as LastRoute | null;
    return entry && typeof entry.href === 'string' && Number.isFinite(entry.at) ? entry : null;
  } catch {
    return null;
  }
}

/** True the first time it is asked in a window, false afterwards (a reload or later navigation). */
export function claimColdStart(): boolean {
  const session = storage('sessionStorage');
  if (!session || session.getItem(STARTED_KEY)) return false;
  session.setItem(STARTED_KEY, '1');
  return true;
}

/** The item to reopen at a cold start at `href`, or null: only start_url resumes, only an item, only a recent one. */
export function resumeTarget(href: string, last: LastRoute | null, now = Date.now()): string | null {
  if (href !== startUrl || !last || now - last.at > resumeMaxAgeMs) return null;
  return /^\/items\/[^/?#]+$/.test(last.href) ? last.href : null;
}

/** Gives a resumed window back the list its last item was read from, for next/previous and Back. */
export function restoreList(last: LastRoute): void {
  if (typeof last.list !== 'string') return;
  restoreKeptList(last.list);
}

/** Leaves the reader a scroll position to restore when it shows `href`. */
export function leaveScrollFor(href: string, scrollY: number): void {
  storage('sessionStorage')?.setItem(RESUME_SCROLL_KEY, JSON.stringify({ href, scrollY }));
}

/** The scroll position left for `href`, taken once (null when none was left for it). */
export function takeScrollFor(href: string): number | null {
  const session = storage('sessionStorage');
  try {
    const left = JSON.parse(session?.getItem(RESUME_SCROLL_KEY) ?? 'null') as { href: string; scrollY: number } | null;
    if (!left || left.href !== href) return null;
    session?.removeItem(RESUME_SCROLL_KEY);
    return left.scrollY;
  } catch {
    return null;
  }
}

/** How long the reader keeps going for the place left while the page under it still grows. */
const reachWithinMs = 5000;
/** Doing any of these, the person takes the scrolling over from the restore. */
const takeOver = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/**
 * Scrolls to the position left for `href` (call once its content is on screen); later calls do
 * nothing. The page may still be shorter than that place (what follows the text, similar items
 * and notes, arrives after it, and clamps the scroll): it scrolls again each time the page grows,
 * until there, for a few seconds at most, or until the person scrolls or presses something.
 */
export function restoreLeftScroll(href: string): void {
  const scrollY = takeScrollFor(href);
  if (!scrollY) return;
  let observer: ResizeObserver | null = null;
  const stop = () => {
    observer?.disconnect();
    clearTimeout(timer);
    for (const type of takeOver) window.removeEventListener(type, stop);
  };
  const reach = () => {
    window.scrollTo(0, scrollY);
    if (window.scrollY >= scrollY - 1) stop();
  };
  const timer = setTimeout(stop, reachWithinMs);
  for (const type of takeOver) window.addEventListener(type, stop, { passive: true });
  if (typeof ResizeObserver === 'function') {
    observer = new ResizeObserver(() => reach());
    observer.observe(document.body);
  }
  window.requestAnimationFrame(reach);
}
