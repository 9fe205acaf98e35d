'use client';

import { useEffect, useState } from 'react';

/**
 * Ref for a bar that sticks to the top of the screen while `active`: then the page's scrolling
 * keeps its height clear, so what takes focus (a row j or an arrow moves to) is not hidden under it.
 */
export function useStickyTopSpace(active: boolean): (element: HTMLElement | null) => void {
  const [element, setElement] = useState<HTMLElement | null>(null);
  useEffect(() => {
    if (!element || !active) return;
    const root = document.documentElement.style;
    const measure = () => root.setProperty('scroll-padding-top', `${element.offsetHeight + 8}px`);
    measure();
    // The bar's rows change with the screen's width; jsdom has no ResizeObserver.
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      root.removeProperty('scroll-padding-top');
    };
  }, [element, active]);
  return setElement;
}
