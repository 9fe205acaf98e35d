'use client';

import { lazy, Suspense, useEffect, useRef, useState } from 'react';

// Its own chunk with its data hook: the reader's first load never carries or fetches it.
const SimilarItems = lazy(() => import('./similar-items').then((module) => ({ default: module.SimilarItems })));

/** How far below the screen the section starts loading, so the list is there when it scrolls in. */
const nearViewport = '600px 0px';

type Props = { id: string; onNavigate: (id: string) => void };

/**
 * The "Similar items" section of the reader: a heading and a button at first; the list's code
 * and data load when the section comes within reach of the screen, or on the button.
 */
export function SimilarSection({ id, onNavigate }: Props) {
  const [wanted, setWanted] = useState(false);
  const section = useRef<HTMLElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const byButton = useRef(false);

  useEffect(() => {
    const element = section.current;
    if (wanted || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setWanted(true);
    }, { rootMargin: nearViewport });
    observer.observe(element);
    return () => observer.disconnect();
  }, [wanted]);

  // The button goes away once pressed: focus stays in the section, on its heading.
  useEffect(() => {
    if (wanted && byButton.current) heading.current?.focus();
  }, [wanted]);

  return (
    <section ref={section} aria-labelledby="similar-title" className="mt-10 border-t border-line pt-6">
      <h2 id="similar-title" ref={heading} tabIndex={-1} className="text-lg font-semibold focus:outline-none">Similar items</h2>
      {wanted ? (
        <Suspense fallback={<p role="status" className="mt-3 text-muted">Finding similar items…</p>}>
          <SimilarItems id={id} onNavigate={onNavigate} />
        </Suspense>
      ) : (
        <button type="button" onClick={() => { byButton.current = true; setWanted(true); }} className="mt-3 min-h-11 rounded-md border border-line-strong px-4 font-medium">
          Show similar items
        </button>
      )}
    </section>
  );
}
