// @vitest-environment jsdom
/*
 * Up Next changes in the outbox (reorder, remove, clear): queued offline, named in the
 * pending list, collapsed when one reorder follows another, shown on a freshly loaded queue,
 * and replayed in order to the real service over HTTP when the connection returns.
 */
import 'fake-indexeddb/auto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { IDBFactory } from 'fake-indexeddb';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OutboxAction } from '@/lib/client/outbox/actions';
import { describeAction, requestFor } from '@/lib/client/outbox/actions';
import { OutboxStore } from '@/lib/client/outbox/store';
import { overlayUpNext } from '@/lib/client/outbox/up-next-overlay';
import { episode, isoDaysAgo, startHarness, type Harness, type TestUser } from '../../service/harness';
import { connectionSwitch } from '../../../connection-switch';

let h: Harness;
let person: TestUser;
const connection = connectionSwitch();

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.stop();
});

type Modules = {
  outbox: typeof import('@/lib/client/outbox');
  status: typeof import('@/lib/client/outbox/status');
};
let m: Modules;

beforeEach(async () => {
  globalThis.indexedDB = new IDBFactory();
  localStorage.clear();
  connection.online = true;
  vi.resetModules();
  const api = await import('@/lib/client/api-client');
  person = await h.createUser();
  api.configureApi({ base: h.baseUrl, headers: { authorization: `Bearer ${person.appToken}` } });
  m = { outbox: await import('@/lib/client/outbox'), status: await import('@/lib/client/outbox/status') };
});

/** Four episodes of a followed podcast, newest first. */
async function seedQueue(): Promise<string[]> {
  const { itemIds } = await h.seedSubscription(person.user, [0.1, 1, 2, 3].map((age) => episode({ published_at: isoDaysAgo(age) })), { source_type: 'podcast' });
  return itemIds as string[];
}

async function serviceQueue(): Promise<string[]> {
  const answer = await h.call('GET', '/v1/up-next', { key: person.appToken });
  return (answer.body.data as { id: string }[]).map((item) => item.id);
}

/** An address on 127.0.0.1 where nothing listens (a server started and closed). */
async function closedAddress(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}

const arrange = (itemIds: string[]): OutboxAction => ({ kind: 'up-next-arrange', itemIds });
const remove = (itemIds: string[]): OutboxAction => ({ kind: 'up-next-remove', itemIds });
const clear: OutboxAction = { kind: 'up-next-clear' };

describe('Up Next changes in the outbox', () => {
  it('sends a reorder as the whole order, a removal and a clear as DELETE /v1/up-next', () => {
    expect(requestFor(arrange(['b', 'a']))).toEqual({ method: 'PUT', path: '/v1/up-next', body: { item_ids: ['b', 'a'] } });
    expect(requestFor(remove(['a']))).toEqual({ method: 'DELETE', path: '/v1/up-next', body: { item_ids: ['a'] } });
    expect(requestFor(clear)).toEqual({ method: 'DELETE', path: '/v1/up-next', body: {} });
  });

  it('names each change in words for the pending list', () => {
    expect(describeAction(arrange(['a', 'b']))).toBe('Reorder Up Next');
    expect(describeAction(remove(['a']), () => 'Episode 12')).toBe('Remove “Episode 12” from Up Next');
    expect(describeAction(remove(['a']))).toBe('Remove an episode from Up Next');
    expect(describeAction(remove(['a', 'b']))).toBe('Remove 2 episodes from Up Next');
    expect(describeAction(clear)).toBe('Clear Up Next');
  });

  it('keeps only the last of consecutive reorders, but not one across a removal', async () => {
    const store = new OutboxStore();
    const first = await store.add(arrange(['a', 'b', 'c']));
    const second = await store.add(arrange(['b', 'a', 'c']));
    expect(second?.dropped).toEqual([first!.entry.requestId]);
    await store.add(remove(['c']));
    await store.add(arrange(['a', 'b']));
    await store.add({ kind: 'update', itemId: 'x', body: { is_read: true } });
    await store.add(arrange(['b', 'a']));

    expect((await store.pending()).map((entry) => entry.action)).toEqual([
      arrange(['b', 'a', 'c']), remove(['c']), arrange(['a', 'b']), { kind: 'update', itemId: 'x', body: { is_read: true } }, arrange(['b', 'a']),
    ]);
    await store.close();
  });

  it('shows queued changes on a loaded queue in sending order, unlisted episodes after the arranged ones', () => {
    const loaded = ['a', 'b', 'c', 'd'].map((id) => ({ id }));
    const ids = (entries: { id: string }[]) => entries.map((entry) => entry.id);
    expect(ids(overlayUpNext(loaded, [arrange(['c', 'a'])]))).toEqual(['c', 'a', 'b', 'd']);
    expect(ids(overlayUpNext(loaded, [arrange(['d', 'c', 'b', 'a']), remove(['c'])]))).toEqual(['d', 'b', 'a']);
    expect(overlayUpNext(loaded, [remove(['a']), clear])).toEqual([]);
    expect(overlayUpNext(loaded, [{ kind: 'update', itemId: 'a', body: { is_read: true } }])).toEqual(loaded);
  });

  it('queues a reorder and a removal offline, lists them, and replays them in order when the connection returns', async () => {
    const [a, b, c, d] = await seedQueue();
    expect(await serviceQueue()).toEqual([a, b, c, d]);
    connection.online = false;

    expect(await m.outbox.enqueueOrSend(arrange([c!, a!, b!, d!]))).toEqual({ sent: false });
    expect(await m.outbox.enqueueOrSend(arrange([d!, c!, a!, b!]))).toEqual({ sent: false });
    expect(await m.outbox.enqueueOrSend(remove([a!]), { title: 'Episode A' })).toEqual({ sent: false });
    expect(m.status.outboxStatus()).toMatchObject({
      activity: 'offline', pending: [{ label: 'Reorder Up Next' }, { label: 'Remove “Episode A” from Up Next' }],
    });
    // A queue loaded meanwhile (an offline copy) shows what waits.
    const loaded = [a, b, c, d].map((id) => ({ id: id! }));
    expect((await m.outbox.withPendingUpNext(loaded)).map((entry) => entry.id)).toEqual([d, c, b]);
    expect(await serviceQueue()).toEqual([a, b, c, d]);

    connection.reconnect();
    await vi.waitFor(() => expect(m.status.outboxStatus()).toMatchObject({ activity: 'idle', pending: [] }));
    expect(await serviceQueue()).toEqual([d, c, b]);
  });

  it('queues a clear while the service cannot be reached although the browser is online, and sends it once it answers', async () => {
    await seedQueue();
    const api = await import('@/lib/client/api-client');
    api.configureApi({ base: await closedAddress(), headers: { authorization: `Bearer ${person.appToken}` } });
    expect(await m.outbox.enqueueOrSend(clear)).toEqual({ sent: false });
    expect(m.status.outboxStatus().pending).toMatchObject([{ label: 'Clear Up Next' }]);
    expect(await serviceQueue()).toHaveLength(4);

    api.configureApi({ base: h.baseUrl, headers: { authorization: `Bearer ${person.appToken}` } });
    connection.reconnect();
    await vi.waitFor(() => expect(m.status.outboxStatus()).toMatchObject({ activity: 'idle', pending: [] }));
    expect(await serviceQueue()).toEqual([]);
  });
});
