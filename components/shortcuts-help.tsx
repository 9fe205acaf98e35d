'use client';

import { useEffect, useRef, type KeyboardEvent } from 'react';
import { currentShortcuts, type ShortcutAction } from '@/lib/client/shortcuts';

const keyNames: Record<string, string> = { Enter: 'Enter', '/': '/', '?': '?' };

function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>('a[href], button:not([disabled]), [tabindex]:not([tabindex="-1"])')];
}

/**
 * The `?` overlay: the shortcuts that work on this page (`actions`; all when not given) with
 * the keys the person has for them (named as the page calls them, `labels`, where it does), and the
 * page's `note` on its other keys, in a modal dialog that keeps focus inside, closes on
 * Escape or its button, and gives focus back to where it was.
 */
export function ShortcutsHelp({ onClose, actions, labels, note }: {
  onClose: () => void; actions?: readonly ShortcutAction[]; labels?: Partial<Record<ShortcutAction, string>>; note?: string;
}) {
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const opener = document.activeElement as HTMLElement | null;
    if (typeof element.showModal === 'function') element.showModal();
    else element.setAttribute('open', '');
    element.querySelector<HTMLElement>('button')?.focus();
    return () => {
      if (element.open && typeof element.close === 'function') element.close();
      opener?.focus?.();
    };
  }, []);

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

  return (
    <dialog
      ref={dialog}
      aria-labelledby="shortcuts-title"
      onKeyDown={onKeyDown}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-xl border border-line bg-canvas p-5 text-ink shadow-xl backdrop:bg-black/50"
    >
      <div className="flex items-center justify-between gap-4">
        <h2 id="shortcuts-title" className="text-lg font-bold">Keyboard shortcuts</h2>
        <button type="button" onClick={onClose} className="min-h-11 rounded-md border border-line-strong px-3 font-medium">
          Close
        </button>
      </div>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
        {currentShortcuts().filter((shortcut) => !actions || actions.includes(shortcut.action)).map((shortcut) => (
          <div key={shortcut.action} className="contents">
            <dt className="flex gap-1">
              {shortcut.keys.map((key) => (
                <kbd key={key} className="rounded border border-line-strong bg-surface px-2 py-0.5 font-mono text-sm">
                  {keyNames[key] ?? key}
                </kbd>
              ))}
            </dt>
            <dd>{labels?.[shortcut.action] ?? shortcut.label}</dd>
          </div>
        ))}
      </dl>
      {note && <p className="mt-4 text-sm">{note}</p>}
      <p className="mt-4 text-sm text-muted">Shortcuts do nothing while you type in a field.</p>
    </dialog>
  );
}
