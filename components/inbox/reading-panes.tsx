'use client';

import { usePathname } from 'next/navigation';
import type { MouseEvent, ReactNode } from 'react';
import { readListContext } from '@/lib/client/list-context';
import { closePane, itemOfPath, panesShown, showInPane } from '@/lib/client/reader-pane';

/** A plain click: another button or a modifier key asks for a new tab or window, which the link's own address serves. */
function isPlainClick(event: MouseEvent): boolean {
  return !event.defaultPrevented && event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/**
 * The inbox's columns under its heading: sources and list from desktop widths, and from 1200 px
 * the reader beside them. At an item's address (/items/<id>) narrower screens show only the
 * reader, as the item's own page: the list stays mounted, hidden, for Back. There a click on a link to an item (a row's title, the reader's pager, a similar item)
 * opens it in the reader pane instead of a new page, and the reader's way back to the list,
 * which is already beside it, closes the pane; the links keep their addresses for new tabs.
 */
export function ReadingPanes({ heading, children }: { heading: string; children: ReactNode }) {
  const reading = itemOfPath(usePathname()) !== null;
  // In the capture phase, before the link's own handler navigates (it skips a prevented click).
  const onClickCapture = (event: MouseEvent<HTMLDivElement>) => {
    if (!isPlainClick(event) || !(event.target instanceof Element)) return;
    const link = event.target.closest<HTMLAnchorElement>('a[href]');
    if (!link || link.target === '_blank' || !panesShown()) return;
    const url = new URL(link.href, window.location.href);
    if (url.origin !== window.location.origin) return;
    const id = itemOfPath(url.pathname);
    if (id) {
      event.preventDefault();
      showInPane(id);
      return;
    }
    const listHref = readListContext()?.href;
    if (link.closest('[data-reader-pane]') && listHref && `${url.pathname}${url.search}` === listHref) {
      event.preventDefault();
      closePane(listHref);
    }
  };
  return (
    <>
      {/* Above the column, so a screen reader meets the page's heading before the sources' headings. */}
      <h1 className={`text-2xl font-bold ${reading ? 'max-wide:hidden' : ''}`}>{heading}</h1>
      <div
        data-panes
        onClickCapture={onClickCapture}
        className={`${reading ? 'wide:grid wide:gap-6 max-wide:[&>:not([data-reader-pane])]:hidden' : 'lg:grid lg:grid-cols-[14rem_minmax(0,1fr)] lg:gap-6'} wide:grid-cols-[12rem_22rem_minmax(0,1fr)] min-[90rem]:grid-cols-[13rem_28rem_minmax(0,1fr)]`}
      >
        {children}
      </div>
    </>
  );
}
