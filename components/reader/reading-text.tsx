'use client';

import { useEffect, useRef } from 'react';

/** Images stored without alt (before the sanitizer added it, or from a hosted service) are marked decorative: otherwise a screen reader reads their file name. */
function markUndescribedImages(root: HTMLElement): void {
  for (const image of root.querySelectorAll<HTMLImageElement>('img:not([alt])')) image.alt = '';
}

/** Wide code blocks and tables scroll sideways inside the text: each that does takes focus, so a keyboard can scroll it. */
function focusScrollingBlocks(root: HTMLElement): void {
  for (const block of root.querySelectorAll<HTMLElement>('pre, .table-scroll')) {
    if (block.scrollWidth > block.clientWidth && !block.hasAttribute('tabindex')) block.tabIndex = 0;
  }
}

/**
 * Sanitized HTML of an item, in the reading typography. The service sanitized it on ingest
 * (scripts, handlers, trackers removed); this only makes it readable by keyboard and screen reader.
 */
export function ReadingText({ html }: { html: string }) {
  const body = useRef<HTMLDivElement>(null);
  // Here as well as in the service's sanitizer: it also covers items stored before and a hosted
  // service's content, and focuses only the blocks that do scroll at this width (a narrower screen, more of them).
  useEffect(() => {
    const root = body.current;
    if (!root) return;
    markUndescribedImages(root);
    focusScrollingBlocks(root);
    const resized = typeof ResizeObserver === 'function' ? new ResizeObserver(() => focusScrollingBlocks(root)) : null;
    resized?.observe(root);
    return () => resized?.disconnect();
  }, [html]);
  return <div ref={body} className="reading mt-6" dangerouslySetInnerHTML={{ __html: html }} />;
}
