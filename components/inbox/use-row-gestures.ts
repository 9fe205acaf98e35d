import { useEffect, useMemo, useRef, useState, type MouseEvent, type PointerEvent } from 'react';
import { swipeMinDistance, type SwipeDirection } from '@/lib/client/use-swipe';

/** A press held this long without moving is a long press. */
export const longPressMs = 500;
/** Moves shorter than this are a still finger (a long press), longer ones a swipe or a scroll. */
const slop = 10;
/** Touches starting this close to a side are left to the system's back and forward gestures. */
const edgeMargin = 24;
/** How far the row follows the finger. */
const maxOffset = 128;
/** Presses on these keep their own meaning: controls and the checkbox. */
const ownPresses = 'input, label, button, summary, details > div, audio, video, [data-no-swipe]';

type Gesture = { x: number; y: number; pointerId: number; swiping: boolean; moved: boolean; timer: ReturnType<typeof setTimeout> | null };

/**
 * A row's touch gestures: a sideways drag moves the row with the finger (`offset`, for the hint
 * behind it) and, let go past the swipe distance, calls `onSwipe`; a finger held still calls
 * `onLongPress`. Either keeps the press from also opening the row's link. Mouse and keyboard
 * are left alone: they have the row's buttons and menu. Vertical moves scroll (touch-action pan-y).
 */
export function useRowGestures(onSwipe: (direction: SwipeDirection) => void, onLongPress: () => void) {
  const [offset, setOffset] = useState(0);
  const gesture = useRef<Gesture | null>(null);
  const swallowClick = useRef(false);
  const latest = useRef({ onSwipe, onLongPress });
  useEffect(() => {
    latest.current = { onSwipe, onLongPress };
  }, [onSwipe, onLongPress]);
  useEffect(() => () => {
    if (gesture.current?.timer) clearTimeout(gesture.current.timer);
  }, []);

  const handlers = useMemo(() => {
    const end = () => {
      if (gesture.current?.timer) clearTimeout(gesture.current.timer);
      gesture.current = null;
      setOffset(0);
    };
    return {
      onPointerDown(event: PointerEvent<HTMLElement>) {
        swallowClick.current = false;
        if (event.pointerType === 'mouse' || !event.isPrimary) return;
        if (event.target instanceof Element && event.target.closest(ownPresses)) return;
        if (event.clientX < edgeMargin || event.clientX > window.innerWidth - edgeMargin) return;
        const timer = setTimeout(() => {
          const held = gesture.current;
          if (!held || held.moved) return;
          held.timer = null;
          swallowClick.current = true;
          gesture.current = null;
          latest.current.onLongPress();
        }, longPressMs);
        gesture.current = { x: event.clientX, y: event.clientY, pointerId: event.pointerId, swiping: false, moved: false, timer };
      },
      onPointerMove(event: PointerEvent<HTMLElement>) {
        const now = gesture.current;
        if (!now || event.pointerId !== now.pointerId) return;
        const dx = event.clientX - now.x;
        const dy = event.clientY - now.y;
        if (!now.moved && Math.max(Math.abs(dx), Math.abs(dy)) > slop) {
          now.moved = true;
          if (now.timer) clearTimeout(now.timer);
          now.timer = null;
          // Steeper than 1 in 2 is a scroll, which the browser takes.
          if (Math.abs(dx) < 2 * Math.abs(dy)) {
            gesture.current = null;
            return;
          }
          now.swiping = true;
          event.currentTarget.setPointerCapture?.(event.pointerId);
        }
        if (now.swiping) setOffset(Math.max(-maxOffset, Math.min(maxOffset, dx)));
      },
      onPointerUp(event: PointerEvent<HTMLElement>) {
        const now = gesture.current;
        if (!now || event.pointerId !== now.pointerId) return end();
        const dx = event.clientX - now.x;
        end();
        if (!now.swiping) return;
        swallowClick.current = true;
        if (Math.abs(dx) >= swipeMinDistance) latest.current.onSwipe(dx > 0 ? 'right' : 'left');
      },
      onPointerCancel: end,
      onContextMenu(event: MouseEvent<HTMLElement>) {
        // A long press on a touch screen also asks for the link's context menu: the selection is the answer.
        if (swallowClick.current || gesture.current) event.preventDefault();
      },
      onClickCapture(event: MouseEvent<HTMLElement>) {
        if (!swallowClick.current) return;
        swallowClick.current = false;
        event.preventDefault();
        event.stopPropagation();
      },
    };
  }, []);
  return { offset, armed: Math.abs(offset) >= swipeMinDistance, handlers };
}
