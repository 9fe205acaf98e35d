'use client';

import { useEffect, useRef, type KeyboardEvent, type MouseEvent } from 'react';
import { SourcesList } from './sources-list';
import { XIcon } from 'lucide-react';
import { ButtonIcon } from '@/components/button-icon';

function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>('a[href], button:not([disabled]), [tabindex]:not([tabindex="-1"])')];
}

/** The sidebar's width breakpoint (Tailwind's lg): from there the sources are a column, not a drawer. */
const wideQuery = '(min-width: 64rem)';

/**
 * The sources on a phone: a modal dialog from the left edge. Focus moves in and stays
 * (Tab wraps), the page behind is inert (showModal), Escape, the Close button, a tap
 * beside the panel or following a link close it; the opener takes focus back (`onClose`).
 */
export function SourcesDrawer({ onClose }: { onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (typeof element.showModal === 'function') element.showModal();
    else element.setAttribute('open', '');
    element.querySelector<HTMLElement>('button')?.focus();
    const wide = window.matchMedia?.(wideQuery);
    const onWide = (event: MediaQueryListEvent) => {
      if (event.matches) onClose();
    };
    wide?.addEventListener('change', onWide);
    return () => {
      wide?.removeEventListener('change', onWide);
      if (element.open && typeof element.close === 'function') element.close();
    };
  }, [onClose]);

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
      return;
    }
    if (event.key !== 'Tab') return;
    const items = focusables(event.currentTarget);
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  // A click on the dialog element itself is a click on its backdrop, beside the panel.
  const onClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget) onClose();
  };

  return (
    <dialog
      ref={dialog}
      aria-labelledby="sources-drawer-title"
      onKeyDown={onKeyDown}
      onClick={onClick}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      className="fixed inset-y-0 left-0 m-0 h-dvh max-h-none w-[min(20rem,calc(100vw-3rem))] max-w-none border-r border-line bg-canvas p-0 text-ink shadow-xl backdrop:bg-black/50"
    >
      <div className="flex h-full flex-col">
        <div className="flex items-center justify-between gap-4 border-b border-line px-3 py-2">
          <h2 id="sources-drawer-title" className="text-lg font-bold">Sources</h2>
          <button type="button" onClick={onClose} className="inline-flex min-h-11 items-center gap-1.5 rounded-md border border-line-strong px-3 font-medium">
            <ButtonIcon icon={XIcon} />
            Close
          </button>
        </div>
        {/* Room for a focus ring (3 px plus its 2 px offset), which the scrolling box would clip. */}
        <div className="min-h-0 flex-1 overflow-y-auto px-1.5 pb-4 pt-2">
          <SourcesList onNavigate={onClose} />
        </div>
      </div>
    </dialog>
  );
}
