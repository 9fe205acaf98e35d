// @vitest-environment jsdom
/*
 * The outbox as the page uses it (enqueueOrSend, settle, sign-out's flush), in jsdom with
 * fake-indexeddb, sending through the app's API client to the real service over HTTP.
 * Each test loads the modules afresh: the runtime keeps its state per page.
 */
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { article, startHarness, type Harness, type TestUser } from '../../service/harness';
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
  runtime: typeof import('@/lib/client/outbox/runtime');
  status: typeof import('@/lib/client/outbox/status');
  session: typeof import('@/lib/client/session');
};

let m: Modules;

beforeEach(async () => {
  globalThis.indexedDB = new IDBFactory();
  localStorage.clear();
  connection.online = true;
  vi.resetModules();
  const api = await import('@/lib/client/api-client');
  person = await h.createUser({ plan: 'free' });
  api.configureApi({ base: h.baseUrl, headers: { authorization: `Bearer ${person.appToken}` } });
  m = {
    outbox: await import('@/lib/client/outbox'),
    runtime: await import('@/lib/client/outbox/runtime'),
    status: await import('@/lib/client/outbox/status'),
    session: await import('@/lib/client/session'),
  };
});

async function serviceItem(id: string) {
  return (await h.call('GET', `/v1/items/${id}`, { key: person.key })).body as { is_read: boolean; is_saved: boolean; notes: string | null };
}

describe('the outbox in the page', () => {
  it('sends a change at once when online and answers the service’s result', async () => {
    const [id] = (await h.seedSubscription(person.user, [article()])).itemIds;

    const outcome = await m.outbox.enqueueOrSend({ kind: 'update', itemId: id!, body: { is_read: true } });

    expect(outcome).toMatchObject({ sent: true, result: { id, is_read: true } });
    expect((await serviceItem(id!)).is_read).toBe(true);
    expect(m.status.outboxStatus().pending).toEqual([]);
  });

  it('queues offline, shows the change on fetched data, and sends it in order when the connection returns', async () => {
    const [first, second] = (await h.seedSubscription(person.user, [article({ title: 'First' }), article()])).itemIds;
    connection.online = false;

    expect(await m.outbox.enqueueOrSend({ kind: 'update', itemId: first!, body: { is_read: true } }, { title: 'First' })).toEqual({ sent: false });
    expect(await m.outbox.enqueueOrSend({ kind: 'update', itemId: second!, body: { is_saved: true } })).toEqual({ sent: false });
    expect(m.status.outboxStatus()).toMatchObject({ activity: 'offline', pending: [{ label: 'Mark read “First”' }, { label: 'Save an item' }] });
    // Offline, fetches do not wait; what they bring shows the queued changes.
    await m.outbox.settleOutbox();
    expect(m.outbox.withPendingChanges({ id: first, is_read: false, is_saved: false })).toEqual({ id: first, is_read: true, is_saved: false });
    expect((await serviceItem(first!)).is_read).toBe(false);

    connection.reconnect();
    await vi.waitFor(() => expect(m.status.outboxStatus()).toMatchObject({ activity: 'idle', pending: [] }));
    expect((await serviceItem(first!)).is_read).toBe(true);
    expect((await serviceItem(second!)).is_saved).toBe(true);
  });

  it('shows changes queued before the app was closed from its first render when reopened, before the outbox reads its database', async () => {
    const [id] = (await h.seedSubscription(person.user, [article({ title: 'Read before closing' })])).itemIds;
    connection.online = false;
    await m.outbox.enqueueOrSend({ kind: 'update', itemId: id!, body: { is_read: true } }, { title: 'Read before closing' });

    // The app opens again: fresh modules over the same storage, the outbox not loaded yet.
    vi.resetModules();
    const reopened = await import('@/lib/client/outbox/status');
    expect(reopened.outboxStatus()).toMatchObject({ loaded: false, pending: [{ label: 'Mark read “Read before closing”' }] });
    expect(reopened.outboxStatus().changes.get(id!)).toEqual({ is_read: true });
    // The server's render knows nothing of it (hydration starts from that, then shows the change).
    expect(reopened.initialOutboxStatus().changes.size).toBe(0);

    // Sent: nothing is left to show on the next opening.
    connection.reconnect();
    await vi.waitFor(() => expect(m.status.outboxStatus().pending).toEqual([]));
    expect(localStorage.getItem(reopened.OUTBOX_SNAPSHOT_KEY)).toBeNull();
    vi.resetModules();
    expect((await import('@/lib/client/outbox/status')).outboxStatus().changes.size).toBe(0);
  });

  it('shows in another tab a change queued here, and drops it there once this tab has sent it', async () => {
    const [id] = (await h.seedSubscription(person.user, [article({ title: 'Both tabs' })])).itemIds;
    await m.outbox.loadOutbox();
    // A second tab of the app: its own modules and snapshot, the same IndexedDB.
    vi.resetModules();
    (await import('@/lib/client/api-client')).configureApi({ base: h.baseUrl, headers: { authorization: `Bearer ${person.appToken}` } });
    const otherStatus = await import('@/lib/client/outbox/status');
    await (await import('@/lib/client/outbox')).loadOutbox();
    expect(otherStatus.outboxStatus().pending).toEqual([]);

    connection.online = false;
    await m.outbox.enqueueOrSend({ kind: 'update', itemId: id!, body: { is_read: true } }, { title: 'Both tabs' });
    await vi.waitFor(() => expect(otherStatus.outboxStatus().pending).toMatchObject([{ label: 'Mark read “Both tabs”' }]));

    // This tab sends it (no online event, which would make the other tab replay too).
    connection.online = true;
    await m.runtime.flushOutbox();
    expect((await serviceItem(id!)).is_read).toBe(true);
    await vi.waitFor(() => expect(otherStatus.outboxStatus().pending).toEqual([]));
  });

  it('sends what an earlier page left queued as soon as the app starts again with a connection, with no online event', async () => {
    const [id] = (await h.seedSubscription(person.user, [article()])).itemIds;
    connection.online = false;
    await m.outbox.enqueueOrSend({ kind: 'update', itemId: id!, body: { is_saved: true } });

    // The page is closed; later the app starts with a connection, where no Background Sync ran.
    vi.resetModules();
    connection.online = true;
    (await import('@/lib/client/api-client')).configureApi({ base: h.baseUrl, headers: { authorization: `Bearer ${person.appToken}` } });
    const status = await import('@/lib/client/outbox/status');
    await (await import('@/lib/client/outbox')).loadOutbox();
    await vi.waitFor(() => expect(status.outboxStatus()).toMatchObject({ loaded: true, activity: 'idle', pending: [] }));
    expect((await serviceItem(id!)).is_saved).toBe(true);
  });

  it('counts down entry by entry while the service worker replays the queue on Background Sync', async () => {
    const ids = (await h.seedSubscription(person.user, [article(), article(), article()])).itemIds;
    // The page's side of the service worker: where its messages arrive.
    const worker = new EventTarget();
    Object.defineProperty(window.navigator, 'serviceWorker', { configurable: true, value: worker });
    try {
      connection.online = false;
      for (const id of ids) await m.outbox.enqueueOrSend({ kind: 'update', itemId: id, body: { is_read: true } });
      expect(m.status.outboxStatus().pending).toHaveLength(3);

      // The worker: its own store on the same IndexedDB, telling the page as lib/sw/outbox-sync does.
      const { OutboxStore } = await import('@/lib/client/outbox/store');
      const { replayOutbox } = await import('@/lib/client/outbox/replay');
      const { sendOutboxRequest } = await import('@/lib/client/outbox/send');
      const tell = (data: object) => worker.dispatchEvent(new MessageEvent('message', { data }));
      const workerStore = new OutboxStore();
      const shown: number[] = [];
      const outcome = await replayOutbox(workerStore, {
        async send(request) {
          // Before each change goes out, the page shows how many still wait.
          await vi.waitFor(() => expect(m.status.outboxStatus().pending).toHaveLength(ids.length - shown.length));
          shown.push(m.status.outboxStatus().pending.length);
          return sendOutboxRequest(request);
        },
        onProgress: (progress) => tell({ type: 'outbox-progress', ...progress }),
      });
      tell({ type: 'outbox-replayed', sent: outcome.sent, refused: outcome.refused });
      await workerStore.close();

      expect(shown).toEqual([3, 2, 1]);
      await vi.waitFor(() => expect(m.status.outboxStatus().pending).toEqual([]));
      for (const id of ids) expect((await serviceItem(id)).is_read).toBe(true);
    } finally {
      Reflect.deleteProperty(window.navigator, 'serviceWorker');
    }
  });

  it('holds a fetch until queued changes are sent once the connection is back', async () => {
    const [id] = (await h.seedSubscription(person.user, [article()])).itemIds;
    connection.online = false;
    await m.outbox.enqueueOrSend({ kind: 'update', itemId: id!, body: { is_saved: true } });
    connection.online = true;

    await m.outbox.settleOutbox();

    // By the time a fetcher may go on, the service has the change.
    expect((await serviceItem(id!)).is_saved).toBe(true);
    expect(m.status.outboxStatus().pending).toEqual([]);
  });

  it('lets a fetch go on while a 429 pause lasts, but sends the queue first when the pause is about to end', async () => {
    const [id] = (await h.seedSubscription(person.user, [article()])).itemIds;
    connection.online = false;
    await m.outbox.enqueueOrSend({ kind: 'update', itemId: id!, body: { is_saved: true } });
    connection.online = true;

    // As a replay leaves it after a 429 with a long Retry-After: a fetch does not wait for it.
    m.status.updateOutboxStatus({ activity: 'paused', resumeAt: Date.now() + 30_000 });
    await m.outbox.settleOutbox();
    expect((await serviceItem(id!)).is_saved).toBe(false);

    // A read retried after the same Retry-After arrives just before the replay's timer.
    m.status.updateOutboxStatus({ activity: 'paused', resumeAt: Date.now() + 300 });
    await m.outbox.settleOutbox();
    expect((await serviceItem(id!)).is_saved).toBe(true);
    expect(m.status.outboxStatus().pending).toEqual([]);
  });

  it('rejects a change the service refuses right away, and lists one it refuses during a replay', async () => {
    const [now, later] = (await h.seedSubscription(person.user, [article(), article()])).itemIds;
    await expect(m.outbox.enqueueOrSend({ kind: 'update', itemId: now!, body: { notes: 'Free plans keep no notes.' } }))
      .rejects.toMatchObject({ status: 402 });
    expect(m.status.outboxStatus().refused).toEqual([]);

    connection.online = false;
    await m.outbox.enqueueOrSend({ kind: 'update', itemId: later!, body: { notes: 'Written offline.' } }, { title: 'Later' });
    connection.reconnect();

    await vi.waitFor(() => expect(m.status.outboxStatus().refused).toHaveLength(1));
    expect(m.status.outboxStatus().refused[0]).toMatchObject({ status: 402, label: 'Change notes of “Later”', message: expect.stringMatching(/notes/i) });
    expect((await serviceItem(later!)).notes).toBeNull();
    await m.runtime.dismissRefusal(m.status.outboxStatus().refused[0]!.requestId);
    expect(m.status.outboxStatus().refused).toEqual([]);
  });

  it('tries again by itself when the browser says online but nothing gets through', async () => {
    const [id] = (await h.seedSubscription(person.user, [article()])).itemIds;
    const api = await import('@/lib/client/api-client');
    // Online as far as the browser knows, yet the service cannot be reached (a network still coming up).
    api.configureApi({ base: 'http://127.0.0.1:9', headers: {} });
    expect(await m.outbox.enqueueOrSend({ kind: 'update', itemId: id!, body: { is_saved: true } })).toEqual({ sent: false });
    await vi.waitFor(() => expect(m.status.outboxStatus()).toMatchObject({ activity: 'offline', pending: [expect.anything()] }));

    api.configureApi({ base: h.baseUrl, headers: { authorization: `Bearer ${person.appToken}` } });
    // No online event comes; the next try (2 s later) sends it.
    await vi.waitFor(() => expect(m.status.outboxStatus().pending).toEqual([]), { timeout: 5_000, interval: 100 });
    expect((await serviceItem(id!)).is_saved).toBe(true);
  });

  it('makes sign-out wait for the queue, and refuse while changes cannot be sent', async () => {
    const [id] = (await h.seedSubscription(person.user, [article()])).itemIds;
    await m.runtime.startOutbox();
    connection.online = false;
    await m.outbox.enqueueOrSend({ kind: 'update', itemId: id!, body: { is_read: true } });

    // signOut asks before ending the session: the registered flush fails while offline.
    expect(await m.session.signOut()).toEqual({ status: 'unsent' });
    expect(m.status.outboxStatus().pending).toHaveLength(1);

    connection.online = true;
    const { sent } = await m.runtime.flushForSignOut();
    expect(sent).toBe(true);
    expect((await serviceItem(id!)).is_read).toBe(true);
  });

  it('makes sign-out send what an earlier visit left queued, although offline support had not started yet', async () => {
    const [id] = (await h.seedSubscription(person.user, [article()])).itemIds;
    const { OutboxStore } = await import('@/lib/client/outbox/store');
    const earlierVisit = new OutboxStore();
    await earlierVisit.add({ kind: 'update', itemId: id!, body: { is_saved: true } });
    await earlierVisit.close();

    // No app server answers /api/session here, so the session itself stays: nothing is cleared.
    expect(await m.session.signOut({ goTo: null })).toEqual({ status: 'unreachable' });
    expect((await serviceItem(id!)).is_saved).toBe(true);
    expect(m.status.outboxStatus().pending).toEqual([]);
  });
});
