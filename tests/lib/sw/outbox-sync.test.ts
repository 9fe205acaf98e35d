/*
 * The worker's replay on Background Sync: the real outbox store (fake-indexeddb) sent to
 * the real service over HTTP, with open pages standing in for the browser's clients.
 */
import { IDBFactory } from 'fake-indexeddb';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { article, episode, startHarness, type Harness } from '../service/harness';
import { closePages, installWorkerGlobals, openPage, resetWorkerCaches, TestExtendableEvent } from './worker-globals';

installWorkerGlobals();
const { configureApi } = await import('@/lib/client/api-client');
const { OutboxStore } = await import('@/lib/client/outbox/store');
const { outboxSyncTag } = await import('@/lib/client/outbox/sync');
const { listenForOutboxSync } = await import('@/lib/sw/outbox-sync');

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
  listenForOutboxSync();
});
afterAll(async () => {
  await h.stop();
});
beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  resetWorkerCaches();
  closePages();
});

/** Fires the outbox's Background Sync event as the browser does, and waits until the worker is done with it. */
async function backgroundSync(): Promise<void> {
  const event = Object.assign(new TestExtendableEvent('sync'), { tag: outboxSyncTag });
  dispatchEvent(event);
  await event.settled();
}

describe('the outbox replayed by the worker on Background Sync', () => {
  it('tells every open page after each change it sends or has refused, in order, and then that it is done', async () => {
    const person = await h.createUser({ plan: 'free' });
    const { itemIds: [first, second, third] } = await h.seedSubscription(person.user, [article(), article(), article()]);
    const queue = new OutboxStore();
    await queue.add({ kind: 'update', itemId: first!, body: { is_read: true } });
    await queue.add({ kind: 'update', itemId: second!, body: { notes: 'Free plans keep no notes.' } });
    await queue.add({ kind: 'update', itemId: third!, body: { is_saved: true } });
    configureApi({ base: h.baseUrl, headers: { authorization: `Bearer ${person.appToken}` } });
    const pages = [openPage(), openPage()];

    await backgroundSync();

    const told = [
      { type: 'outbox-progress', sent: 1, refused: 0 },
      { type: 'outbox-progress', sent: 1, refused: 1 },
      { type: 'outbox-progress', sent: 2, refused: 1 },
      { type: 'outbox-replayed', sent: 2, refused: 1 },
    ];
    for (const page of pages) expect(page.messages).toEqual(told);
    expect(await queue.pending()).toEqual([]);
    expect((await queue.refused()).map((entry) => entry.status)).toEqual([402]);
    await queue.close();
  });

  it('sends an Up Next reorder queued offline and keeps the queue it answers for the app opened offline later', async () => {
    const person = await h.createUser();
    const { itemIds: [first, second] } = await h.seedSubscription(person.user, [episode(), episode()], { source_type: 'podcast' });
    const queue = new OutboxStore();
    await queue.add({ kind: 'up-next-arrange', itemIds: [second!, first!] });
    configureApi({ base: h.baseUrl, headers: { authorization: `Bearer ${person.appToken}` } });

    await backgroundSync();

    expect(await queue.pending()).toEqual([]);
    const order = (answer: unknown) => (answer as { data: { id: string }[] } | undefined)?.data.map((item) => item.id);
    expect(order((await h.call('GET', '/v1/up-next', { key: person.appToken })).body)).toEqual([second, first]);
    await vi.waitFor(async () => expect(order(await (await caches.match('http://localhost/api/v1/up-next'))?.json())).toEqual([second, first]));
    await queue.close();
  });

  it('tells open pages it is done without progress when nothing waits', async () => {
    const page = openPage();

    await backgroundSync();

    expect(page.messages).toEqual([{ type: 'outbox-replayed', sent: 0, refused: 0 }]);
  });
});
