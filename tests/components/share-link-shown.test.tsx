// @vitest-environment jsdom
/*
 * The reader's Share panel against the real app: its /api/share-links routes behind a real
 * HTTP server on 127.0.0.1, signed in to a local install whose embedded service holds the
 * item. The browser's fetch sends the page's relative calls there with the session cookie,
 * as a browser on the app's origin would. Only `navigator.share` (the browser's share sheet)
 * is stood in for, to see what the page hands to it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ShareButton } from '@/components/share-button';
import { handleSignIn } from '@/lib/server/session-routes';
import { createLink, listLinks } from '@/lib/server/share-link-routes';
import { openShareLink } from '@/lib/server/share-links';
import { ensureOwner } from '@/lib/service/domain/accounts';
import { createFeed, subscribeUserToFeed } from '@/lib/service/store/sqlite/subscribing';
import { storeItems } from '@/lib/service/store/sqlite/store-items';
import { historyCapOf } from '@/lib/service/domain/feeds/subscribe-user';
import { updateItem } from '@/lib/service/domain/items/item-state';
import { embeddedService } from '@/lib/service/embedded';
import type { SqliteService } from '@/lib/service/service';
import { article } from '../lib/service/harness';

vi.mock('server-only', () => ({}));

const password = 'local owner password';
let dataDir: string;
let app: Server;
let itemId: string;
const realFetch = globalThis.fetch;

function listen(): Promise<Server> {
  const routes = (request: Request) => (request.method === 'POST' ? createLink(request) : listLinks(request));
  return new Promise((resolve) => {
    const server = serve({ fetch: routes, port: 0, hostname: '127.0.0.1' }, () => resolve(server as Server)) as Server;
  });
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'tidings-share-shown-'));
  delete process.env.FEED_API_BASE_URL;
  delete process.env.FEED_API_KEY;
  Object.assign(process.env, { TIDINGS_DATA_DIR: dataDir, TIDINGS_APP_PASSWORD: password });
  // This install is on SQLite (no DATABASE_URL): its connection seeds the items.
  const service = (await embeddedService()).service as SqliteService;
  const owner = await ensureOwner(service.store, service.config.ownerEmail);
  const feedId = createFeed(service.db, { url: 'https://feeds.example.com/shared.xml', source_type: 'feed', title: 'Shared Blog' });
  subscribeUserToFeed(service.db, owner.id, feedId, { historyCap: historyCapOf(owner.plan) });
  [itemId] = storeItems(service.db, feedId, [article({ title: 'Tides' })]).added as [string];
  await updateItem(service.store, owner, itemId, { is_saved: true });

  const signIn = await handleSignIn(new Request('http://127.0.0.1/api/session', {
    method: 'POST', headers: { accept: 'application/json', 'content-type': 'application/json' }, body: JSON.stringify({ password }),
  }));
  const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0]!;
  app = await listen();
  const origin = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;
  // The page's relative calls reach the app's server with its cookie and origin, as a browser's would.
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const target = String(input instanceof Request ? input.url : input);
    if (!target.startsWith('/')) return realFetch(input, init);
    return realFetch(`${origin}${target}`, { ...init, headers: { ...(init?.headers as Record<string, string>), cookie, origin } });
  });
});

afterEach(() => {
  cleanup();
  Reflect.deleteProperty(navigator, 'share');
});

afterAll(async () => {
  vi.restoreAllMocks();
  await new Promise((resolve) => app.close(resolve));
  (await embeddedService()).service.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function makeLink(user: ReturnType<typeof userEvent.setup>): Promise<HTMLTextAreaElement> {
  render(<ShareButton itemId={itemId} title="Tides" isSaved />);
  await user.click(screen.getByText('Share'));
  await user.click(screen.getByRole('button', { name: 'Share link' }));
  return (await screen.findByRole('textbox', { name: 'Link to share' })) as HTMLTextAreaElement;
}

const linkPattern = new RegExp(`^${window.location.origin}/share/[A-Za-z0-9_-]{43}$`);

describe('the reader’s Share panel', () => {
  it('shows the link it made as text to read and select, which opens the item, and copies it', async () => {
    const user = userEvent.setup();
    const field = await makeLink(user);

    expect(field.value).toMatch(linkPattern);
    expect(field.readOnly).toBe(true);
    expect(await screen.findByText('Link copied.')).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe(field.value);
    expect((await openShareLink(field.value.split('/share/')[1]!))?.title).toBe('Tides');
    // No share sheet in this browser: no button that would do nothing.
    expect(screen.queryByRole('button', { name: 'Share via…' })).toBeNull();

    await navigator.clipboard.writeText('something else');
    await user.click(screen.getByRole('button', { name: 'Copy the link' }));
    expect(await screen.findByText('Copied.')).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe(field.value);
  });

  it('hands the link it shows to the system share sheet where there is one, and again from Share via…', async () => {
    const user = userEvent.setup();
    const sheet = vi.fn<(data: ShareData) => Promise<void>>(async () => undefined);
    Object.defineProperty(navigator, 'share', { configurable: true, value: sheet });
    const field = await makeLink(user);

    expect(await screen.findByText('Link shared.')).toBeTruthy();
    expect(field.value).toMatch(linkPattern);
    expect(sheet).toHaveBeenCalledWith({ title: 'Tides', url: field.value });

    sheet.mockRejectedValueOnce(new DOMException('Share canceled', 'AbortError'));
    await user.click(screen.getByRole('button', { name: 'Share via…' }));
    expect(sheet).toHaveBeenCalledTimes(2);
    expect(sheet.mock.calls[1]![0]).toEqual({ title: 'Tides', url: field.value });
    expect(await screen.findByText('Sharing cancelled; the link was made and is listed under Settings, Share links.')).toBeTruthy();
  });

  it('selects the link for copying by hand when the page may not copy', async () => {
    const user = userEvent.setup();
    const refuse = vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('Denied', 'NotAllowedError'));
    const field = await makeLink(user);

    expect(await screen.findByText('Copying is not allowed here: the link is selected, copy it yourself.')).toBeTruthy();
    await act(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    expect(document.activeElement).toBe(field);
    expect([field.selectionStart, field.selectionEnd]).toEqual([0, field.value.length]);
    refuse.mockRestore();
  });
});
