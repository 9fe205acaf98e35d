'use client';

import { useEffect, useState } from 'react';

/** Scrolls smaller than this (a finger's jitter, a font swap) change nothing. */
const jitterPx = 8;
/** Within this much of the page's end counts as the end: the chrome comes back there. */
const endPx = 24;

/** True when the page is scrolled to its end (or is too short to scroll). */
function atPageEnd(): boolean {
  const root = document.scrollingElement ?? document.documentElement;
  return window.scrollY + window.innerHeight >= root.scrollHeight - endPx;
}

/**
 * Whether bottom chrome (the reader's action bar, the pending-changes badge) should show: it
 * hides while the page scrolls down, so it covers no text being read, and returns as the page
 * scrolls up or reaches its end. Always true while `active` is false.
 */
export function useShownWhileScrollingUp(active = true): boolean {
  const [shown, setShown] = useState(true);
  useEffect(() => {
    if (!active) return;
    const root = document.scrollingElement ?? document.documentElement;
    let last = window.scrollY;
    let lastHeight = root.scrollHeight;
    let frame = 0;
    const settle = () => {
      frame = 0;
      const now = window.scrollY;
      // A page that grew (similar items loading below the text) may move the scroll place down a little
      // without the person scrolling (scroll anchoring): a move down no larger than the growth hides nothing.
      const grown = Math.abs(root.scrollHeight - lastHeight);
      lastHeight = root.scrollHeight;
      if (atPageEnd()) setShown(true);
      else if (now > last && now - last <= grown) {
        last = now;
        return;
      } else if (now - last > jitterPx) setShown(false);
      else if (last - now > jitterPx) setShown(true);
      else return;
      last = now;
    };
    const onScroll = () => {
      frame ||= window.requestAnimationFrame(settle);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame) window.cancelAnimationFrame(frame);
      setShown(true);
    };
  }, [active]);
  return shown || !active;
}
