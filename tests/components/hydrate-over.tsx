/*
 * Hydrates a component over HTML as a server sent it, the way the browser does on a page load,
 * and collects what React reports as recoverable errors (hydration mismatches among them).
 */
import { act, type ReactElement } from 'react';
import { hydrateRoot } from 'react-dom/client';

// hydrateRoot is driven by hand here, through act().
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** Puts `html` in a `tag` (a <p> unless told) on the page and hydrates `ui` over it; answers it and React's recoverable errors. */
export async function hydrateOver(html: string, ui: ReactElement, tag: 'p' | 'div' = 'p'): Promise<{ container: HTMLElement; errors: unknown[] }> {
  const container = document.createElement(tag);
  container.innerHTML = html;
  document.body.append(container);
  const errors: unknown[] = [];
  await act(async () => {
    hydrateRoot(container, ui, { onRecoverableError: (error) => errors.push(error) });
  });
  return { container, errors };
}
