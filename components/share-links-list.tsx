'use client';

import Link from '@/components/shell/intent-link';
import { useCallback, useEffect, useRef, useState } from 'react';
import { shortDate } from '@/lib/client/relative-date';
import { absoluteShareUrl, listShareLinks, revokeShareLink, type ShareLink } from '@/lib/client/share-links';

/** Lists the live share links with their item, address and expiry, and revokes them. */
export function ShareLinksList() {
  const [links, setLinks] = useState<ShareLink[] | null>(null);
  const [status, setStatus] = useState('');
  // A revoked row goes away with its focused button: the row that takes its place gets focus,
  // or the status line when none is left (never <body>, where keyboard users start over).
  const list = useRef<HTMLUListElement>(null);
  const statusLine = useRef<HTMLParagraphElement>(null);
  const refocusAt = useRef<number | null>(null);
  useEffect(() => {
    if (refocusAt.current === null || links === null) return;
    const buttons = list.current ? [...list.current.querySelectorAll<HTMLButtonElement>('li > button')] : [];
    (buttons[Math.min(refocusAt.current, buttons.length - 1)] ?? statusLine.current)?.focus();
    refocusAt.current = null;
  }, [links]);

  const load = useCallback(() => {
    listShareLinks().then(setLinks, (error: Error) => {
      setLinks([]);
      setStatus(error.message);
    });
  }, []);
  useEffect(load, [load]);

  async function revoke(link: ShareLink) {
    try {
      await revokeShareLink(link.id);
      refocusAt.current = links?.findIndex((entry) => entry.id === link.id) ?? 0;
      setLinks((current) => current?.filter((entry) => entry.id !== link.id) ?? null);
      setStatus(`The link to “${link.title}” no longer works.`);
    } catch (error) {
      setStatus((error as Error).message);
    }
  }

  return (
    <div className="mt-6">
      {links === null ? (
        <p role="status">Loading your share links…</p>
      ) : links.length === 0 ? (
        <p>No live share links. Share a saved item from the reader to make one.</p>
      ) : (
        <ul ref={list} className="divide-y divide-line rounded-lg border border-line">
          {links.map((link) => (
            <li key={link.id} className="flex flex-wrap items-center justify-between gap-3 p-3">
              <div className="min-w-0">
                <Link href={`/items/${link.item_id}`} className="font-medium">{link.title || 'Untitled'}</Link>
                <p className="break-all text-sm text-muted">{absoluteShareUrl(link)}</p>
                <p className="text-sm text-muted">
                  Made {shortDate(link.created_at)} · {link.expires_at ? `expires ${shortDate(link.expires_at)}` : 'works until revoked'}
                </p>
              </div>
              <button
                type="button"
                onClick={() => void revoke(link)}
                aria-label={`Revoke the link to ${link.title || 'Untitled'}`}
                className="min-h-11 rounded-md border border-line-strong px-4 font-medium"
              >
                Revoke
              </button>
            </li>
          ))}
        </ul>
      )}
      <p ref={statusLine} tabIndex={-1} role="status" className="mt-3">{status}</p>
    </div>
  );
}
