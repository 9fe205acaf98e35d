/*
 * The inbox's reader pane (components/inbox/reader-pane.tsx) on wide screens: opening an item
 * beside the list changes the address to the item's own, /items/<id>, through the History API,
 * so the list stays mounted with its scroll place, Back and Forward step between the items and
 * the list, and a reload or a copied address opens the item's page (kept for offline reading as
 * any reader page is). Next's router follows pushState, so usePathname says /items/<id>.
 */

import { useEffect, useState } from 'react';
import { readListContext } from './list-context';

/** From this width the inbox shows sources, list and reader side by side (Tailwind's `wide:`). */
export const panesQuery = '(min-width: 75rem)';

/** The id of the item an address shows, for /items/<id>; null for any other address. */
export function itemOfPath(pathname: string | null): string | null {
  const match = /^\/items\/([^/?#]+)$/.exec(pathname ?? '');
  return match ? decodeURIComponent(match[1]!) : null;
}

/** True where the page has the reader pane and the screen is wide enough to show it. */
export function panesShown(): boolean {
  if (typeof window === 'undefined' || !document.querySelector('[data-panes]')) return false;
  return window.matchMedia?.(panesQuery).matches ?? false;
}

/** Whether the screen is wide enough for the reader pane; false on the server and until hydrated. */
export function usePanesWide(): boolean {
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

/** The inbox list to show beside an item opened at its own address: the one it was opened from (this tab's kept list), else the inbox. */
export function keptInboxHref(): string {
  const href = readListContext()?.href;
  return href && /^\/inbox(\?|$)/.test(href) ? href : '/inbox';
}

/**
 * Shows an item in the reader pane. `replace`: the pane follows the list's keys, so one step
 * does not leave a history entry per item passed (the first item opened from the list does).
 */
export function showInPane(id: string, how: 'push' | 'replace' = 'push'): void {
  const href = `/items/${encodeURIComponent(id)}`;
  if (window.location.pathname === href) return;
  if (how === 'replace' && itemOfPath(window.location.pathname)) window.history.replaceState(null, '', href);
  else window.history.pushState(null, '', href);
}

/** Closes the pane: back at the list's own address. */
export function closePane(listHref: string): void {
  window.history.pushState(null, '', listHref);
}
