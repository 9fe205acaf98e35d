'use client';

import { useCallback } from 'react';

const focusable = 'a[href], button, input, select, textarea, summary';
/** Marks a control this hook took out of the tab order, so it puts back only its own. */
const taken = 'data-roving-out';

type Rows = {
  /** What a row is: a direct child of the list. */
  row: string;
  /** What in a row takes focus when the arrow keys move to it. */
  target: string;
};

function controlsOf(root: Element): Element[] {
  return [...(root.matches(focusable) ? [root] : []), ...root.querySelectorAll(focusable)];
}

function takeOut(root: Element): void {
  for (const control of controlsOf(root)) {
    if (control.hasAttribute('tabindex') && !control.hasAttribute(taken)) continue;
    control.setAttribute('tabindex', '-1');
    control.setAttribute(taken, '');
  }
}

function putBack(root: Element): void {
  for (const control of controlsOf(root)) {
    if (!control.hasAttribute(taken)) continue;
    control.removeAttribute('tabindex');
    control.removeAttribute(taken);
  }
}

/**
 * Makes a long list (the element given the answered ref) one stop of the Tab key, as a mail list is: only
 * the row that last held focus (the first, until one has) keeps its controls in the tab order, so
 * Tab and Shift+Tab leave the list for what is around it (the selection bar) in a few presses;
 * the arrow keys, like the page's j and k, move between rows. A screen reader's reading keys
 * still reach every row. A ref rather than an effect on an element held in state: a state set
 * from a ref renders again within the commit, which on hydration pulled every effect of the page
 * into one long task.
 */
export function useRovingRows({ row, target }: Rows): (element: HTMLElement | null) => (() => void) | undefined {
  return useCallback((element: HTMLElement | null) => {
    if (!element) return undefined;
    const rows = () => [...element.children].filter((child) => child.matches(row));
    let current: Element | null = null;

    const settle = () => {
      if (current && current.parentElement === element) return;
      current = rows()[0] ?? null;
      if (current) putBack(current);
    };
    for (const each of rows()) takeOut(each);
    settle();

    const rowOf = (node: Node | null) => {
      const found = node instanceof Element ? node.closest(row) : null;
      return found && found.parentElement === element ? found : null;
    };
    const onFocusIn = (event: FocusEvent) => {
      const to = rowOf(event.target as Node);
      if (!to || to === current) return;
      if (current) takeOut(current);
      current = to;
      putBack(to);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
      if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      // Fields and menus keep their own arrows.
      if ((event.target as Element).closest('select, textarea, input:not([type="checkbox"])')) return;
      const from = rowOf(event.target as Node);
      if (!from) return;
      const all = rows();
      const to = all[all.indexOf(from) + (event.key === 'ArrowDown' ? 1 : -1)];
      if (!to) return;
      event.preventDefault();
      to.querySelector<HTMLElement>(target)?.focus();
      to.scrollIntoView?.({ block: 'nearest' });
    };
    // Rows a page adds, and controls a row grows (a menu opening, a play button), follow the rule.
    const observer = new MutationObserver((changes) => {
      for (const change of changes) {
        for (const node of change.addedNodes) {
          if (!(node instanceof Element)) continue;
          const owner = node.parentElement === element ? node : rowOf(node);
          if (owner && owner !== current) takeOut(node);
        }
      }
      settle();
    });
    observer.observe(element, { childList: true, subtree: true });
    element.addEventListener('focusin', onFocusIn);
    element.addEventListener('keydown', onKeyDown);
    return () => {
      observer.disconnect();
      element.removeEventListener('focusin', onFocusIn);
      element.removeEventListener('keydown', onKeyDown);
      for (const each of rows()) putBack(each);
    };
  }, [row, target]);
}
