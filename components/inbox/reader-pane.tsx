'use client';

import { usePathname } from 'next/navigation';
import { lazy, Suspense, useEffect, useRef, type ComponentType } from 'react';
import { itemOfPath, usePanesWide } from '@/lib/client/reader-pane';

// The reader's code is fetched when the first item opens beside the list: the inbox's first load never carries it.
const LazyItemReader = lazy(() => import('@/components/reader/item-reader').then((module) => ({ default: module.ItemReader })));

type Reader = ComponentType<{ id: string; inPane?: boolean }>;

/**
 * The third column of the inbox from 1200 px: the item whose address is shown (/items/<id>, set
 * by lib/client/reader-pane.ts, or the page loaded at that address) read beside the list, in a
 * region of its own that scrolls apart from the list, so the list keeps its place. Narrower, an
 * item at that address is read as on its own page, the list and sources hidden
 * (components/inbox/reading-panes.tsx), so the address and the screen always agree; with no
 * item it renders nothing. `Reader`: the reader component, fetched lazily unless the page
 * is the item's own (app/items/[id]/page.tsx renders it on the server).
 */
export function ReaderPane({ Reader }: { Reader?: Reader }) {
  const id = itemOfPath(usePathname());
  const wide = usePanesWide();
  const scroller = useRef<HTMLDivElement>(null);
  // Each item starts at its top.
  useEffect(() => {
    scroller.current?.scrollTo?.(0, 0);
  }, [id]);
  return (
    <section aria-label="Reader" data-reader-pane className={`min-w-0 ${id ? '' : 'hidden wide:block'}`}>
      {/* Room at the foot, so the last lines scroll clear of the pending-changes badge and the player. */}
      <div ref={scroller} className="wide:sticky wide:top-4 wide:max-h-[calc(100dvh-2rem-var(--player-space,0px))] wide:overflow-y-auto wide:px-2 wide:pt-1 wide:pb-24">
        {id && Reader ? (
          // Rendered in place, with no boundary: the server then sends the whole item, which a page without scripts needs.
          <Reader key={id} id={id} inPane={wide} />
        ) : id ? (
          <Suspense fallback={<p role="status" className="mt-16 text-center text-muted">Loading the item…</p>}>
            <LazyItemReader key={id} id={id} inPane={wide} />
          </Suspense>
        ) : (
          <div className="mt-24 flex flex-col items-center gap-2 text-center">
            {/* eslint-disable-next-line @next/next/no-img-element -- the app's own 40 px SVG gains nothing from next/image */}
            <img src="/icons/icon.svg" alt="" width={40} height={40} className="mb-2 rounded-lg" />
            <p className="font-medium">Choose an item to read it here.</p>
            <p className="text-sm text-muted">Press ? for the keyboard shortcuts.</p>
          </div>
        )}
      </div>
    </section>
  );
}
