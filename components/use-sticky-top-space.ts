'use client';

import { useCallback } from 'react';

/**
 * Ref for a bar that sticks to the top of the screen while `active`: then the page's scrolling
 * keeps its height clear, so what takes focus (a row j or an arrow moves to) is not hidden under it.
 */
export function useStickyTopSpace(active: boolean): (element: HTMLElement | null) => (() => void) | undefined {
  // A ref with a cleanup, not an element held in state: a state set from a ref renders the bar's owner again within the commit.
  return useCallback((element: HTMLElement | null) => {
    if (!element || !active) return undefined;
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
  }, [active]);
}
