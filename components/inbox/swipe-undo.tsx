'use client';

import { useEffect } from 'react';
import { Undo2 } from 'lucide-react';

/** What a swipe did, and how to take it back. */
export type SwipeDone = { key: number; sentence: string; undo: () => void };

/** How long the offer to undo stays. */
const shownMs = 8000;

/**
 * The offer to undo a swipe, at the foot of the screen where the thumb is; it takes the swipe
 * back through the same outbox, offline too. The river's status line says what the swipe did.
 */
export function SwipeUndo({ done, onDismiss }: { done: SwipeDone | null; onDismiss: () => void }) {
  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(onDismiss, shownMs);
    return () => clearTimeout(timer);
  }, [done, onDismiss]);
  if (!done) return null;
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-4 z-30 flex justify-center px-4">
      <div className="pointer-events-auto flex max-w-md items-center gap-3 rounded-lg bg-ink py-1 pl-4 pr-1 text-sm text-canvas shadow-lg">
        <span aria-hidden className="min-w-0 flex-1 truncate">{done.sentence}</span>
        <button
          type="button"
          aria-label={`Undo: ${done.sentence}`}
          className="inline-flex min-h-11 items-center gap-1.5 rounded-md px-3 font-semibold text-canvas hover:underline"
          onClick={() => {
            done.undo();
            onDismiss();
          }}
        >
          <Undo2 aria-hidden className="size-4" />
          Undo
        </button>
      </div>
    </div>
  );
}
