import { useEffect, useRef } from 'react';
import type { ListedItem } from '@/lib/client/item-cache';

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Wide code blocks and tables scroll sideways inside the text: each that does takes focus, so a keyboard can scroll it. */
function focusScrollingBlocks(root: HTMLElement): void {
  for (const block of root.querySelectorAll<HTMLElement>('pre, table')) {
    if (block.scrollWidth > block.clientWidth && !block.hasAttribute('tabindex')) block.tabIndex = 0;
  }
}

/** Images stored without alt (before the sanitizer added it, or from a hosted service) are marked decorative: otherwise a screen reader reads their file name. */
function markUndescribedImages(root: HTMLElement): void {
  for (const image of root.querySelectorAll<HTMLImageElement>('img:not([alt])')) image.alt = '';
}

/** The item's text as the reader shows it: its content, else the feed's description, else its summary. */
export function ItemBody({ item }: { item: ListedItem & { content?: string | null } }) {
  const html = item.content || item.description || (item.summary ? `<p>${escapeHtml(item.summary)}</p>` : '');
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
  // Content and descriptions were sanitized by the service on ingest (scripts, handlers, trackers removed).
  return <div ref={body} className="reading mt-6" dangerouslySetInnerHTML={{ __html: html }} />;
}
