// @vitest-environment jsdom
/*
 * The outbox indicator as a person sees it: changes made offline wait visibly, and one the
 * service refuses when they go out (402 at the free plan's saved-items limit) stays on
 * screen with the service's reason until dismissed. The real outbox (fake-indexeddb) sends
 * through the app's client to the real service over HTTP.
 */
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createElement } from 'react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { article, startHarness, type Harness, type TestUser } from '../../lib/service/harness';
import { closedPort } from '../local-service';
import { connectionSwitch } from '../../connection-switch';

let h: Harness;
let person: TestUser;
const connection = connectionSwitch();

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.stop();
});
afterEach(() => cleanup());

beforeEach(async () => {
  globalThis.indexedDB = new IDBFactory();
  connection.online = true;
  // The outbox keeps its state per page: each test loads it afresh, with the indicator that reads it.
  vi.resetModules();
  const api = await import('@/lib/client/api-client');
  person = await h.createUser({ plan: 'free' });
  api.configureApi({ base: h.baseUrl, headers: { authorization: `Bearer ${person.appToken}` } });
});

async function isSaved(id: string): Promise<boolean> {
  return ((await h.call('GET', `/v1/items/${id}`, { key: person.key })).body as { is_saved: boolean }).is_saved;
}

/** The service behind a link that holds every answer for `delayMs`: a change sent through it is slow to go out. */
async function slowLink(target: string, delayMs: number): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    const headers = Object.fromEntries(Object.entries(request.headers).filter(([name]) => !['host', 'connection', 'content-length'].includes(name))) as Record<string, string>;
    const answer = await fetch(`${target}${request.url}`, { method: request.method, headers, body: chunks.length ? Buffer.concat(chunks) : undefined });
    response.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
    response.end(Buffer.from(await answer.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

describe('the offline and sync indicator', () => {
  it('says nothing of a change sent at once, and shows one still on its way after two seconds until it is sent', async () => {
    const ids = (await h.seedSubscription(person.user, [article({ title: 'Quick' }), article({ title: 'Slow' })])).itemIds;
    const api = await import('@/lib/client/api-client');
    const { enqueueOrSend } = await import('@/lib/client/outbox');
    const { OutboxIndicator } = await import('@/components/offline/outbox-indicator');
    render(createElement(OutboxIndicator));
    let shown = 0;
    const watcher = new MutationObserver(() => {
      if (screen.queryByRole('complementary', { name: 'Offline and sync' })) shown += 1;
    });
    watcher.observe(document.body, { childList: true, subtree: true });
    expect((await enqueueOrSend({ kind: 'update', itemId: ids[0]!, body: { is_read: true } }, { title: 'Quick' })).sent).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 200));
    watcher.disconnect();
    expect(shown).toBe(0);

    const link = await slowLink(h.baseUrl, 3500);
    try {
      api.configureApi({ base: link.url, headers: { authorization: `Bearer ${person.appToken}` } });
      const sending = enqueueOrSend({ kind: 'update', itemId: ids[1]!, body: { is_saved: true } }, { title: 'Slow' });
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(screen.queryByRole('complementary', { name: 'Offline and sync' })).toBeNull();
      const region = await screen.findByRole('complementary', { name: 'Offline and sync' }, { timeout: 2000 });
      expect(within(region).getByRole('status').textContent).toMatch(/^1 change waiting to sync: sending…/);
      expect((await sending).sent).toBe(true);
      await waitFor(() => expect(screen.queryByRole('complementary', { name: 'Offline and sync' })).toBeNull());
      expect(await isSaved(ids[1]!)).toBe(true);
    } finally {
      await link.close();
    }
  });

  it('shows changes waiting while offline, then a refused one with the service’s reason until it is dismissed', async () => {
    const ids = (await h.seedSubscription(person.user, Array.from({ length: 102 }, (_, index) => article({ title: `Story ${index}` })))).itemIds;
    // The free plan keeps 100 saved items: saving one more is refused with 402.
    expect((await h.call('PATCH', '/v1/items', { key: person.key, body: { item_ids: ids.slice(2), action: 'save' } })).status).toBe(200);
    const { enqueueOrSend } = await import('@/lib/client/outbox');
    const { OutboxIndicator } = await import('@/components/offline/outbox-indicator');
    render(createElement(OutboxIndicator));
    // With nothing waiting and a connection, it shows nothing.
    expect(screen.queryByRole('complementary', { name: 'Offline and sync' })).toBeNull();

    connection.online = false;
    window.dispatchEvent(new Event('offline'));
    await enqueueOrSend({ kind: 'update', itemId: ids[0]!, body: { is_read: true } }, { title: 'Story 0' });
    await enqueueOrSend({ kind: 'update', itemId: ids[1]!, body: { is_saved: true } }, { title: 'Story 1' });
    const region = await screen.findByRole('complementary', { name: 'Offline and sync' });
    const waiting = await within(region).findByRole('status');
    await waitFor(() => expect(waiting.textContent).toMatch(/^2 changes waiting to sync: you are offline; they are sent when the connection returns/));
    // Folded into a small badge with the count, which covers no text; it opens the panel with the list.
    const badge = within(region).getByRole('button', { name: '2 changes waiting' });
    expect(badge.getAttribute('aria-expanded')).toBe('false');
    expect(badge.textContent).toBe('2');
    expect(within(waiting).queryAllByRole('listitem')).toEqual([]);
    await userEvent.setup().click(badge);
    expect(badge.getAttribute('aria-expanded')).toBe('true');
    expect(within(waiting).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Mark read “Story 0”', 'Save “Story 1”']);

    connection.reconnect();
    const refused = await within(region).findByRole('region', { name: '1 change was not saved' }, { timeout: 10_000 });
    expect(refused.textContent).toMatch(/Save “Story 1”: .*100 saved items/);
    await waitFor(() => expect(within(region).queryByRole('status')).toBeNull());
    expect(await isSaved(ids[1]!)).toBe(false);
    expect(((await h.call('GET', `/v1/items/${ids[0]}`, { key: person.key })).body as { is_read: boolean }).is_read).toBe(true);

    await userEvent.setup().click(within(refused).getByRole('button', { name: 'Dismiss: Save “Story 1”' }));
    await waitFor(() => expect(screen.queryByRole('complementary', { name: 'Offline and sync' })).toBeNull());
  });
  it('says the connection is failing (not offline) when sends fail with a network, sends on Send now, and as soon as any call is answered', async () => {
    const [first, second] = (await h.seedSubscription(person.user, [article({ title: 'Story A' }), article({ title: 'Story B' })])).itemIds;
    const api = await import('@/lib/client/api-client');
    const { enqueueOrSend } = await import('@/lib/client/outbox');
    const { OutboxIndicator } = await import('@/components/offline/outbox-indicator');
    const dropped = `http://127.0.0.1:${await closedPort()}`;
    const user = userEvent.setup();
    render(createElement(OutboxIndicator));

    api.configureApi({ base: dropped });
    expect(await enqueueOrSend({ kind: 'update', itemId: first!, body: { is_read: true } }, { title: 'Story A' })).toEqual({ sent: false });
    const region = await screen.findByRole('complementary', { name: 'Offline and sync' });
    await waitFor(() => expect(within(region).getByRole('status').textContent).toMatch(/^1 change waiting to sync: the connection is failing; they are sent as soon as it works/));
    api.configureApi({ base: h.baseUrl });
    await user.click(within(region).getByRole('button', { name: '1 change waiting' }));
    await user.click(within(region).getByRole('button', { name: 'Send now' }));
    await waitFor(() => expect(screen.queryByRole('complementary', { name: 'Offline and sync' })).toBeNull());
    expect(((await h.call('GET', `/v1/items/${first}`, { key: person.key })).body as { is_read: boolean }).is_read).toBe(true);

    // Failing twice puts the next try 5 s away; an answer to any call sends it before then.
    api.configureApi({ base: dropped });
    await enqueueOrSend({ kind: 'update', itemId: second!, body: { is_read: true } }, { title: 'Story B' });
    await user.click(await screen.findByRole('button', { name: '1 change waiting' }));
    await user.click(await screen.findByRole('button', { name: 'Send now' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('the connection is failing'));
    api.configureApi({ base: h.baseUrl });
    await api.callApi('GET', '/v1/items', { query: { limit: 1 } });
    await waitFor(async () => expect(((await h.call('GET', `/v1/items/${second}`, { key: person.key })).body as { is_read: boolean }).is_read).toBe(true), { timeout: 2_500 });
  });

  it('holds changes when the session ended while offline, offers a sign-in link back to the page, and sends them once signed in', async () => {
    const [id] = (await h.seedSubscription(person.user, [article({ title: 'Story S' })])).itemIds;
    const api = await import('@/lib/client/api-client');
    const { enqueueOrSend } = await import('@/lib/client/outbox');
    const { OutboxIndicator } = await import('@/components/offline/outbox-indicator');
    window.history.replaceState(null, '', '/inbox?view=all');
    render(createElement(OutboxIndicator));

    connection.online = false;
    window.dispatchEvent(new Event('offline'));
    await enqueueOrSend({ kind: 'update', itemId: id!, body: { is_read: true } }, { title: 'Story S' });
    // The session ends while the device is away; the replay on reconnecting gets 401.
    api.configureApi({ headers: { authorization: `Bearer tid_app_${'x'.repeat(40)}` } });
    connection.reconnect();
    const region = await screen.findByRole('complementary', { name: 'Offline and sync' });
    await waitFor(() => expect(within(region).getByRole('status').textContent).toMatch(/^1 change waiting to sync: your session has ended/));
    const waiting = within(region).getByRole('status');
    expect(waiting.textContent).toContain('They stay on this device and are sent once you sign in again.');
    expect(within(waiting).getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(`/sign-in?next=${encodeURIComponent('/inbox?view=all')}`);
    expect(within(region).queryByRole('region')).toBeNull();
    expect(((await h.call('GET', `/v1/items/${id}`, { key: person.key })).body as { is_read: boolean }).is_read).toBe(false);

    // Signed in again, the page loads afresh: its outbox sends what waited.
    cleanup();
    window.history.replaceState(null, '', '/');
    vi.resetModules();
    (await import('@/lib/client/api-client')).configureApi({ base: h.baseUrl, headers: { authorization: `Bearer ${person.appToken}` } });
    await (await import('@/lib/client/outbox')).loadOutbox();
    await expect.poll(async () => ((await h.call('GET', `/v1/items/${id}`, { key: person.key })).body as { is_read: boolean }).is_read, { timeout: 5_000 }).toBe(true);
  });

  it('leaves the sign-in link to the page\'s notice that the session ended, so the page offers one link, not two', async () => {
    const [id] = (await h.seedSubscription(person.user, [article({ title: 'Story U' })])).itemIds;
    const api = await import('@/lib/client/api-client');
    const { enqueueOrSend } = await import('@/lib/client/outbox');
    const { OutboxIndicator } = await import('@/components/offline/outbox-indicator');
    const { SessionEndedNotice } = await import('@/components/session/sign-in-again');
    window.history.replaceState(null, '', '/inbox?view=all');
    render(createElement('div', null, createElement(SessionEndedNotice), createElement(OutboxIndicator)));

    connection.online = false;
    window.dispatchEvent(new Event('offline'));
    await enqueueOrSend({ kind: 'update', itemId: id!, body: { is_read: true } }, { title: 'Story U' });
    api.configureApi({ headers: { authorization: `Bearer tid_app_${'x'.repeat(40)}` } });
    connection.reconnect();
    const region = await screen.findByRole('complementary', { name: 'Offline and sync' });
    await waitFor(() => expect(within(region).getByRole('status').textContent).toMatch(/^1 change waiting to sync: your session has ended/));
    expect(within(region).getByRole('status').textContent).toContain('They stay on this device and are sent once you sign in again.');
    expect(within(region).queryByRole('link')).toBeNull();
    expect(screen.getAllByRole('link', { name: 'Sign in' })).toHaveLength(1);
  });

  it('sends changes held by an ended session as soon as a call succeeds again, as after signing in in another tab', async () => {
    const [id] = (await h.seedSubscription(person.user, [article({ title: 'Story T' })])).itemIds;
    const api = await import('@/lib/client/api-client');
    const { enqueueOrSend } = await import('@/lib/client/outbox');
    const { OutboxIndicator } = await import('@/components/offline/outbox-indicator');
    render(createElement(OutboxIndicator));

    api.configureApi({ headers: { authorization: `Bearer tid_app_${'x'.repeat(40)}` } });
    expect(await enqueueOrSend({ kind: 'update', itemId: id!, body: { is_saved: true } }, { title: 'Story T' })).toEqual({ sent: false });
    await waitFor(() => expect(screen.getByRole('status').textContent).toMatch(/^1 change waiting to sync: your session has ended/));
    // Another refused call changes nothing; one that succeeds sends what waits.
    await api.callApi('GET', '/v1/items', { query: { limit: 1 } }).catch(() => undefined);
    expect(await isSaved(id!)).toBe(false);
    api.configureApi({ headers: { authorization: `Bearer ${person.appToken}` } });
    await api.callApi('GET', '/v1/items', { query: { limit: 1 } });
    await expect.poll(() => isSaved(id!), { timeout: 5_000 }).toBe(true);
    await waitFor(() => expect(screen.queryByRole('complementary', { name: 'Offline and sync' })).toBeNull());
  });

  it('offers Try again for a change the service failed on (500), which then goes through, and keeps focus in the list', async () => {
    const [failedId, forbiddenId] = (await h.seedSubscription(person.user, [article({ title: 'Story A' }), article({ title: 'Story B' })])).itemIds;
    // As a replay leaves them: one change the service failed on, one it refused.
    const { OutboxStore } = await import('@/lib/client/outbox/store');
    const earlier = new OutboxStore();
    await earlier.add({ kind: 'update', itemId: failedId!, body: { is_saved: true } }, { title: 'Story A' });
    await earlier.refuse((await earlier.first())!, 500, 'The service failed.');
    await earlier.add({ kind: 'update', itemId: forbiddenId!, body: { is_read: true } }, { title: 'Story B' });
    await earlier.refuse((await earlier.first())!, 403, 'This is not yours.');
    await earlier.close();

    const { loadOutbox } = await import('@/lib/client/outbox');
    const { OutboxIndicator } = await import('@/components/offline/outbox-indicator');
    await loadOutbox();
    render(createElement(OutboxIndicator));
    const refused = await screen.findByRole('region', { name: '2 changes were not saved' });
    // Only a server error may pass on a second try.
    expect(within(refused).queryByRole('button', { name: 'Try again: Mark read “Story B”' })).toBeNull();

    await userEvent.setup().click(within(refused).getByRole('button', { name: 'Try again: Save “Story A”' }));
    await expect.poll(() => isSaved(failedId!), { timeout: 10_000 }).toBe(true);
    const left = await screen.findByRole('region', { name: '1 change was not saved' });
    expect(left.textContent).toMatch(/Mark read “Story B”: This is not yours\./);
    await waitFor(() => expect(document.activeElement).toBe(within(left).getByRole('button', { name: 'Dismiss: Mark read “Story B”' })));
  });

  it('keeps its badge out of the text: hidden while the page scrolls down, back on a scroll up and at the end', async () => {
    const [id] = (await h.seedSubscription(person.user, [article({ title: 'Story S' })])).itemIds;
    const { enqueueOrSend } = await import('@/lib/client/outbox');
    const { OutboxIndicator } = await import('@/components/offline/outbox-indicator');
    Object.defineProperty(document.documentElement, 'scrollHeight', { value: 5000, configurable: true });
    const scrollTo = async (y: number) => {
      Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
      await act(async () => {
        window.dispatchEvent(new Event('scroll'));
        await new Promise((resolve) => setTimeout(resolve, 50));
      });
    };
    const hidden = (badge: HTMLElement) => badge.className.includes('translate-y-[calc(100%');
    try {
      render(createElement(OutboxIndicator));
      connection.online = false;
      window.dispatchEvent(new Event('offline'));
      await enqueueOrSend({ kind: 'update', itemId: id!, body: { is_read: true } }, { title: 'Story S' });
      const badge = await screen.findByRole('button', { name: '1 change waiting' });
      expect(hidden(badge)).toBe(false);
      await scrollTo(600);
      expect(hidden(badge)).toBe(true);
      await scrollTo(300);
      expect(hidden(badge)).toBe(false);
      await scrollTo(900);
      expect(hidden(badge)).toBe(true);
      await scrollTo(5000 - window.innerHeight);
      expect(hidden(badge)).toBe(false);
    } finally {
      Reflect.deleteProperty(document.documentElement, 'scrollHeight');
      Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
      connection.reconnect();
    }
  });
});
