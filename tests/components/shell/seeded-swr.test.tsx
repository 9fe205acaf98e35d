// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { Profiler } from 'react';
import userEvent from '@testing-library/user-event';
import { useSWRConfig, type Cache } from 'swr';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { InboxRiver } from '@/components/inbox/inbox-river';
import { ItemReader } from '@/components/reader/item-reader';
import { SeededSWR } from '@/components/shell/seeded-swr';
import { callApi } from '@/lib/client/api-client';
import { filtersFor, type InboxSelection } from '@/lib/client/inbox-view';
import { filtersKey, itemDetailKey, itemsListKey, itemsPageQuery, type ItemsPage } from '@/lib/client/item-cache';
import { announceItemsChanged } from '@/lib/client/item-lists';
import { startLocalService, type LocalService } from '../local-service';
import { renderApp } from '../render-app';

/*
 * The pages' first load as the server hands it over (lib/server/first-load.ts): the same
 * request under the hooks' own keys. Seeded, the views render their content at once.
 */

const unread: InboxSelection = { view: 'unread', type: null };

async function firstPageSeed(selection: InboxSelection): Promise<Record<string, unknown>> {
  const filters = filtersFor(selection);
  const key = filtersKey(filters);
  const list = await callApi('GET', '/v1/items', { query: itemsPageQuery(key, null) });
  const page: ItemsPage = { ...list, filters: key, loadedAt: new Date().toISOString() };
  return { [itemsListKey(filters)]: [page] };
}

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

describe('views seeded with the server first load', () => {
  let local: LocalService;
  let ids: string[];

  beforeAll(async () => {
    local = await startLocalService();
    ids = local.addFeed('Morning Post', Array.from({ length: 35 }, () => ({})));
  });
  afterAll(() => local.close());

  it('renders the river’s first page on the first render, with no loading state', async () => {
    const seed = await firstPageSeed(unread);
    renderApp(<SeededSWR seed={seed}><InboxRiver selection={unread} /></SeededSWR>);
    expect(screen.queryByText('Loading items…')).toBeNull();
    const list = screen.getByRole('list', { name: 'Unread items' });
    // A screenful at first; the rest of the page follows a few rows at a time (inbox-first-rows.test.tsx).
    expect(within(list).getAllByRole('listitem').length).toBeGreaterThanOrEqual(12);
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(30), { timeout: 15_000 });
    expect(screen.getByRole('button', { name: 'Load more' })).toBeTruthy();
  });

  it('shows a change to a seeded item at once, before any refetch', async () => {
    const user = userEvent.setup();
    const seed = await firstPageSeed(unread);
    renderApp(<SeededSWR seed={seed}><InboxRiver selection={unread} /></SeededSWR>);
    const row = screen.getByRole('link', { name: 'Morning Post item 2' }).closest('li')!;
    await user.click(within(row).getByRole('button', { name: 'Mark read: Morning Post item 2' }));
    expect(within(row).getByRole('button', { name: 'Mark unread: Morning Post item 2' })).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Marked read: Morning Post item 2'));
  });

  it('renders the reader’s item on the first render, with no loading state', async () => {
    const detail = await callApi('GET', '/v1/items/{item_id}', { params: { item_id: ids[5]! } });
    renderApp(<SeededSWR seed={{ [itemDetailKey(ids[5]!)]: detail }}><ItemReader id={ids[5]!} /></SeededSWR>);
    expect(screen.queryByText('Loading the item…')).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Morning Post item 5' })).toBeTruthy();
  });

  it('keeps the seeded list when the refetch on mount brings the same items, so the river does not render again', async () => {
    const seed = await firstPageSeed(unread);
    const key = itemsListKey(filtersFor(unread));
    const seeded = (seed[key] as ItemsPage[])[0]!;
    seeded.loadedAt = '2020-01-01T00:00:00.000Z';
    let cache: Cache | null = null;
    function CacheProbe() {
      cache = useSWRConfig().cache;
      return null;
    }
    renderApp(<SeededSWR seed={seed}><CacheProbe /><InboxRiver selection={unread} /></SeededSWR>);
    // The revalidation on mount has run and ended.
    await waitFor(() => expect(cache!.get(key)?.isValidating).toBe(false));
    expect((cache!.get(key)?.data as ItemsPage[])[0]).toBe(seeded);
  });

  it('commits nothing while a refetch runs and brings the same items, as the one on mount right after a load does', async () => {
    const seed = await firstPageSeed(unread);
    const key = itemsListKey(filtersFor(unread));
    let cache: Cache | null = null;
    function CacheProbe() {
      cache = useSWRConfig().cache;
      return null;
    }
    let commits = 0;
    renderApp(<SeededSWR seed={seed}><CacheProbe /><Profiler id="river" onRender={() => commits++}><InboxRiver selection={unread} /></Profiler></SeededSWR>);
    await screen.findByRole('list', { name: 'Unread items' });
    // The mount, its effects and the refetch on mount settle first.
    await waitFor(() => expect(cache!.get(key)?.isValidating).toBe(false));
    let settled = -1;
    while (settled !== commits) {
      settled = commits;
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    announceItemsChanged();
    await waitFor(() => expect(cache!.get(key)?.isValidating).toBe(true));
    await waitFor(() => expect(cache!.get(key)?.isValidating).toBe(false));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(commits).toBe(settled);
  });

  it('fetches in the browser when the server had nothing to hand over', async () => {
    renderApp(<SeededSWR seed={{}}><InboxRiver selection={unread} /></SeededSWR>);
    expect(screen.getByText('Loading items…')).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Unread items' });
    expect(within(list).getAllByRole('listitem').length).toBeGreaterThan(0);
  });
});
