'use client';

import { useId, useRef, useState } from 'react';
import { absoluteShareUrl, createShareLink } from '@/lib/client/share-links';
import { closeOnEscape } from './close-on-escape';

const lifetimes = [
  { days: null, label: 'Until I revoke it' },
  { days: 1, label: '1 day' },
  { days: 7, label: '7 days' },
  { days: 30, label: '30 days' },
] as const;

type Props = { itemId: string; title: string; isSaved: boolean };

/**
 * Shares a saved item read-only: makes a link anyone can open without signing in, then
 * offers it through the device's share sheet (Web Share API) or copies it. Only saved
 * items can be shared; the link stops working when the item is unsaved.
 */
export function ShareButton({ itemId, title, isSaved }: Props) {
  const [days, setDays] = useState<number | null>(null);
  const [status, setStatus] = useState('');
  const [manual, setManual] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [open, setOpen] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  const lifetimeId = useId();

  async function share() {
    setBusy(true);
    setManual(null);
    try {
      const url = absoluteShareUrl(await createShareLink(itemId, days));
      if (typeof navigator.share === 'function') {
        try {
          await navigator.share({ title, url });
          setStatus('Link shared.');
          return;
        } catch (error) {
          if ((error as Error).name === 'AbortError') {
            setStatus('Sharing cancelled; the link was made and is listed under Settings, Share links.');
            return;
          }
        }
      }
      try {
        await navigator.clipboard.writeText(url);
        setStatus('Link copied.');
      } catch {
        setManual(url);
        setStatus('Copying is not allowed here: the link is selected, copy it yourself.');
        requestAnimationFrame(() => field.current?.select());
      }
    } catch (error) {
      setStatus((error as Error).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <details onToggle={(event) => setOpen(event.currentTarget.open)} onKeyDown={closeOnEscape}>
      <summary className="inline-flex min-h-11 cursor-pointer list-none items-center rounded-md border border-line-strong px-4 font-medium">
        Share
      </summary>
      {/* Rendered only while open, so a closed disclosure adds no controls or live region to the reader. */}
      {open && <div className="mt-2 space-y-3 rounded-lg border border-line bg-surface p-3">
        {isSaved ? (
          <>
            <p className="text-sm text-muted">Anyone with the link can read this item without signing in, while it stays saved.</p>
            <div className="flex flex-wrap items-end gap-3">
              <label htmlFor={lifetimeId} className="text-sm font-medium">
                Link works
                <select
                  id={lifetimeId}
                  value={days ?? ''}
                  onChange={(event) => setDays(event.target.value ? Number(event.target.value) : null)}
                  className="mt-1 block min-h-11 rounded-md border border-line-strong bg-canvas px-2"
                >
                  {lifetimes.map((lifetime) => <option key={lifetime.label} value={lifetime.days ?? ''}>{lifetime.label}</option>)}
                </select>
              </label>
              <button type="button" onClick={() => void share()} disabled={busy} className="min-h-11 rounded-md bg-accent px-4 font-medium text-on-accent disabled:opacity-60">
                Share link
              </button>
            </div>
            {manual && (
              <input ref={field} readOnly value={manual} aria-label="Share link" className="w-full rounded-md border border-line-strong bg-canvas px-2 py-2" />
            )}
          </>
        ) : (
          <p className="text-sm">Save the item first: only saved items can be shared.</p>
        )}
        <p role="status" className="text-sm">{status}</p>
      </div>}
    </details>
  );
}
