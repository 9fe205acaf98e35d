// @vitest-environment jsdom
/*
 * A page's first fetches and the outbox's runtime (issue 28, first-load JS): with nothing queued a
 * fetcher goes straight to the service, without loading the runtime (which would open IndexedDB);
 * with something queued, by this page or an earlier one, it still waits for it to be sent. In
 * jsdom with fake-indexeddb, through the app's API client to the real service over HTTP; each
 * "page" is a fresh set of modules over the same storage.
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
let databaseOpens: ReturnType<typeof vi.spyOn>;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.stop();
});

beforeEach(async () => {
  globalThis.indexedDB = new IDBFactory();
  databaseOpens = vi.spyOn(globalThis.indexedDB, 'open');
  localStorage.clear();
  connection.online = true;
  person = await h.createUser({ plan: 'free' });
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** A freshly opened page of the app: its own modules, the same IndexedDB and localStorage. */
async function openPage() {
  return {
    ...(await openOutboxPage(h, person)),
    mark: await import('@/lib/client/outbox/queued-mark'),
    upkeep: await import('@/lib/client/outbox/queued-mark-upkeep'),
    items: await import('@/lib/client/use-items'),
    cache: await import('@/lib/client/item-cache'),
  };
}

type Page = Awaited<ReturnType<typeof openPage>>;

function fetchUnread(page: Page) {
  return page.items.fetchItemsPage(page.cache.pageKey(page.cache.filtersKey({ is_read: 'unread' }), null));
}

async function serviceItem(id: string) {
  return (await h.call('GET', `/v1/items/${id}`, { key: person.key })).body as { is_read: boolean; is_saved: boolean };
}

describe('a page’s first fetch and the outbox', () => {
  it('fetches items without opening the outbox’s database when nothing was ever queued', async () => {
    const [id] = (await h.seedSubscription(person.user, [article({ title: 'Fresh' })])).itemIds;
    const page = await openPage();

    const fetched = await fetchUnread(page);

    expect(fetched.data.map((item) => item.id)).toEqual([id]);
    expect(databaseOpens).not.toHaveBeenCalled();
  });

  it('loads Up Next without opening the outbox’s database when nothing is queued', async () => {
    const page = await openPage();
    const entries = [{ id: 'a' }, { id: 'b' }];

    await page.outbox.settleOutbox();
    expect(await page.outbox.withPendingUpNext(entries)).toEqual(entries);

    expect(databaseOpens).not.toHaveBeenCalled();
  });

  it('sends what an earlier page queued offline before the next page’s first fetch, which then shows it', async () => {
    const [read, kept] = (await h.seedSubscription(person.user, [article({ title: 'Read offline' }), article({ title: 'Still unread' })])).itemIds;
    connection.online = false;
    const earlier = await openPage();
    expect(await earlier.outbox.enqueueOrSend({ kind: 'update', itemId: read!, body: { is_read: true } })).toEqual({ sent: false });
    // Even should the snapshot of pending changes be lost, the mark alone holds the fetch.
    localStorage.removeItem(earlier.status.OUTBOX_SNAPSHOT_KEY);

    connection.online = true;
    const page = await openPage();
    const fetched = await fetchUnread(page);

    expect((await serviceItem(read!)).is_read).toBe(true);
    expect(fetched.data.map((item) => item.id)).toEqual([kept]);
    expect(page.status.outboxStatus().pending).toEqual([]);
  });

  it('fetches without opening the database again once everything queued has been sent', async () => {
    const [id] = (await h.seedSubscription(person.user, [article()])).itemIds;
    connection.online = false;
    const earlier = await openPage();
    await earlier.outbox.enqueueOrSend({ kind: 'update', itemId: id!, body: { is_saved: true } });
    expect(earlier.mark.mayHaveQueued()).toBe(true);
    connection.reconnect();
    await vi.waitFor(() => expect(earlier.status.outboxStatus()).toMatchObject({ activity: 'idle', pending: [] }));
    expect((await serviceItem(id!)).is_saved).toBe(true);

    databaseOpens.mockClear();
    const page = await openPage();
    await fetchUnread(page);

    expect(page.mark.mayHaveQueued()).toBe(false);
    expect(databaseOpens).not.toHaveBeenCalled();
  });

  it('waits for the queue when it cannot read localStorage to tell whether anything is queued', async () => {
    const page = await openPage();
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('storage unavailable');
    });

    await page.outbox.settleOutbox();

    expect(databaseOpens).toHaveBeenCalled();
  });
});

describe('the mark that changes may be queued', () => {
  it('stays when another tab queues a change while this one reads an empty queue', async () => {
    const { mark, upkeep } = await openPage();
    upkeep.markQueued();
    const found = upkeep.beginQueueRead();
    // Another tab starts queuing after this read began (the same localStorage).
    upkeep.markQueued();
    found(0);
    expect(mark.mayHaveQueued()).toBe(true);

    // A read with no queuing meanwhile that finds the queue empty removes it.
    upkeep.beginQueueRead()(0);
    expect(mark.mayHaveQueued()).toBe(false);
  });

  it('is set again by a read that finds changes waiting without it', async () => {
    const { mark, upkeep } = await openPage();
    upkeep.beginQueueRead()(2);
    expect(mark.mayHaveQueued()).toBe(true);
  });

  it('counts a snapshot of pending changes kept by an earlier version of the app', async () => {
    const { mark, status } = await openPage();
    localStorage.setItem(status.OUTBOX_SNAPSHOT_KEY, JSON.stringify({ pending: [{ requestId: 'r', label: 'Save an item', queuedAt: 1 }], changes: [] }));
    expect(mark.mayHaveQueued()).toBe(true);
  });
});
