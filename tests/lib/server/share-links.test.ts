/*
 * Share links against a hosted service: the real embedded service over HTTP on 127.0.0.1
 * stands in for it (remote mode), people sign in with their own API keys, and links are
 * opened the way a visitor's request opens them, with no session.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { closeAppDatabases } from '@/lib/server/app-database';
import { handleSignIn } from '@/lib/server/session-routes';
import { createLink, listLinks, revokeLink } from '@/lib/server/share-link-routes';
import { createShareLink, listShareLinks, openShareLink, revokeShareLink } from '@/lib/server/share-links';
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
  Object.assign(process.env, { TIDINGS_DATA_DIR: dataDir, FEED_API_BASE_URL: h.baseUrl });
  delete process.env.FEED_API_KEY;
  delete process.env.TIDINGS_APP_PASSWORD;
  reader = h.createUser({ plan: 'pro' });
  other = h.createUser({ plan: 'pro' });
  items = h.seedSubscription(reader.user, [
    article({ title: 'Trains of thought', content: '<p>The whole <em>content</em> of the piece.</p>', url: 'https://blog.example.com/trains' }),
    article({ title: 'Not saved' }),
    article({ title: 'Saved for a while' }),
  ], { title: 'Example Blog' }).itemIds;
});

afterAll(async () => {
  delete process.env.FEED_API_BASE_URL;
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

  it('stops working when the item is unsaved', async () => {
    await save(reader, items[2]!);
    const link = await createShareLink(asPerson(reader), items[2]!, null);
    expect(await openShareLink(token(link.url))).not.toBeNull();

    await save(reader, items[2]!, false);

    expect(await openShareLink(token(link.url))).toBeNull();
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

    expect(() => revokeShareLink(asPerson(other), revoked.id)).toThrow(expect.objectContaining({ status: 404 }));
    revokeShareLink(asPerson(reader), revoked.id);

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
