// @vitest-environment jsdom
import { waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { SWRConfig } from 'swr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppRouterContext, type AppRouterInstance } from 'next/dist/shared/lib/app-router-context.shared-runtime';
import { InboxRiver } from '@/components/inbox/inbox-river';
import { SeededSWR } from '@/components/shell/seeded-swr';
import { callApi } from '@/lib/client/api-client';
import { filtersFor, type InboxSelection } from '@/lib/client/inbox-view';
import { filtersKey, itemsListKey, itemsPageQuery, type ItemsPage } from '@/lib/client/item-cache';
import { hydrateOver } from '../hydrate-over';
import { startLocalService, type LocalService } from '../local-service';

/*
 * A cold load of the inbox hydrates a screenful of rows, not the whole first page: hydrating the
 * rows was most of the load's main-thread work on a phone. The rest follow right after.
 */

const unread: InboxSelection = { view: 'unread', type: null };
const router = { push: () => undefined, replace: () => undefined, prefetch: () => undefined } as unknown as AppRouterInstance;

function rowsIn(html: string): number {
  return html.match(/data-item-id="/g)?.length ?? 0;
}

describe('the inbox river on a cold load', () => {
  let local: LocalService;
  let page: ReactElement;

  beforeAll(async () => {
    local = await startLocalService();
    local.addFeed('Morning Post', Array.from({ length: 40 }, () => ({})));
    const filters = filtersFor(unread);
    const key = filtersKey(filters);
    const first = await callApi('GET', '/v1/items', { query: itemsPageQuery(key, null) });
    const seeded: ItemsPage = { ...first, filters: key, loadedAt: new Date().toISOString() };
    page = (
      <AppRouterContext.Provider value={router}>
        <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
          <SeededSWR seed={{ [itemsListKey(filters)]: [seeded] }}>
            <InboxRiver selection={unread} />
          </SeededSWR>
        </SWRConfig>
      </AppRouterContext.Provider>
    );
  });
  afterAll(() => local.close());

  it('sends the first 12 rows from the server, hydrates them, then adds the rest of the page a few rows at a time', async () => {
    const served = renderToString(page);
    expect(rowsIn(served)).toBe(12);
    expect(served).toContain('aria-busy="true"');

    const { container, errors } = await hydrateOver(served, page, 'div');
    expect(errors).toEqual([]);
    // A few rows a commit: a commit is one task, and the page's 18 other rows at once made a long one.
    const counts = [container.querySelectorAll('li[data-item-id]').length];
    const watch = new MutationObserver(() => counts.push(container.querySelectorAll('li[data-item-id]').length));
    watch.observe(container, { childList: true, subtree: true });
    await waitFor(() => expect(container.querySelectorAll('li[data-item-id]')).toHaveLength(30), { timeout: 15_000 });
    watch.disconnect();
    const steps = [...new Set(counts)];
    expect(steps[0]).toBe(12);
    expect(steps.length).toBeGreaterThan(2);
    expect(steps.every((count, index) => index === 0 || count - steps[index - 1]! <= 8)).toBe(true);
    expect(container.querySelector('ul')?.hasAttribute('aria-busy')).toBe(false);
    expect(container.querySelector('li[data-item-id]:last-child a')?.textContent).toBe('Morning Post item 29');
  });

  it('renders every row at once in a river shown after the first, so Back can scroll to a row past them', () => {
    expect(rowsIn(renderToString(page))).toBe(30);
  });
});
