import { describe, expect, it } from 'vitest';
import { changesOf } from '@/lib/client/outbox/actions';
import { mergeChanges, overlayChanges } from '@/lib/client/outbox/overlay';

const a = '11111111-1111-4111-8111-111111111111';
const b = '22222222-2222-4222-8222-222222222222';

describe('showing queued changes on loaded data', () => {
  const queued = mergeChanges([
    changesOf({ kind: 'update', itemId: a, body: { is_read: true } }),
    changesOf({ kind: 'update', itemId: a, body: { is_saved: true, tags: ['trains', 'later'], notes: 'Note' } }),
    changesOf({ kind: 'playback', itemId: b, positionSeconds: 125.6, clientTimestamp: '2025-01-01T10:00:00.000Z' }),
    changesOf({ kind: 'bulk', itemIds: [b], action: 'mark_unread' }),
  ]);

  it('patches the listed items a change touches and leaves the others as they were', () => {
    const other = { id: 'x', is_read: false, is_saved: false };
    const page = {
      data: [{ id: a, is_read: false, is_saved: false }, other, { id: b, is_read: true, is_saved: false, playback_position: 3, last_played_at: null }],
      pagination: { total: 3 },
    };

    const shown = overlayChanges(page, queued);

    expect(shown.data[0]).toEqual({ id: a, is_read: true, is_saved: true });
    expect(shown.data[1]).toBe(other);
    expect(shown.data[2]).toEqual({ id: b, is_read: false, is_saved: false, playback_position: 126, last_played_at: '2025-01-01T10:00:00.000Z' });
    expect(shown.pagination).toBe(page.pagination);
  });

  it('patches a detail, keeping known tags and naming new ones as pending', () => {
    const detail = { id: a, is_read: false, is_saved: false, notes: null, tags: [{ id: 't1', name: 'trains', item_count: 4 }] };

    expect(overlayChanges(detail, queued)).toEqual({
      id: a, is_read: true, is_saved: true, notes: 'Note',
      tags: [{ id: 't1', name: 'trains', item_count: 4 }, { id: 'pending:later', name: 'later', item_count: 1 }],
    });
  });

  it('gives back the very same data when nothing queued touches it', () => {
    const page = { data: [{ id: 'y', is_read: false }] };
    expect(overlayChanges(page, queued)).toBe(page);
    expect(overlayChanges(page, new Map())).toBe(page);
    expect(overlayChanges(null, queued)).toBeNull();
  });
});
