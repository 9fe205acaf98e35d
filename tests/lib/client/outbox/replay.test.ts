import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OutboxAction, OutboxRequest } from '@/lib/client/outbox/actions';
import { replayOutbox, type ReplayOptions } from '@/lib/client/outbox/replay';
import { configureApi } from '@/lib/client/api-client';
import { sendOutboxRequest } from '@/lib/client/outbox/send';
import { OutboxStore } from '@/lib/client/outbox/store';
import { episode, startHarness, article, type Harness, type TestUser } from '../../service/harness';

let h: Harness;
let limited: Harness;
let store: OutboxStore;

/** A local HTTP server answering every request with `answer` (which may also never answer). */
async function standIn(answer: Parameters<typeof createServer>[1]): Promise<{ baseUrl: string; close: () => Promise<void> }> {
  const server: Server = createServer(answer);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

beforeAll(async () => {
  [h, limited] = await Promise.all([startHarness(), startHarness({ appTokenRateLimit: 3 })]);
});
afterAll(async () => {
  await Promise.all([h.stop(), limited.stop()]);
});
beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  store = new OutboxStore();
});
afterEach(async () => {
  vi.useRealTimers();
  await store.close();
});

/** Sends through the app's API client to the real service with the person's app token, recording every request. */
function sender(harness: Harness, person: TestUser | null, sent: OutboxRequest[] = []): ReplayOptions['send'] {
  return (request) => {
    sent.push(request);
    configureApi({ base: harness.baseUrl, headers: person ? { authorization: `Bearer ${person.appToken}` } : {} });
    return sendOutboxRequest(request);
  };
}

/** The item as the service has it, read with an API key (its own rate limit, apart from the app token's). */
async function itemState(harness: Harness, person: TestUser, id: string) {
  const answer = await harness.call('GET', `/v1/items/${id}`, { key: person.key });
  expect(answer.status).toBe(200);
  return answer.body as { is_read: boolean; is_saved: boolean; tags: { name: string }[]; notes: string | null; playback_position: number | null };
}

const update = (itemId: string, body: Extract<OutboxAction, { kind: 'update' }>['body']): OutboxAction => ({ kind: 'update', itemId, body });

describe('replaying the outbox against the service', () => {
  it('sends every change in order and leaves exactly that state on the service', async () => {
    const person = await h.createUser({ plan: 'pro' });
    const { itemIds: [first, second, show] } = await h.seedSubscription(person.user, [article(), article(), episode()]);
    await store.add(update(first!, { is_read: true }));
    await store.add(update(second!, { is_saved: true }));
    await store.add(update(first!, { is_read: false }));
    await store.add(update(second!, { tags: ['later', 'trains'] }));
    await store.add(update(second!, { notes: 'Read on the way home.' }));
    await store.add({ kind: 'playback', itemId: show!, positionSeconds: 300, clientTimestamp: new Date().toISOString() });
    const sent: OutboxRequest[] = [];

    const outcome = await replayOutbox(store, { send: sender(h, person, sent) });

    expect(outcome).toMatchObject({ state: 'done', sent: 5, refused: 0 });
    // read then unread of the first item coalesced into the unread alone.
    expect(sent.map((request) => `${request.method} ${request.path}`)).toEqual([
      `PATCH /v1/items/${second}`, `PATCH /v1/items/${first}`, `PATCH /v1/items/${second}`, `PATCH /v1/items/${second}`,
      `POST /v1/items/${show}/playback-progress`,
    ]);
    expect(await store.pending()).toEqual([]);
    expect(await itemState(h, person, first!)).toMatchObject({ is_read: false, is_saved: false });
    const saved = await itemState(h, person, second!);
    expect(saved).toMatchObject({ is_saved: true, notes: 'Read on the way home.' });
    expect(saved.tags.map((tag) => tag.name).sort()).toEqual(['later', 'trains']);
    expect((await itemState(h, person, show!)).playback_position).toBe(300);
  });

  it('reports each change as it leaves the queue, in order, with the counts so far and the queue already shorter', async () => {
    const person = await h.createUser({ plan: 'free' });
    const { itemIds: [first, second, third] } = await h.seedSubscription(person.user, [article(), article(), article()]);
    await store.add(update(first!, { is_read: true }));
    await store.add(update(second!, { notes: 'Free plans keep no notes.' }));
    await store.add(update(third!, { is_saved: true }));
    const reports: { sent: number; refused: number; left: Promise<number> }[] = [];
    const events: string[] = [];

    await replayOutbox(store, {
      send: sender(h, person),
      onSent: () => events.push('sent'),
      onRefused: () => events.push('refused'),
      onProgress: (progress) => {
        events.push('progress');
        // What a page reading the queue on this report finds.
        reports.push({ ...progress, left: store.pending().then((pending) => pending.length) });
      },
    });

    expect(events).toEqual(['sent', 'progress', 'refused', 'progress', 'sent', 'progress']);
    const seen = await Promise.all(reports.map(async ({ left, ...counts }) => ({ ...counts, left: await left })));
    expect(seen).toEqual([{ sent: 1, refused: 0, left: 2 }, { sent: 1, refused: 1, left: 1 }, { sent: 2, refused: 1, left: 0 }]);
  });

  it('keeps the position with the latest client timestamp when an older one arrives later', async () => {
    const person = await h.createUser();
    const { itemIds: [show] } = await h.seedSubscription(person.user, [episode()]);
    const late = new Date().toISOString();
    const early = new Date(Date.now() - 60_000).toISOString();
    await store.add({ kind: 'playback', itemId: show!, positionSeconds: 200, clientTimestamp: late });
    await store.add({ kind: 'playback', itemId: show!, positionSeconds: 50, clientTimestamp: early });

    await replayOutbox(store, { send: sender(h, person) });

    expect((await itemState(h, person, show!)).playback_position).toBe(200);
  });

  it('lists a change the service refuses with its message, and goes on with the rest', async () => {
    const person = await h.createUser({ plan: 'free' });
    const { itemIds: [first, second] } = await h.seedSubscription(person.user, [article(), article()]);
    await store.add(update(first!, { notes: 'Free plans keep no notes.' }), { title: 'First article' });
    await store.add(update(second!, { is_saved: true }));
    const refusals: number[] = [];

    const outcome = await replayOutbox(store, { send: sender(h, person), onRefused: (refused) => refusals.push(refused.status) });

    expect(outcome).toMatchObject({ state: 'done', sent: 1, refused: 1 });
    expect(refusals).toEqual([402]);
    const [refused] = await store.refused();
    expect(refused).toMatchObject({ status: 402, title: 'First article', action: update(first!, { notes: 'Free plans keep no notes.' }) });
    expect(refused!.message).toMatch(/notes/i);
    expect((await itemState(h, person, second!)).is_saved).toBe(true);
  });

  it('stops without a network and keeps the change first, then sends it when the service answers', async () => {
    const person = await h.createUser();
    const { itemIds: [first, second] } = await h.seedSubscription(person.user, [article(), article()]);
    await store.add(update(first!, { is_read: true }));
    await store.add(update(second!, { is_read: true }));
    // Nothing listens on port 9 of 127.0.0.1: the request fails like a dropped connection.
    const unreachable: ReplayOptions['send'] = (request) => {
      configureApi({ base: 'http://127.0.0.1:9', headers: {} });
      return sendOutboxRequest(request);
    };

    const offline = await replayOutbox(store, { send: unreachable });

    expect(offline).toMatchObject({ state: 'offline', sent: 0 });
    const waiting = await store.pending();
    expect(waiting.map((entry) => entry.action)).toEqual([update(first!, { is_read: true }), update(second!, { is_read: true })]);
    expect(waiting.every((entry) => !entry.sending)).toBe(true);

    const back = await replayOutbox(store, { send: sender(h, person) });
    expect(back).toMatchObject({ state: 'done', sent: 2 });
    expect((await itemState(h, person, first!)).is_read).toBe(true);
  });

  it('waits for Retry-After on a 429 and sends the same change again, keeping the order', async () => {
    const person = await limited.createUser();
    const { itemIds } = await limited.seedSubscription(person.user, [article(), article(), article(), article()]);
    for (const id of itemIds) await store.add(update(id, { is_read: true }));
    // The sliding window counts real time; a fake clock lets the minute pass at once.
    vi.useFakeTimers({ toFake: ['Date'] });
    const waits: number[] = [];
    const pauses: (number | null)[] = [];
    const sent: OutboxRequest[] = [];

    const outcome = await replayOutbox(store, {
      send: sender(limited, person, sent),
      sleep: async (ms) => {
        waits.push(ms);
        vi.setSystemTime(Date.now() + ms);
      },
      onPause: (until) => pauses.push(until),
    });

    expect(outcome).toMatchObject({ state: 'done', sent: 4 });
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThanOrEqual(1000);
    expect(waits[0]).toBeLessThanOrEqual(60_000);
    expect(pauses).toEqual([expect.any(Number), null]);
    // The fourth change was refused with 429, waited, and went again: same order, nothing lost.
    expect(sent.map((request) => request.path)).toEqual([...itemIds, itemIds[3]].map((id) => `/v1/items/${id}`));
    vi.useRealTimers();
    for (const id of itemIds) expect((await itemState(limited, person, id)).is_read).toBe(true);
  });

  it('ends as paused when Retry-After is longer than it waits inline, with the change still first', async () => {
    const person = await limited.createUser();
    const { itemIds: [only] } = await limited.seedSubscription(person.user, [article()]);
    for (let i = 0; i < 3; i++) await limited.call('GET', '/v1/items', { key: person.appToken });
    await store.add(update(only!, { is_saved: true }));

    const outcome = await replayOutbox(store, { send: sender(limited, person), maxInlineWaitMs: 0 });

    expect(outcome.state).toBe('paused');
    expect(outcome.retryAt).toBeGreaterThan(Date.now());
    expect((await store.pending()).map((entry) => entry.action)).toEqual([update(only!, { is_saved: true })]);
  });

  it('stops on 401 and keeps every change for after the next sign-in', async () => {
    const person = await h.createUser();
    const { itemIds: [only] } = await h.seedSubscription(person.user, [article()]);
    await store.add(update(only!, { is_read: true }));
    const signedOut = sender(h, null);

    const outcome = await replayOutbox(store, { send: signedOut });

    expect(outcome.state).toBe('signed-out');
    expect(await store.pending()).toHaveLength(1);
    expect(await store.refused()).toEqual([]);
  });

  it('lists a change older than the longest wait instead of sending it', async () => {
    const person = await h.createUser();
    const { itemIds: [only] } = await h.seedSubscription(person.user, [article()]);
    await store.add(update(only!, { is_read: true }), { now: Date.now() - 31 * 24 * 3600 * 1000 });
    const sent: OutboxRequest[] = [];

    const outcome = await replayOutbox(store, { send: sender(h, person, sent) });

    expect(outcome).toMatchObject({ state: 'done', refused: 1, sent: 0 });
    expect(sent).toEqual([]);
    expect((await store.refused())[0]!.message).toMatch(/30 days/);
  });

  it('keeps retrying while the service is unavailable (503) and never refuses a change for it, then sends every change in order', async () => {
    const person = await h.createUser();
    const { itemIds: [first, second] } = await h.seedSubscription(person.user, [article(), article()]);
    await store.add(update(first!, { is_read: true }));
    await store.add(update(second!, { is_saved: true }));
    // What the app's proxy answers while the feed service cannot be reached (lib/server/upstream.ts).
    const unavailable = await standIn((_request, response) => {
      response.writeHead(503, { 'content-type': 'application/json', 'retry-after': '5' });
      response.end(JSON.stringify({ message: 'The feed service cannot be reached just now; try again shortly.' }));
    });
    let downFor = 12;
    const sent: OutboxRequest[] = [];
    const send: ReplayOptions['send'] = (request) => {
      if (downFor-- > 0) {
        configureApi({ base: unavailable.baseUrl, headers: {} });
        return sendOutboxRequest(request);
      }
      return sender(h, person, sent)(request);
    };

    // Each round is a replay as the page starts it again (its timer after a pause), until done.
    const states: string[] = [];
    for (let round = 0; round < 10 && states.at(-1) !== 'done'; round += 1) {
      states.push((await replayOutbox(store, { send, sleep: async () => {} })).state);
    }
    await unavailable.close();

    expect(states.at(-1)).toBe('done');
    expect(states.slice(0, -1).every((state) => state === 'paused')).toBe(true);
    expect(await store.refused()).toEqual([]);
    expect(sent.map((request) => request.path)).toEqual([`/v1/items/${first}`, `/v1/items/${second}`]);
    expect(await itemState(h, person, first!)).toMatchObject({ is_read: true });
    expect(await itemState(h, person, second!)).toMatchObject({ is_saved: true });
  });

  it('gives up on a request that gets no answer, as without a network, keeping the change first', async () => {
    const person = await h.createUser();
    const { itemIds: [only] } = await h.seedSubscription(person.user, [article()]);
    await store.add(update(only!, { is_read: true }));
    // A connection that takes the request and never answers (a dead mobile link).
    const silent = await standIn(() => {});
    const send: ReplayOptions['send'] = (request, signal) => {
      configureApi({ base: silent.baseUrl, headers: {} });
      return sendOutboxRequest(request, signal);
    };

    const outcome = await replayOutbox(store, { send, sendTimeoutMs: 300 });
    await silent.close();

    expect(outcome.state).toBe('offline');
    const waiting = await store.pending();
    expect(waiting.map((entry) => entry.action)).toEqual([update(only!, { is_read: true })]);
    expect(waiting[0]!.sending).toBe(false);
    expect(await replayOutbox(store, { send: sender(h, person) })).toMatchObject({ state: 'done', sent: 1 });
    expect((await itemState(h, person, only!)).is_read).toBe(true);
  });
});
