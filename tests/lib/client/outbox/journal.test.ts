// @vitest-environment jsdom
/*
 * The outbox's journal: a change is written to localStorage the moment it is made, so a page left
 * before the change reached the queue (its runtime still loading, its IndexedDB write not yet
 * committed) does not lose it; the next start queues it, in order, once. A page "left" at some
 * moment is its storage as it was then: localStorage copied right after the click, IndexedDB
 * as it was (fresh when the write had not committed). In jsdom with fake-indexeddb, through the
 * app's API client to the real service over HTTP; each page is a fresh set of modules.
 */
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { article, startHarness, type Harness, type TestUser } from '../../service/harness';
import { connectionSwitch } from '../../../connection-switch';
import { openOutboxPage } from './open-page';

let h: Harness;
let person: TestUser;
const connection = connectionSwitch();

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.stop();
});

beforeEach(async () => {
  globalThis.indexedDB = new IDBFactory();
  localStorage.clear();
  connection.online = true;
  person = await h.createUser({ plan: 'free' });
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** A freshly opened page of the app: its own modules over the same storage. */
const openPage = () => openOutboxPage(h, person);

/** localStorage as it is now, to put back as the state a page left behind. */
function storageNow(): Map<string, string> {
  return new Map(Object.keys(localStorage).map((key) => [key, localStorage.getItem(key)!]));
}

function restoreStorage(saved: Map<string, string>): void {
  localStorage.clear();
  for (const [key, value] of saved) localStorage.setItem(key, value);
}

/** The journal's entries in localStorage (its keys, as pages of any version of the app find them). */
function journalled(): string[] {
  return Object.keys(localStorage).filter((key) => key.startsWith('tidings:outbox-journal:'));
}

async function serviceItem(id: string) {
  return (await h.call('GET', `/v1/items/${id}`, { key: person.key })).body as { is_read: boolean; is_saved: boolean };
}

describe('the outbox’s journal', () => {
  it('queues on the next start a change whose page was left before it reached the queue, and sends it', async () => {
    const [id] = (await h.seedSubscription(person.user, [article({ title: 'Left at once' })])).itemIds;
    connection.online = false;
    const left = await openPage();
    const made = left.outbox.enqueueOrSend({ kind: 'update', itemId: id!, body: { is_read: true } }, { title: 'Left at once' });
    const atLeaving = storageNow();
    await made;
    // The page went before its IndexedDB write: that write never happened.
    globalThis.indexedDB = new IDBFactory();
    restoreStorage(atLeaving);

    // Online again (no online event: the left page hears nothing more), the next page starts.
    connection.online = true;
    const page = await openPage();
    await page.outbox.settleOutbox();

    expect((await serviceItem(id!)).is_read).toBe(true);
    expect(page.status.outboxStatus().pending).toEqual([]);
    expect(journalled()).toEqual([]);
  });

  it('leaves no journal entry once a change is sent, queued, or refused in front of the person', async () => {
    const [sent, queued] = (await h.seedSubscription(person.user, [article(), article()])).itemIds;
    const page = await openPage();

    expect(await page.outbox.enqueueOrSend({ kind: 'update', itemId: sent!, body: { is_saved: true } })).toMatchObject({ sent: true });
    await expect(page.outbox.enqueueOrSend({ kind: 'update', itemId: '00000000-0000-4000-8000-000000000000', body: { is_read: true } })).rejects.toMatchObject({ status: 404 });
    connection.online = false;
    expect(await page.outbox.enqueueOrSend({ kind: 'update', itemId: queued!, body: { is_saved: true } })).toEqual({ sent: false });

    expect(journalled()).toEqual([]);
    expect((await serviceItem(sent!)).is_saved).toBe(true);
  });

  it('queues the changes a left page journalled in the order they were made', async () => {
    const [a, b, c] = (await h.seedSubscription(person.user, [article({ title: 'A' }), article({ title: 'B' }), article({ title: 'C' })])).itemIds;
    connection.online = false;
    const left = await openPage();
    const made = [
      left.outbox.enqueueOrSend({ kind: 'update', itemId: b!, body: { is_saved: true } }, { title: 'B' }),
      left.outbox.enqueueOrSend({ kind: 'update', itemId: a!, body: { is_read: true } }, { title: 'A' }),
      left.outbox.enqueueOrSend({ kind: 'update', itemId: c!, body: { is_read: true } }, { title: 'C' }),
      // The last word on A: made after its read, it must land after it.
      left.outbox.enqueueOrSend({ kind: 'update', itemId: a!, body: { is_read: false } }, { title: 'A' }),
    ];
    const atLeaving = storageNow();
    await Promise.all(made);
    globalThis.indexedDB = new IDBFactory();
    restoreStorage(atLeaving);

    const page = await openPage();
    await page.outbox.loadOutbox();
    expect(page.status.outboxStatus().pending.map((change) => change.label)).toEqual(['Save “B”', 'Mark read “C”', 'Mark unread “A”']);

    connection.online = true;
    await page.outbox.settleOutbox();
    expect(await serviceItem(a!)).toMatchObject({ is_read: false });
    expect(await serviceItem(b!)).toMatchObject({ is_saved: true });
    expect(await serviceItem(c!)).toMatchObject({ is_read: true });
  });

  it('queues a change once when its IndexedDB write had committed but the page went before forgetting its entry', async () => {
    const [id] = (await h.seedSubscription(person.user, [article({ title: 'Committed' })])).itemIds;
    connection.online = false;
    const left = await openPage();
    const made = left.outbox.enqueueOrSend({ kind: 'update', itemId: id!, body: { is_saved: true } }, { title: 'Committed' });
    const journal = storageNow();
    await made;
    // The queue has it; the journal entry is back as it was before the page could remove it.
    restoreStorage(new Map([...storageNow(), ...journal]));
    expect(journalled()).toHaveLength(1);

    // Two tabs start at once over that storage.
    const first = await openPage();
    const second = await openPage();
    await Promise.all([first.outbox.loadOutbox(), second.outbox.loadOutbox()]);

    expect(second.status.outboxStatus().pending.map((change) => change.label)).toEqual(['Save “Committed”']);
    expect(journalled()).toEqual([]);
  });

  it('forgets journalled changes when sign-out empties the outbox', async () => {
    const [id] = (await h.seedSubscription(person.user, [article({ title: 'Before sign-out' })])).itemIds;
    connection.online = false;
    const left = await openPage();
    const made = left.outbox.enqueueOrSend({ kind: 'update', itemId: id!, body: { is_read: true } });
    const atLeaving = storageNow();
    await made;
    globalThis.indexedDB = new IDBFactory();
    restoreStorage(atLeaving);

    const page = await openPage();
    await (await import('@/lib/client/outbox/runtime')).clearOutbox();
    await page.outbox.loadOutbox();

    expect(page.status.outboxStatus().pending).toEqual([]);
    expect(journalled()).toEqual([]);
  });

  it('goes on as before when localStorage refuses the entry (full, or a private window)', async () => {
    const [id] = (await h.seedSubscription(person.user, [article()])).itemIds;
    const page = await openPage();
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });

    expect(await page.outbox.enqueueOrSend({ kind: 'update', itemId: id!, body: { is_read: true } })).toMatchObject({ sent: true });
    expect((await serviceItem(id!)).is_read).toBe(true);
  });
});
