import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '@/lib/client/api-client';
import type { ItemChange } from '@/lib/client/outbox/actions';
import type { ListedItem } from '@/lib/client/item-cache';
import { withoutQueuedUnsaves, withQueuedSaves } from '@/lib/client/outbox/queued-saves';
import { startLocalService, type LocalService } from '../../../components/local-service';

/*
 * Which rows a list shows while saves and unsaves wait, over rows the real service lists:
 * four articles an hour apart, newest first; items 1 and 3 saved on the service.
 */

let local: LocalService;
let rows: ListedItem[];
const saved = { is_saved: 'true' } as const;

beforeAll(async () => {
  local = await startLocalService();
  const ids = local.addFeed('Quay Weekly', Array.from({ length: 4 }, () => ({})));
  local.setState([ids[1]!, ids[3]!], { is_saved: true });
  rows = (await callApi('GET', '/v1/items', { query: {} })).data;
});
afterAll(() => local.close());

const row = (index: number) => rows.find((item) => item.title === `Quay Weekly item ${index}`)!;
const titles = (items: ListedItem[]) => items.map((item) => item.title.replace('Quay Weekly item ', ''));
const known = (id: string) => rows.find((item) => item.id === id) ?? null;
const queued = (...entries: [number, ItemChange][]) => new Map(entries.map(([index, change]) => [row(index).id, change]));

describe('the saved list with queued saves and unsaves', () => {
  it('puts a queued save in at its place by date, with the queued state on it', () => {
    const shown = withQueuedSaves([row(1), row(3)], saved, queued([2, { is_saved: true }], [0, { is_saved: true }]), known, true);

    expect(titles(shown)).toEqual(['0', '1', '2', '3']);
    expect(shown.every((item) => item.is_saved)).toBe(true);
  });

  it('waits for the page of a queued save older than the last loaded row while more pages remain', () => {
    const changes = queued([2, { is_saved: true }]);

    expect(titles(withQueuedSaves([row(1)], saved, changes, known, false))).toEqual(['1']);
    expect(titles(withQueuedSaves([row(1)], saved, changes, known, true))).toEqual(['1', '2']);
  });

  it('leaves out a row the service still lists as saved, but keeps one the person unsaved in the list itself', () => {
    const changes = queued([1, { is_saved: false }]);

    expect(titles(withQueuedSaves([row(1), row(3)], saved, changes, known, true))).toEqual(['3']);
    // Unsaved on screen: the row already shows it, and stays until the list is fetched again.
    expect(titles(withQueuedSaves([{ ...row(1), is_saved: false }, row(3)], saved, changes, known, true))).toEqual(['1', '3']);
  });

  it('brings in no row a list’s other filters exclude or that the device cannot place', () => {
    const changes = queued([0, { is_saved: true }]);

    expect(titles(withQueuedSaves([row(1)], { ...saved, item_type: 'episode' }, changes, known, true))).toEqual(['1']);
    expect(titles(withQueuedSaves([row(1)], { ...saved, folder_ids: [row(1).feeds[0]!.id] }, changes, known, true))).toEqual(['1']);
    expect(titles(withQueuedSaves([row(1)], saved, changes, () => null, true))).toEqual(['1']);
    expect(titles(withQueuedSaves([row(1)], { ...saved, subscription_ids: [row(0).feeds[0]!.id] }, changes, known, true))).toEqual(['0', '1']);
  });

  it('changes no list but the saved one', () => {
    const changes = queued([0, { is_saved: true }], [1, { is_saved: false }]);
    const all = [row(1), row(3)];

    expect(withQueuedSaves(all, {}, changes, known, true)).toBe(all);
    expect(withQueuedSaves(all, { is_read: 'unread' }, changes, known, true)).toBe(all);
  });

  it('takes a queued unsave out of a fetched page of the saved list, and out of its total', () => {
    const page = { data: [row(1), row(3)], pagination: { total: 2, has_more: false, next_cursor: null } };

    const fetched = withoutQueuedUnsaves(page, saved, queued([1, { is_saved: false }]));

    expect(titles(fetched.data)).toEqual(['3']);
    expect(fetched.pagination.total).toBe(1);
    expect(withoutQueuedUnsaves(page, {}, queued([1, { is_saved: false }]))).toBe(page);
  });
});
