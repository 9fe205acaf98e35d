/*
 * Renders a client component as the app would: inside Next's app-router context (the router
 * records where it was asked to go) and with a fresh SWR cache per test.
 */
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { SWRConfig } from 'swr';
import { AppRouterContext, type AppRouterInstance } from 'next/dist/shared/lib/app-router-context.shared-runtime';

export type RenderedApp = RenderResult & { visited: string[] };

/** Renders `ui` with a router that records pushes and an empty SWR cache that never dedupes. */
export function renderApp(ui: ReactElement): RenderedApp {
  const visited: string[] = [];
  const router = {
    back: () => undefined, forward: () => undefined, refresh: () => undefined, prefetch: () => undefined,
    push: (href: string) => void visited.push(href), replace: (href: string) => void visited.push(href),
  } as unknown as AppRouterInstance;
  const result = render(
    <AppRouterContext.Provider value={router}>
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>{ui}</SWRConfig>
    </AppRouterContext.Provider>,
  );
  return Object.assign(result, { visited });
}
