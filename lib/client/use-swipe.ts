import { useEffect, useMemo, useRef, useState, type PointerEvent } from 'react';

/** Where and when a touch was, in CSS pixels and milliseconds. */
export type TouchPoint = { x: number; y: number; time: number };
export type SwipeDirection = 'left' | 'right';

/** A swipe moves at least this far sideways: shorter moves are taps and jitter. */
export const swipeMinDistance = 72;
/** Sideways must be at least this many times the vertical move: anything steeper is scrolling. */
const swipeMinSlope = 2;
/** Slower moves are reading or dragging, not a flick to the next page. */
const swipeMaxDuration = 1000;
/** Touches starting this close to a side are left to the system's own back and forward gestures. */
const edgeMargin = 24;

/** Whether a touch from `start` to `end` was a sideways swipe on a screen `width` wide, and which way. */
export function swipeDirection(start: TouchPoint, end: TouchPoint, width: number): SwipeDirection | null {
  if (start.x < edgeMargin || start.x > width - edgeMargin) return null;
  const dx = end.x - start.x;
  const dy = end.y - start.y;
  if (Math.abs(dx) < swipeMinDistance || Math.abs(dx) < swipeMinSlope * Math.abs(dy)) return null;
  if (end.time - start.time > swipeMaxDuration) return null;
  return dx < 0 ? 'left' : 'right';
}

/** Touches that start on these belong to them (fields, players, wide code and tables scroll sideways). */
const ownGestures = 'input, textarea, select, audio, video, pre, table, [contenteditable], [data-no-swipe]';

function selecting(): boolean {
  const selection = typeof window === 'undefined' ? null : window.getSelection();
  return Boolean(selection && !selection.isCollapsed);
}

/** Whether the person has pinched the page larger than it lays out (a sideways drag then pans it). */
function zoomedIn(): boolean {
  return typeof window !== 'undefined' && (window.visualViewport?.scale ?? 1) > 1.01;
}

/** Follows pinch-zoom: the visual viewport resizes as its scale changes. */
function useZoomedIn(): boolean {
  const [zoomed, setZoomed] = useState(false);
  useEffect(() => {
    const viewport = window.visualViewport;
    if (!viewport) return;
    const check = () => setZoomed(zoomedIn());
    check();
    viewport.addEventListener('resize', check);
    return () => viewport.removeEventListener('resize', check);
  }, []);
  return zoomed;
}

/**
 * Pointer handlers, and a touch-action style, that call `onSwipe` after a one-finger sideways
 * swipe on a touch screen; spread both on the element. Vertical scrolls (the browser takes those
 * over: pointercancel, or too steep), pinches (a second finger), text selection, and touches on
 * controls that own their gestures are ignored. The element leaves the browser vertical panning
 * and pinch-zoom (text must stay zoomable) and keeps sideways moves for the swipe; once zoomed in,
 * sideways moves pan the enlarged page and are no swipe.
 */
export function useSwipe(onSwipe: (direction: SwipeDirection) => void) {
  const start = useRef<(TouchPoint & { pointerId: number }) | null>(null);
  const latest = useRef(onSwipe);
  useEffect(() => {
    latest.current = onSwipe;
  }, [onSwipe]);
  const zoomed = useZoomedIn();

  const handlers = useMemo(() => ({
    onPointerDown(event: PointerEvent<HTMLElement>) {
      if (event.pointerType !== 'touch' || !event.isPrimary || selecting() || zoomedIn()) {
        start.current = null;
        return;
      }
      if (event.target instanceof Element && event.target.closest(ownGestures)) return;
      start.current = { x: event.clientX, y: event.clientY, time: event.timeStamp, pointerId: event.pointerId };
    },
    onPointerUp(event: PointerEvent<HTMLElement>) {
      const began = start.current;
      start.current = null;
      if (!began || event.pointerId !== began.pointerId || selecting()) return;
      const direction = swipeDirection(began, { x: event.clientX, y: event.clientY, time: event.timeStamp }, window.innerWidth);
      if (direction) latest.current(direction);
    },
    onPointerCancel() {
      start.current = null;
    },
  }), []);
  return { ...handlers, style: { touchAction: zoomed ? 'auto' : 'pan-y pinch-zoom' } };
}
