/*
 * Share links against a hosted service: the real embedded service over HTTP on 127.0.0.1
 * stands in for it (remote mode), people sign in with their own API keys, and links are
 * opened the way a visitor's request opens them, with no session. The app reaches the
 * service through a front on 127.0.0.1 that counts item reads and can play the service
 * down (503) or out of budget (429).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { appDatabase, closeAppDatabases } from '@/lib/server/app-database';
import { proxy } from '@/lib/server/proxy';
import { handleSignIn } from '@/lib/server/session-routes';
import { createLink, listLinks, revokeLink } from '@/lib/server/share-link-routes';
import { createShareLink, listShareLinks, openShareLink, revokeShareLink } from '@/lib/server/share-links';
import { refreshEveryMs } from '@/lib/server/share-snapshots';
import type { Caller } from '@/lib/server/upstream';
import { article, startHarness, type Harness, type TestUser } from '../service/harness';

vi.mock('server-only', () => ({}));

const appOrigin = 'http://127.0.0.1:3000';
let h: Harness;
let dataDir: string;
let reader: TestUser;
let other: TestUser;
let items: string[];
const day = 86_400_000;
const minute = 60_000;
let front: Server;
// What the front does with calls: pass them to the service, or answer as a service down or out of budget would.
let frontMode: 'pass' | 'down' | 'limited' = 'pass';
let itemReads = 0;

/** A front that passes calls to the service, counting reads of single items. */
async function startFront(): Promise<string> {
  front = createServer(async (request, response) => {
    if (request.method === 'GET' && /^\/v1\/items\/[^/?]+$/.test(request.url!.split('?')[0]!)) itemReads += 1;
    if (frontMode !== 'pass') {
      const limited = frontMode === 'limited';
      response.writeHead(limited ? 429 : 503, { 'content-type': 'application/json', 'retry-after': '60' });
      response.end(JSON.stringify({ message: limited ? 'Too many requests.' : 'Down for maintenance.' }));
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const headers: Record<string, string> = { authorization: request.headers.authorization ?? '' };
    if (request.headers['content-type']) headers['content-type'] = request.headers['content-type'];
    const answer = await fetch(`${h.baseUrl}${request.url}`, { method: request.method, headers, body: chunks.length ? Buffer.concat(chunks) : undefined });
    response.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
    response.end(Buffer.from(await answer.arrayBuffer()));
  });
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(front.address() as AddressInfo).port}`;
}

function asPerson(person: TestUser): Caller {
  return { kind: 'person', apiKey: person.key };
}

async function save(person: TestUser, id: string, isSaved = true): Promise<void> {
  expect((await h.call('PATCH', `/v1/items/${id}`, { key: person.key, body: { is_saved: isSaved } })).status).toBe(200);
}

function token(url: string): string {
  return url.replace('/share/', '');
}

beforeAll(async () => {
  h = await startHarness();
  dataDir = mkdtempSync(path.join(tmpdir(), 'tidings-share-'));
  Object.assign(process.env, { TIDINGS_DATA_DIR: dataDir, FEED_API_BASE_URL: await startFront() });
  delete process.env.FEED_API_KEY;
  delete process.env.TIDINGS_APP_PASSWORD;
  reader = await h.createUser({ plan: 'pro' });
  other = await h.createUser({ plan: 'pro' });
  items = (await h.seedSubscription(reader.user, [
    article({ title: 'Trains of thought', content: '<p>The whole <em>content</em> of the piece.</p>', url: 'https://blog.example.com/trains' }),
    article({ title: 'Not saved' }),
    article({ title: 'Saved for a while' }),
  ], { title: 'Example Blog' })).itemIds;
});

afterAll(async () => {
  delete process.env.FEED_API_BASE_URL;
  front.closeAllConnections();
  await new Promise((resolve) => front.close(resolve));
  await h.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('share links of saved items', () => {
  it('shows a saved item to a visitor without a session: title, source, content and original link, and no key', async () => {
    await save(reader, items[0]!);
    const link = await createShareLink(asPerson(reader), items[0]!, null);

    expect(link.url).toMatch(/^\/share\/[A-Za-z0-9_-]{43}$/);
    const shown = await openShareLink(token(link.url));
    expect(shown).toMatchObject({
      title: 'Trains of thought', source: 'Example Blog', canonical_url: 'https://blog.example.com/trains',
      content: expect.stringContaining('The whole <em>content</em> of the piece.'),
    });
    expect(JSON.stringify(shown)).not.toContain(reader.key);
    expect(JSON.stringify(link)).not.toContain(reader.key);
  });

  it('refuses an unsaved item, an unknown item and a bad lifetime, and makes no link', async () => {
    await expect(createShareLink(asPerson(reader), items[1]!, null)).rejects.toMatchObject({ status: 409, message: expect.stringMatching(/saved/) });
    await expect(createShareLink(asPerson(reader), '00000000-0000-4000-8000-000000000000', null)).rejects.toMatchObject({ status: 404 });
    await expect(createShareLink(asPerson(reader), items[0]!, 0)).rejects.toMatchObject({ status: 422 });
    await expect(createShareLink(asPerson(reader), items[0]!, 400)).rejects.toMatchObject({ status: 422 });
  });

  it('stops working when the item is unsaved, by the next refresh at the latest', async () => {
    await save(reader, items[2]!);
    const now = Date.now();
    const link = await createShareLink(asPerson(reader), items[2]!, null, now);
    expect(await openShareLink(token(link.url), now)).not.toBeNull();

    await save(reader, items[2]!, false);

    expect(await openShareLink(token(link.url), now + refreshEveryMs)).toBeNull();
    expect((await listShareLinks(asPerson(reader))).map((entry) => entry.id)).not.toContain(link.id);
  });

  it('stops working once it expires', async () => {
    await save(reader, items[0]!);
    const now = Date.now();
    const link = await createShareLink(asPerson(reader), items[0]!, 7, now);

    expect(link.expires_at).toBe(new Date(now + 7 * day).toISOString());
    expect(await openShareLink(token(link.url), now + 7 * day - 1000)).not.toBeNull();
    expect(await openShareLink(token(link.url), now + 7 * day)).toBeNull();
  });

  it('lists only the person’s own live links, and stops one when it is revoked', async () => {
    await save(reader, items[0]!);
    const kept = await createShareLink(asPerson(reader), items[0]!, null);
    const revoked = await createShareLink(asPerson(reader), items[0]!, null);

    await expect(revokeShareLink(asPerson(other), revoked.id)).rejects.toMatchObject({ status: 404 });
    await revokeShareLink(asPerson(reader), revoked.id);

    expect(await openShareLink(token(revoked.url))).toBeNull();
    expect(await openShareLink(token(kept.url))).not.toBeNull();
    const listed = await listShareLinks(asPerson(reader));
    expect(listed.map((entry) => entry.id)).toContain(kept.id);
    expect(listed.map((entry) => entry.id)).not.toContain(revoked.id);
    expect(listed.find((entry) => entry.id === kept.id)?.url).toBe(kept.url);
    expect(await listShareLinks(asPerson(other))).toEqual([]);
  });

  it('keeps working after a restart of the app (a new connection to app.db)', async () => {
    await save(reader, items[0]!);
    const link = await createShareLink(asPerson(reader), items[0]!, null);
    closeAppDatabases();

    expect((await openShareLink(token(link.url)))?.title).toBe('Trains of thought');
  });

  it('answers nothing for tokens that were never made', async () => {
    expect(await openShareLink('a'.repeat(43))).toBeNull();
    expect(await openShareLink('../../etc/passwd')).toBeNull();
  });
});

describe('what visitors of a link see', () => {
  async function savedItem(title: string): Promise<string> {
    const [id] = (await h.seedSubscription(reader.user, [article({ title })])).itemIds;
    await save(reader, id!);
    return id!;
  }

  async function withServiceAnswering<T>(mode: 'down' | 'limited', run: () => Promise<T>): Promise<T> {
    frontMode = mode;
    try {
      return await run();
    } finally {
      frontMode = 'pass';
    }
  }

  it('is the copy kept when the link was made, read again at most every five minutes and once however many visit', async () => {
    const id = await savedItem('Paced');
    const t0 = Date.now();
    const link = await createShareLink(asPerson(reader), id, null, t0);
    itemReads = 0;

    const early = await Promise.all(Array.from({ length: 50 }, () => openShareLink(token(link.url), t0 + 1000)));
    expect(early.map((shown) => shown?.title)).toEqual(Array(50).fill('Paced'));
    expect(itemReads).toBe(0);

    // Unsaved at the service itself, not through this app: only a refresh can learn it.
    await save(reader, id, false);
    expect((await openShareLink(token(link.url), t0 + refreshEveryMs - 1000))?.title).toBe('Paced');
    expect(itemReads).toBe(0);
    const due = await Promise.all(Array.from({ length: 20 }, () => openShareLink(token(link.url), t0 + refreshEveryMs)));
    expect(due).toEqual(Array(20).fill(null));
    expect(itemReads).toBe(1);

    await save(reader, id);
    expect(await openShareLink(token(link.url), t0 + refreshEveryMs + 4 * minute)).toBeNull();
    expect(itemReads).toBe(1);
    expect((await openShareLink(token(link.url), t0 + 2 * refreshEveryMs))?.title).toBe('Paced');
    expect(itemReads).toBe(2);
  });

  it('stays the kept copy while the service is down or out of budget, which is asked again only five minutes later', async () => {
    const id = await savedItem('Through the outage');
    const t0 = Date.now();
    const link = await createShareLink(asPerson(reader), id, null, t0);
    itemReads = 0;

    for (const [mode, at] of [['down', t0 + refreshEveryMs], ['limited', t0 + 2 * refreshEveryMs]] as const) {
      const shown = await withServiceAnswering(mode, () => Promise.all([
        ...Array.from({ length: 10 }, () => openShareLink(token(link.url), at)),
        openShareLink(token(link.url), at + 4 * minute),
      ]));
      expect(shown.map((item) => item?.title)).toEqual(Array(11).fill('Through the outage'));
    }
    expect(itemReads).toBe(2);
  });

  it('of a link made before copies were kept is read at its first visit, and a failing service then is not “not found”', async () => {
    const id = await savedItem('Older than copies');
    const link = await createShareLink(asPerson(reader), id, null);
    // app.db as it was before copies, opened again as a restart does.
    appDatabase(dataDir).exec('DROP TABLE share_snapshots');
    closeAppDatabases();
    itemReads = 0;
    const t0 = Date.now();

    await withServiceAnswering('down', async () => {
      await expect(openShareLink(token(link.url), t0)).rejects.toMatchObject({ status: 503, message: expect.stringMatching(/cannot be shown just now/) });
      await expect(openShareLink(token(link.url), t0 + 30_000)).rejects.toMatchObject({ status: 503 });
    });
    expect(itemReads).toBe(1);
    expect((await openShareLink(token(link.url), t0 + minute))?.title).toBe('Older than copies');
    expect((await openShareLink(token(link.url), t0 + 2 * minute))?.title).toBe('Older than copies');
    expect(itemReads).toBe(2);
  });

  it('is nothing once the link is revoked, at once and without asking the service, and no copy is kept for it', async () => {
    const id = await savedItem('Withdrawn');
    const link = await createShareLink(asPerson(reader), id, null);
    expect((await openShareLink(token(link.url)))?.title).toBe('Withdrawn');
    itemReads = 0;

    await revokeShareLink(asPerson(reader), link.id);

    expect(await openShareLink(token(link.url))).toBeNull();
    expect(await openShareLink(token(link.url), Date.now() + refreshEveryMs)).toBeNull();
    expect(itemReads).toBe(0);
    expect(appDatabase(dataDir).prepare('SELECT COUNT(*) FROM share_snapshots WHERE item_id = ?').pluck().get(id)).toBe(0);
  });

  it('is nothing as soon as the owner unsaves the item in the app', async () => {
    const signIn = await handleSignIn(new Request(`${appOrigin}/api/session`, {
      method: 'POST', headers: { accept: 'application/json', 'content-type': 'application/json', origin: appOrigin },
      body: JSON.stringify({ api_key: reader.key }),
    }));
    const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0]!;
    const id = await savedItem('Unsaved in the app');
    const t0 = Date.now();
    const link = await createShareLink(asPerson(reader), id, null, t0);

    const unsaved = await proxy(new Request(`${appOrigin}/api/v1/items/${id}`, {
      method: 'PATCH', headers: { origin: appOrigin, cookie, 'content-type': 'application/json' }, body: JSON.stringify({ is_saved: false }),
    }), ['items', id]);
    expect(unsaved.status).toBe(200);

    expect(await openShareLink(token(link.url), t0 + 1000)).toBeNull();
  });
});

describe('the share-link routes', () => {
  async function signedIn(person: TestUser): Promise<string> {
    const response = await handleSignIn(new Request(`${appOrigin}/api/session`, {
      method: 'POST', headers: { accept: 'application/json', 'content-type': 'application/json', origin: appOrigin },
      body: JSON.stringify({ api_key: person.key }),
    }));
    expect(response.status).toBe(200);
    return (response.headers.get('set-cookie') ?? '').split(';')[0]!;
  }

  function request(method: string, target: string, options: { cookie?: string; origin?: string; body?: unknown } = {}): Request {
    const headers: Record<string, string> = { accept: 'application/json', origin: options.origin ?? appOrigin };
    if (options.cookie) headers.cookie = options.cookie;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    return new Request(new URL(target, appOrigin), { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
  }

  it('makes, lists and revokes links for the signed-in person', async () => {
    const cookie = await signedIn(reader);
    await save(reader, items[0]!);

    const made = await createLink(request('POST', '/api/share-links', { cookie, body: { item_id: items[0], expires_in_days: 30 } }));
    expect(made.status).toBe(201);
    const link = await made.json();
    expect(link).toMatchObject({ item_id: items[0], title: 'Trains of thought', url: expect.stringMatching(/^\/share\//) });

    const listed = await (await listLinks(request('GET', '/api/share-links', { cookie }))).json();
    expect(listed.data.map((entry: { id: string }) => entry.id)).toContain(link.id);

    expect((await revokeLink(request('DELETE', `/api/share-links/${link.id}`, { cookie }), link.id)).status).toBe(200);
    expect((await revokeLink(request('DELETE', `/api/share-links/${link.id}`, { cookie }), link.id)).status).toBe(404);
  });

  it('answers 401 without a session, 403 for a write from another site and 422 without an item', async () => {
    const cookie = await signedIn(reader);
    expect((await listLinks(request('GET', '/api/share-links'))).status).toBe(401);
    expect((await createLink(request('POST', '/api/share-links', { body: { item_id: items[0] } }))).status).toBe(401);
    expect((await createLink(request('POST', '/api/share-links', { cookie, origin: 'https://evil.example', body: { item_id: items[0] } }))).status).toBe(403);
    expect((await createLink(request('POST', '/api/share-links', { cookie, body: {} }))).status).toBe(422);
  });
});
