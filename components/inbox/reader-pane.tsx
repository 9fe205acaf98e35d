'use client';

import { usePathname } from 'next/navigation';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { itemOfPath, panesQuery } from '@/lib/client/reader-pane';

// The reader's code is fetched when the first item opens beside the list: the inbox's first load never carries it.
const ItemReader = lazy(() => import('@/components/reader/item-reader').then((module) => ({ default: module.ItemReader })));

/** Whether the screen is wide enough for the reader pane; false on the server and until hydrated. */
function usePanesWide(): boolean {
  const [wide, setWide] = useState(false);
  useEffect(() => {
    const media = window.matchMedia?.(panesQuery);
    if (!media) return;
    const update = () => setWide(media.matches);
    update();
    media.addEventListener('change', update);
    return () => media.removeEventListener('change', update);
  }, []);
  return wide;
}

/**
 * The third column of the inbox from 1200 px: the item whose address is shown (/items/<id>, set
 * by lib/client/reader-pane.ts) read beside the list, in a region of its own that scrolls apart
 * from the list, so the list keeps its place. Narrower, it renders nothing (a reader there is
 * its own page), so no item is opened, and marked read, out of sight.
 */
export function ReaderPane() {
  const id = itemOfPath(usePathname());
  const wide = usePanesWide();
  const scroller = useRef<HTMLDivElement>(null);
  // Each item starts at its top.
  useEffect(() => {
    scroller.current?.scrollTo?.(0, 0);
  }, [id]);
  return (
    <section aria-label="Reader" data-reader-pane className="hidden min-w-0 wide:block">
      {/* Room at the foot, so the last lines scroll clear of the pending-changes badge and the player. */}
      <div ref={scroller} className="sticky top-4 max-h-[calc(100dvh-2rem-var(--player-space,0px))] overflow-y-auto px-2 pt-1 pb-24">
        {wide && id ? (
          <Suspense fallback={<p role="status" className="mt-16 text-center text-muted">Loading the item…</p>}>
            <ItemReader key={id} id={id} inPane />
          </Suspense>
        ) : (
          <p className="mt-16 text-center text-muted">Choose an item to read it here.</p>
        )}
      </div>
    </section>
  );
}
