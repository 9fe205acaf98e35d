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
 * Each table in a wrapper that scrolls sideways when it is wider than the text. Sanitized HTML
 * closes every table it opens, so the tags pair up; done in render, the server's HTML has it too.
 */
function wrapTables(html: string): string {
  if (!html.includes('<table')) return html;
  return html.replace(/<table\b/g, '<div class="table-scroll"><table').replace(/<\/table>/g, '</table></div>');
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
  return <div ref={body} className="reading mt-6" dangerouslySetInnerHTML={{ __html: wrapTables(html) }} />;
}
