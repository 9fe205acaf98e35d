// @vitest-environment jsdom
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { SWRConfig, unstable_serialize, useSWRConfig } from 'swr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '@/lib/client/api-client';
import { applyOptimistically, editDetailField, itemKey, type ItemDetail } from '@/lib/client/item-cache';
import { startLocalService, type LocalService } from '../../components/local-service';

/*
 * Overlapping changes to one item, as a person makes them faster than the service answers:
 * each change's request is a promise the test settles when it chooses.
 */

let local: LocalService;
let detail: ItemDetail;

beforeAll(async () => {
  local = await startLocalService();
  const [id] = local.addFeed('Harbour Gazette', [{ title: 'Tides rise over the harbour wall' }]);
  detail = await callApi('GET', '/v1/items/{item_id}', { params: { item_id: id! } });
});
afterAll(() => local.close());

function deferred() {
  let settle: { resolve: (value: unknown) => void; reject: (error: Error) => void } = { resolve: () => undefined, reject: () => undefined };
  const promise = new Promise<unknown>((resolve, reject) => { settle = { resolve, reject }; });
  return Object.assign(promise, settle);
}

/** A fresh SWR cache holding the item's detail as the reader shows it. */
async function cacheWithDetail() {
  const wrapper = ({ children }: { children: ReactNode }) => <SWRConfig value={{ provider: () => new Map() }}>{children}</SWRConfig>;
  const { result } = renderHook(() => useSWRConfig(), { wrapper });
  const { cache, mutate } = result.current;
  const key = unstable_serialize(itemKey(detail.id));
  await mutate(key, detail, { revalidate: false });
  return { cache, mutate, shown: () => cache.get(key)?.data as ItemDetail, key };
}

describe('changes to one item that overlap', () => {
  it('takes back only the failed change, keeping a later change of another field', async () => {
    const { cache, mutate, shown } = await cacheWithDetail();
    const read = deferred();
    const reading = applyOptimistically(cache, mutate, [detail.id], { is_read: true }, read);
    await applyOptimistically(cache, mutate, [detail.id], { is_saved: true }, Promise.resolve());
    expect(shown()).toMatchObject({ is_read: true, is_saved: true });

    read.reject(new Error('refused'));
    await expect(reading).rejects.toThrow('refused');
    expect(shown()).toMatchObject({ is_read: false, is_saved: true });
  });

  it('lets a later change of the same field win over an earlier one answered after it', async () => {
    const { cache, mutate, shown } = await cacheWithDetail();
    const read = deferred();
    const reading = applyOptimistically(cache, mutate, [detail.id], { is_read: true }, read);
    await applyOptimistically(cache, mutate, [detail.id], { is_read: false }, Promise.resolve());
    read.resolve(undefined);
    await reading;
    expect(shown().is_read).toBe(false);

    const failing = deferred();
    const refused = applyOptimistically(cache, mutate, [detail.id], { is_read: true }, failing);
    await applyOptimistically(cache, mutate, [detail.id], { is_read: true }, Promise.resolve());
    failing.reject(new Error('refused'));
    await expect(refused).rejects.toThrow('refused');
    expect(shown().is_read).toBe(true);
  });

  it('mends a field that a fetch answered before the change reached the service', async () => {
    const { cache, mutate, shown, key } = await cacheWithDetail();
    const read = deferred();
    const reading = applyOptimistically(cache, mutate, [detail.id], { is_read: true }, read);
    await mutate(key, { ...detail, title: 'Fetched again' }, { revalidate: false });
    expect(shown().is_read).toBe(false);
    read.resolve(undefined);
    await reading;
    expect(shown()).toMatchObject({ is_read: true, title: 'Fetched again' });
  });

  it('keeps tags being added while a read change is answered, then shows the tags the service stored', async () => {
    const { cache, mutate, shown } = await cacheWithDetail();
    const read = deferred();
    const reading = applyOptimistically(cache, mutate, [detail.id], { is_read: true }, read);
    const tagged = deferred();
    const stored = [{ id: 'c0a80101-0000-4000-8000-000000000001', name: 'cranes', item_count: 1 }];
    const tagging = editDetailField(cache, mutate, detail.id, 'tags', () => [{ id: 'pending:cranes', name: 'cranes', item_count: 1 }],
      tagged, () => ({ ...detail, tags: stored }));
    expect(shown().tags.map((tag) => tag.id)).toEqual(['pending:cranes']);

    read.resolve(undefined);
    await reading;
    expect(shown().tags.map((tag) => tag.id)).toEqual(['pending:cranes']);
    tagged.resolve(undefined);
    await tagging;
    expect(shown()).toMatchObject({ is_read: true, tags: stored });
  });

  it('shows the old notes again when saving them fails, unless they were edited again meanwhile', async () => {
    const { cache, mutate, shown } = await cacheWithDetail();
    const failing = deferred();
    const saving = editDetailField(cache, mutate, detail.id, 'notes', () => 'First draft', failing, () => null);
    failing.reject(new Error('refused'));
    await expect(saving).rejects.toThrow('refused');
    expect(shown().notes).toBe(detail.notes);

    const slow = deferred();
    const first = editDetailField(cache, mutate, detail.id, 'notes', () => 'First draft', slow, () => null);
    await editDetailField(cache, mutate, detail.id, 'notes', () => 'Second draft', Promise.resolve(), () => ({ ...detail, notes: 'Second draft' }));
    slow.reject(new Error('refused'));
    await expect(first).rejects.toThrow('refused');
    expect(shown().notes).toBe('Second draft');
  });
});

describe('a change to an item listed outside the items lists', () => {
  it('shows on cached search results, best matches and stories’ articles, and is taken back when refused', async () => {
    const { cache, mutate } = await cacheWithDetail();
    const found = await callApi('GET', '/v1/items', { query: { q: 'harbour', include_body: 'true' } });
    const listed = found.data.find((item) => item.id === detail.id)!;
    expect(listed.is_read).toBe(false);
    const article = { id: detail.id, title: detail.title, item_type: detail.item_type, summary: null, published_at: detail.published_at,
      is_read: false, is_saved: false, is_global: false, media_url: null, canonical_url: detail.canonical_url, feeds: [] };
    const other = { ...article, id: 'c0a80101-0000-4000-8000-000000000002' };
    await mutate('search-pages', [{ data: [listed], pagination: found.pagination }], { revalidate: false });
    await mutate('best-matches', [other, article], { revalidate: false });
    await mutate('stories', [{ id: 'story', title: 'Tides', articles: [article, other] }], { revalidate: false });
    const unrelated = { feeds: [{ id: detail.id, title: 'Harbour Gazette' }] };
    await mutate('unrelated', unrelated, { revalidate: false });
    type Shown = { id: string; is_read: boolean };
    const states = () => [
      (cache.get('search-pages')?.data as { data: Shown[] }[])[0]!.data[0]!.is_read,
      (cache.get('best-matches')?.data as Shown[])[1]!.is_read,
      (cache.get('stories')?.data as { articles: Shown[] }[])[0]!.articles[0]!.is_read,
    ];

    const read = deferred();
    const reading = applyOptimistically(cache, mutate, [detail.id], { is_read: true }, read);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(states()).toEqual([true, true, true]);
    expect((cache.get('best-matches')?.data as Shown[])[0]!.is_read).toBe(false);
    expect(cache.get('unrelated')?.data).toBe(unrelated);

    read.reject(new Error('refused'));
    await expect(reading).rejects.toThrow('refused');
    expect(states()).toEqual([false, false, false]);
  });
});
