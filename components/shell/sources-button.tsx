'use client';

import { usePathname } from 'next/navigation';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';

// Loaded on the first tap, so the drawer and its data cost the inbox's first load nothing.
const SourcesDrawer = lazy(() => import('./sources-drawer').then((module) => ({ default: module.SourcesDrawer })));

/** The header's "Sources" button on the inbox below desktop widths: opens the sources drawer. */
export function SourcesButton() {
  const pathname = usePathname();
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  const close = useCallback(() => setOpen(false), []);
  // Focus goes back once the drawer has left the page: while its modal dialog is open the button is inert.
  useEffect(() => {
    if (open) wasOpen.current = true;
    else if (wasOpen.current) {
      wasOpen.current = false;
      opener.current?.focus();
    }
  }, [open]);
  if (pathname !== '/inbox') return null;
  return (
    <>
      <button
        ref={opener}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
        className="inline-flex min-h-11 items-center gap-2 rounded-md border border-line-strong px-3 text-sm font-medium text-ink lg:hidden"
      >
        <svg aria-hidden="true" viewBox="0 0 16 16" width="16" height="16">
          <path d="M2 4h12M2 8h12M2 12h12" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" />
        </svg>
        Sources
      </button>
      {open && (
        <Suspense fallback={null}>
          <SourcesDrawer onClose={close} />
        </Suspense>
      )}
    </>
  );
}
