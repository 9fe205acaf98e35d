'use client';

import { Share2 } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { copyText } from '@/lib/client/clipboard';
import { absoluteShareUrl, createShareLink } from '@/lib/client/share-links';
import { closeOnEscape } from './close-on-escape';
import { buttonClass, labelClass } from './control-styles';
import { CopyButton } from './copy-button';
import { CopyableText } from './copyable-text';

const lifetimes = [
  { days: null, label: 'Until I revoke it' },
  { days: 1, label: '1 day' },
  { days: 7, label: '7 days' },
  { days: 30, label: '30 days' },
] as const;

type Props = { itemId: string; title: string; isSaved: boolean };

/** Whether this browser has a system share sheet (phones, mostly). */
function hasShareSheet(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.share === 'function';
}

/**
 * Shares a saved item read-only: makes a link anyone can open without signing in, offers it
 * through the device's share sheet (Web Share API) or copies it, and shows it as text to
 * read, select and copy again. Only saved items can be shared; the link stops working when
 * the item is unsaved.
 */
export function ShareButton({ itemId, title, isSaved }: Props) {
  const [days, setDays] = useState<number | null>(null);
  const [status, setStatus] = useState('');
  const [link, setLink] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [open, setOpen] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);
  const lifetimeId = useId();
  const linkId = useId();

  /** Hands the link to the share sheet; false when the sheet failed for a reason other than the person closing it. */
  async function sendThroughSheet(url: string): Promise<boolean> {
    try {
      await navigator.share({ title, url });
      setStatus('Link shared.');
    } catch (error) {
      if ((error as Error).name !== 'AbortError') return false;
      setStatus('Sharing cancelled; the link was made and is listed under Settings, Share links.');
    }
    return true;
  }

  async function sendAgain(url: string) {
    if (!(await sendThroughSheet(url))) setStatus('The share sheet did not open; copy the link instead.');
  }

  async function share() {
    setBusy(true);
    try {
      const url = absoluteShareUrl(await createShareLink(itemId, days));
      setLink(url);
      if (hasShareSheet() && await sendThroughSheet(url)) return;
      if (await copyText(url)) {
        setStatus('Link copied.');
        return;
      }
      setStatus('Copying is not allowed here: the link is selected, copy it yourself.');
      // The field appears with this render: select it once it is there.
      requestAnimationFrame(() => field.current?.focus());
    } catch (error) {
      setStatus((error as Error).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <details onToggle={(event) => setOpen(event.currentTarget.open)} onKeyDown={closeOnEscape}>
      <summary className="inline-flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-md border border-line-strong px-4 text-sm font-medium text-ink hover:bg-surface">
        <Share2 aria-hidden className="size-4 shrink-0" />
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
            {link && (
              <div>
                <label htmlFor={linkId} className={labelClass}>Link to share</label>
                <div className="mt-1 flex flex-wrap items-center gap-2">
                  <CopyableText ref={field} id={linkId} value={link} />
                  <CopyButton text={link} label="Copy the link" fallbackField={() => field.current} />
                  {hasShareSheet() && (
                    <button type="button" className={buttonClass} onClick={() => void sendAgain(link)}>Share via…</button>
                  )}
                </div>
              </div>
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
