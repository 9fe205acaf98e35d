'use client';

import { lazy, Suspense, useEffect, useState } from 'react';

// Its own chunk, fetched after the page has loaded: the inbox's first paint never waits for it.
const SourcesList = lazy(() => import('./sources-list').then((module) => ({ default: module.SourcesList })));

/** Tailwind's lg: the width from which the sources are a column beside the inbox. */
const wideQuery = '(min-width: 64rem)';

function useWideAfterLoad(): boolean {
  const [wide, setWide] = useState(false);
  useEffect(() => {
    const media = window.matchMedia?.(wideQuery);
    if (!media) return;
    let loaded = document.readyState === 'complete';
    const update = () => setWide(loaded && media.matches);
    const onLoad = () => {
      loaded = true;
      update();
    };
    update();
    if (!loaded) window.addEventListener('load', onLoad, { once: true });
    media.addEventListener('change', update);
    return () => {
      window.removeEventListener('load', onLoad);
      media.removeEventListener('change', update);
    };
  }, []);
  return wide;
}

/**
 * The sources column of the inbox from desktop widths: its width is reserved by the page's
 * grid from the first paint, and the list arrives after the page's load event (on phones it
 * never loads here; the header's Sources button opens it in a drawer).
 */
export function SourcesColumn() {
  const wide = useWideAfterLoad();
  return (
    <div className="hidden lg:block">
      {/* A scrolling box clips what overflows it, focus rings included: the padding leaves room for
          the whole ring (3 px plus its 2 px offset) and the negative margin keeps the links in place. */}
      <div className="sticky top-4 -mx-1.5 -mt-1.5 max-h-[calc(100dvh-2rem)] overflow-y-auto px-1.5 pt-1.5 pb-4">
        {wide && (
          <Suspense fallback={null}>
            <SourcesList />
          </Suspense>
        )}
      </div>
    </div>
  );
}
