'use client';

import { useEffect, useRef, useState } from 'react';

/** How far (in px, after resistance) a pull must go before letting go refreshes. */
export const pullThreshold = 64;
const maxPull = 96;
/** A finger moves further than the indicator: it feels like stretching, not dragging. */
const resistance = 0.5;

export type Pull = { distance: number; ready: boolean; refreshing: boolean };

/**
 * Whether a drag starting on `target` belongs to something else than the page: a dialog over it
 * (the Sources drawer, whose list scrolls while the page behind stays at its top, or its backdrop),
 * anything fixed over the page or marked `data-own-gestures` (the mini player, the offline and sync
 * panel: their place on the screen does not move with the list, so a drag on them is not one of the
 * list), or a box of its own scrolled down, which the drag scrolls back up.
 */
function ownedElsewhere(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  if (target.closest('dialog, [data-own-gestures]')) return true;
  for (let element: Element | null = target; element && element !== document.documentElement; element = element.parentElement) {
    if (element.scrollTop > 0 || getComputedStyle(element).position === 'fixed') return true;
  }
  return false;
}

/**
 * Pull to refresh on touch screens: a one-finger drag down while the page is scrolled to its
 * top stretches an indicator; let go past the threshold and `onRefresh` runs (the list is
 * fetched again). Sideways drags, two fingers, drags that start scrolled down and drags on a
 * dialog, on fixed UI or in a scrolled box are left to the browser. The Refresh button does the same for everyone else.
 */
export function usePullToRefresh(onRefresh: () => Promise<unknown>): Pull {
  const [distance, setDistance] = useState(0);
  const [refreshing, setRefreshing] = useState(false);
  const latest = useRef({ onRefresh, refreshing });
  useEffect(() => {
    latest.current = { onRefresh, refreshing };
  });

  useEffect(() => {
    let start: { x: number; y: number } | null = null;
    let pulled = 0;

    const onStart = (event: TouchEvent) => {
      const touch = event.touches[0];
      const pulling = event.touches.length === 1 && touch && window.scrollY <= 0 && !latest.current.refreshing && !ownedElsewhere(event.target);
      start = pulling ? { x: touch.clientX, y: touch.clientY } : null;
      pulled = 0;
    };
    const onMove = (event: TouchEvent) => {
      const touch = event.touches[0];
      if (!start || !touch || event.touches.length !== 1) return;
      const dx = touch.clientX - start.x;
      const dy = touch.clientY - start.y;
      if (Math.abs(dx) > Math.abs(dy) || window.scrollY > 0) {
        start = null;
        pulled = 0;
        setDistance(0);
        return;
      }
      pulled = Math.min(Math.max(dy * resistance, 0), maxPull);
      setDistance(pulled);
    };
    const onCancel = () => {
      start = null;
      pulled = 0;
      setDistance(0);
    };
    const onEnd = () => {
      if (!start) return;
      start = null;
      setDistance(0);
      if (pulled < pullThreshold) return;
      pulled = 0;
      setRefreshing(true);
      latest.current.onRefresh().catch(() => undefined).finally(() => setRefreshing(false));
    };

    // The browser's own pull (a page reload in a tab) would fight this one.
    const root = document.documentElement;
    const before = root.style.overscrollBehaviorY;
    root.style.overscrollBehaviorY = 'contain';
    window.addEventListener('touchstart', onStart, { passive: true });
    window.addEventListener('touchmove', onMove, { passive: true });
    window.addEventListener('touchend', onEnd);
    window.addEventListener('touchcancel', onCancel);
    return () => {
      root.style.overscrollBehaviorY = before;
      window.removeEventListener('touchstart', onStart);
      window.removeEventListener('touchmove', onMove);
      window.removeEventListener('touchend', onEnd);
      window.removeEventListener('touchcancel', onCancel);
    };
  }, []);

  return { distance, ready: distance >= pullThreshold, refreshing };
}
