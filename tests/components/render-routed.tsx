/*
 * Renders a client component as the app would at a URL: inside Next's app-router contexts,
 * where router.push and router.replace really change the URL that useSearchParams and
 * usePathname read (so views that keep their state in the URL re-render), with a fresh SWR
 * cache per test and the capabilities the app's /api/capabilities answers in a mode.
 */
import { act, render, type RenderResult } from '@testing-library/react';
import { useEffect, useMemo, useState, type ReactElement } from 'react';
import { SWRConfig } from 'swr';
import { AppRouterContext, type AppRouterInstance } from 'next/dist/shared/lib/app-router-context.shared-runtime';
import { PathnameContext, SearchParamsContext } from 'next/dist/shared/lib/hooks-client-context.shared-runtime';
import type { Capabilities } from '@/lib/client/capabilities';

export type RoutedApp = RenderResult & {
  /** Every URL the router was asked to go to, in order. */
  visited: string[];
  /** How many times the router was asked to go back. */
  backs: () => number;
  /** The URL the app is at now. */
  url: () => string;
  /** Goes to a URL as a link would. */
  navigate: (href: string) => void;
};

type Options = { url?: string; mode?: Capabilities['mode'] };

/** Renders `ui` at `url` (default `/`) in local mode unless `mode` says remote. */
export function renderRouted(ui: ReactElement, { url = '/', mode = 'local' }: Options = {}): RoutedApp {
  const visited: string[] = [];
  let backs = 0;
  const location: { current: string; go: (href: string) => void } = { current: url, go: () => undefined };

  function Routed() {
    const [href, setHref] = useState(url);
    useEffect(() => {
      location.go = (next) => {
        const target = new URL(next, 'http://app.local');
        location.current = target.pathname + target.search;
        setHref(location.current);
      };
    }, []);
    const parsed = useMemo(() => new URL(href, 'http://app.local'), [href]);
    const router = useMemo(() => ({
      back: () => { backs += 1; }, forward: () => undefined, refresh: () => undefined, prefetch: () => undefined,
      push: (next: string) => { visited.push(next); location.go(next); },
      replace: (next: string) => { visited.push(next); location.go(next); },
    }) as unknown as AppRouterInstance, []);
    return (
      <AppRouterContext.Provider value={router}>
        <PathnameContext.Provider value={parsed.pathname}>
          <SearchParamsContext.Provider value={parsed.searchParams}>{ui}</SearchParamsContext.Provider>
        </PathnameContext.Provider>
      </AppRouterContext.Provider>
    );
  }

  const capabilities: Capabilities = { mode, first_party: mode === 'local' };
  const result = render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, fallback: { '/api/capabilities': capabilities } }}>
      <Routed />
    </SWRConfig>,
  );
  return Object.assign(result, {
    visited,
    backs: () => backs,
    url: () => location.current,
    navigate: (href: string) => act(() => location.go(href)),
  });
}
