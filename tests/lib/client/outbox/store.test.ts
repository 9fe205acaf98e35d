import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OutboxAction } from '@/lib/client/outbox/actions';
import { OutboxStore } from '@/lib/client/outbox/store';

const a = '11111111-1111-4111-8111-111111111111';
const b = '22222222-2222-4222-8222-222222222222';
const c = '33333333-3333-4333-8333-333333333333';

let store: OutboxStore;

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  store = new OutboxStore();
});

afterEach(async () => {
  await store.close();
});

const read = (itemId: string, isRead = true): OutboxAction => ({ kind: 'update', itemId, body: { is_read: isRead } });
const save = (itemId: string, isSaved = true): OutboxAction => ({ kind: 'update', itemId, body: { is_saved: isSaved } });
const playback = (itemId: string, positionSeconds: number, at: string): OutboxAction => ({ kind: 'playback', itemId, positionSeconds, clientTimestamp: at });

async function actions(): Promise<OutboxAction[]> {
  return (await store.pending()).map((entry) => entry.action);
}

describe('the outbox store', () => {
  it('keeps changes in the order they were made, each with its own request id and time', async () => {
    await store.add(read(a), { now: 1000 });
    await store.add(save(b), { now: 2000 });
    await store.add(read(c), { now: 3000 });

    const pending = await store.pending();
    expect(pending.map((entry) => entry.action)).toEqual([read(a), save(b), read(c)]);
    expect(pending.map((entry) => entry.queuedAt)).toEqual([1000, 2000, 3000]);
    expect(new Set(pending.map((entry) => entry.requestId)).size).toBe(3);
    expect((await store.first())?.action).toEqual(read(a));
  });

  it('keeps only the last of read then unread of the same item', async () => {
    const first = await store.add(read(a, true));
    const second = await store.add(read(a, false));

    expect(await actions()).toEqual([read(a, false)]);
    expect(second?.dropped).toEqual([first!.entry.requestId]);
  });

  it('keeps only the last of save then unsave, and leaves other items alone', async () => {
    await store.add(save(a, true));
    await store.add(save(b, true));
    await store.add(save(a, false));

    expect(await actions()).toEqual([save(b, true), save(a, false)]);
  });

  it('trims an earlier change to the fields a later one does not overwrite', async () => {
    await store.add({ kind: 'update', itemId: a, body: { is_read: true, is_saved: true, tags: ['x'] } });
    await store.add({ kind: 'update', itemId: a, body: { is_saved: false } });
    await store.add({ kind: 'update', itemId: a, body: { tags: ['y', 'z'] } });

    expect(await actions()).toEqual([
      { kind: 'update', itemId: a, body: { is_read: true } },
      { kind: 'update', itemId: a, body: { is_saved: false } },
      { kind: 'update', itemId: a, body: { tags: ['y', 'z'] } },
    ]);
  });

  it('keeps the last notes of an item', async () => {
    await store.add({ kind: 'update', itemId: a, body: { notes: 'first draft' } });
    await store.add({ kind: 'update', itemId: a, body: { notes: 'final words' } });

    expect(await actions()).toEqual([{ kind: 'update', itemId: a, body: { notes: 'final words' } }]);
  });

  it('takes an item out of an earlier bulk action when a later change overwrites it', async () => {
    await store.add({ kind: 'bulk', itemIds: [a, b, c], action: 'mark_read' });
    await store.add(read(b, false));
    await store.add(save(c, true));

    expect(await actions()).toEqual([
      { kind: 'bulk', itemIds: [a, c], action: 'mark_read' },
      read(b, false),
      save(c, true),
    ]);
  });

  it('drops an earlier bulk action whose every item a later one overwrites', async () => {
    await store.add({ kind: 'bulk', itemIds: [a, b], action: 'save' });
    await store.add({ kind: 'bulk', itemIds: [b, a, c], action: 'unsave' });

    expect(await actions()).toEqual([{ kind: 'bulk', itemIds: [b, a, c], action: 'unsave' }]);
  });

  it('keeps every change around a mark all as read, which only the service matches to items', async () => {
    const markAll: OutboxAction = { kind: 'mark-all', body: { is_read: true }, itemIds: [a, b] };
    await store.add(read(a, false));
    await store.add(markAll);
    await store.add(read(b, false));

    // Sent in this order, a ends read and b unread, as the person left them.
    expect(await actions()).toEqual([read(a, false), markAll, read(b, false)]);
  });

  it('keeps the playback position with the latest client timestamp', async () => {
    await store.add(playback(a, 60, '2025-01-01T10:00:00.000Z'));
    await store.add(playback(b, 5, '2025-01-01T10:00:30.000Z'));
    await store.add(playback(a, 120, '2025-01-01T10:01:00.000Z'));
    const older = await store.add(playback(a, 90, '2025-01-01T10:00:45.000Z'));

    expect(older).toBeNull();
    expect(await actions()).toEqual([playback(b, 5, '2025-01-01T10:00:30.000Z'), playback(a, 120, '2025-01-01T10:01:00.000Z')]);
  });

  it('never coalesces away a change that is in flight', async () => {
    const first = await store.add(read(a, true));
    await store.setSending(first!.entry.seq, true);
    await store.add(read(a, false));

    expect(await actions()).toEqual([read(a, true), read(a, false)]);
    await store.resetSending();
    expect((await store.pending()).every((entry) => !entry.sending)).toBe(true);
  });

  it('still holds the queue after the database is closed and opened again', async () => {
    await store.add(read(a), { title: 'A title' });
    await store.add(playback(b, 42, '2025-01-01T10:00:00.000Z'));
    await store.close();

    const reopened = new OutboxStore();
    const pending = await reopened.pending();
    expect(pending.map((entry) => entry.action)).toEqual([read(a), playback(b, 42, '2025-01-01T10:00:00.000Z')]);
    expect(pending[0]!.title).toBe('A title');
    await reopened.close();
  });

  it('moves a refused change to the refused list with its reason, and forgets it once dismissed', async () => {
    await store.add(save(a), { title: 'Saved thing', now: 500 });
    await store.add(read(b));
    const entry = (await store.first())!;

    const refused = await store.refuse(entry, 402, 'Your plan keeps at most 100 saved items.', 900);

    expect(refused).toMatchObject({ status: 402, message: 'Your plan keeps at most 100 saved items.', queuedAt: 500, refusedAt: 900, title: 'Saved thing' });
    expect(await actions()).toEqual([read(b)]);
    expect((await store.refused()).map((item) => item.requestId)).toEqual([entry.requestId]);

    await store.dismiss(entry.requestId);
    expect(await store.refused()).toEqual([]);
  });

  it('empties the queue and the refused list on clear', async () => {
    await store.add(save(a));
    await store.refuse((await store.first())!, 402, 'No.');
    await store.add(read(b));

    await store.clear();

    expect(await store.pending()).toEqual([]);
    expect(await store.refused()).toEqual([]);
  });
});
