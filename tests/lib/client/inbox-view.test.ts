import { describe, expect, it } from 'vitest';
import { calendarDay, filtersFor, inboxHref, readInboxSelection } from '@/lib/client/inbox-view';
import { filtersKey } from '@/lib/client/item-cache';
import { markAllBefore, markAllBody, markAllFitsBody } from '@/lib/client/mark-all';

const id = '6f1c2d3e-4a5b-4c6d-8e7f-8091a2b3c4d5';

function read(query: string) {
  return readInboxSelection(new URLSearchParams(query));
}

describe('the inbox URL', () => {
  it('reads a source and dates and writes them back to the same URL', () => {
    const selection = read(`view=all&type=article&folder=${id}&from=2025-05-01&to=2025-05-31`);
    expect(selection).toEqual({ view: 'all', type: 'article', source: { kind: 'folder', id }, from: '2025-05-01', to: '2025-05-31' });
    expect(inboxHref(selection)).toBe(`/inbox?view=all&type=article&folder=${id}&from=2025-05-01&to=2025-05-31`);
    expect(inboxHref(read(''))).toBe('/inbox');
  });

  it('drops dates that are not calendar days', () => {
    expect(calendarDay('2025-02-30')).toBeNull();
    expect(calendarDay('2025-5-1')).toBeNull();
    expect(calendarDay('2024-02-29')).toBe('2024-02-29');
    expect(read('from=yesterday&to=2025-13-01')).toMatchObject({ from: null, to: null });
  });

  it('turns a source into the list filter of its kind, and keeps the plain inbox’s cache key', () => {
    expect(filtersFor(read(`subscription=${id}`))).toEqual({ is_read: 'unread', subscription_ids: [id] });
    expect(filtersFor(read(`view=saved&tag=${id}&to=2025-05-31`))).toEqual({ is_saved: 'true', tag_ids: [id], to_date: '2025-05-31' });
    expect(filtersKey(filtersFor(read('')))).toBe('{"is_read":"unread"}');
  });
});

describe('what mark-all covers', () => {
  it('sends the list’s source, type and saved filters, and ends at the list’s load or its last day, whichever is earlier', () => {
    const filters = filtersFor(read(`view=saved&type=episode&folder=${id}&to=2025-05-31`));
    expect(markAllBefore(filters, '2025-06-02T09:00:00.000Z')).toBe('2025-05-31T23:59:59.999Z');
    expect(markAllBefore(filters, '2025-05-20T09:00:00.000Z')).toBe('2025-05-20T09:00:00.000Z');
    expect(markAllBody(filters, '2025-05-20T09:00:00.000Z')).toEqual({
      item_type: 'episode', is_saved: true, folder_ids: [id], before: '2025-05-20T09:00:00.000Z',
    });
    expect(markAllFitsBody(filters)).toBe(true);
    expect(markAllFitsBody(filtersFor(read('from=2025-05-01')))).toBe(false);
  });
});
