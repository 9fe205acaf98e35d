import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { article, startHarness, type Harness } from '../../harness';

let h: Harness;
beforeAll(async () => { h = await startHarness(); });
afterAll(async () => { await h.stop(); });

describe('folders (first-party)', () => {
  it('creates a folder (201) and lists folders pinned first, then by name, with unread counts', async () => {
    const { user, appToken } = await h.createUser();
    const created = await h.call('POST', '/v1/folders', { key: appToken, body: { name: '  Zebra news  ' } });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ id: expect.any(String), name: 'Zebra news', unread_count: 0, is_pinned: false });
    const pinned = (await h.call('POST', '/v1/folders', { key: appToken, body: { name: 'Work', is_pinned: true } })).body;
    const apples = (await h.call('POST', '/v1/folders', { key: appToken, body: { name: 'apples' } })).body;
    const { itemIds } = await h.seedSubscription(user, [article(), article(), article()], { folderId: apples.id });
    await h.call('PATCH', '/v1/items', { key: appToken, body: { item_ids: [itemIds[0]], action: 'mark_read' } });

    const list = await h.call('GET', '/v1/folders', { key: appToken });
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([
      { ...pinned, is_pinned: true },
      { id: apples.id, name: 'apples', unread_count: 2, is_pinned: false },
      created.body,
    ]);
  });

  it('answers 409 for a name another folder has, in any case, and 422 for a bad name', async () => {
    const { appToken } = await h.createUser();
    await h.call('POST', '/v1/folders', { key: appToken, body: { name: 'Reading' } });
    const duplicate = await h.call('POST', '/v1/folders', { key: appToken, body: { name: 'READING' } });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toEqual({ message: 'A folder named "READING" already exists.' });

    expect((await h.call('POST', '/v1/folders', { key: appToken, body: {} })).body.message).toBe('name is required.');
    expect((await h.call('POST', '/v1/folders', { key: appToken, body: { name: '   ' } })).status).toBe(422);
    expect((await h.call('POST', '/v1/folders', { key: appToken, body: { name: 'x'.repeat(101) } })).status).toBe(422);
    const unknown = await h.call('POST', '/v1/folders', { key: appToken, body: { name: 'Fine', colour: 'red' } });
    expect(unknown.status).toBe(422);
    expect(unknown.body.message).toMatch(/colour is not a known field/);
    expect((await h.call('GET', '/v1/folders', { key: appToken })).body.data.map((f: { name: string }) => f.name)).toEqual(['Reading']);
  });

  it('another user may use the same name', async () => {
    const first = await h.createUser();
    const second = await h.createUser();
    expect((await h.call('POST', '/v1/folders', { key: first.appToken, body: { name: 'Inbox zero' } })).status).toBe(201);
    expect((await h.call('POST', '/v1/folders', { key: second.appToken, body: { name: 'Inbox zero' } })).status).toBe(201);
  });

  it('renames and pins with PATCH, keeping other fields', async () => {
    const { appToken } = await h.createUser();
    const folder = (await h.call('POST', '/v1/folders', { key: appToken, body: { name: 'Blogs' } })).body;
    await h.call('POST', '/v1/folders', { key: appToken, body: { name: 'Podcasts' } });

    const renamed = await h.call('PATCH', `/v1/folders/${folder.id}`, { key: appToken, body: { name: 'Weblogs' } });
    expect(renamed.body).toEqual({ ...folder, name: 'Weblogs' });
    const pinned = await h.call('PATCH', `/v1/folders/${folder.id}`, { key: appToken, body: { is_pinned: true } });
    expect(pinned.body).toEqual({ ...folder, name: 'Weblogs', is_pinned: true });
    expect((await h.call('PATCH', `/v1/folders/${folder.id}`, { key: appToken, body: {} })).body).toEqual(pinned.body);
    expect((await h.call('PATCH', `/v1/folders/${folder.id}`, { key: appToken, body: { name: 'WEBLOGS' } })).body.name).toBe('WEBLOGS');

    const clash = await h.call('PATCH', `/v1/folders/${folder.id}`, { key: appToken, body: { name: 'podcasts' } });
    expect(clash.status).toBe(409);
    expect((await h.call('PATCH', `/v1/folders/${folder.id}`, { key: appToken, body: { is_pinned: 'yes' } })).status).toBe(422);
  });

  it('deletes a folder; its subscriptions fall back to no folder and keep their items', async () => {
    const { user, key, appToken } = await h.createUser();
    const folder = (await h.call('POST', '/v1/folders', { key: appToken, body: { name: 'Doomed' } })).body;
    const { subscriptionId, itemIds } = await h.seedSubscription(user, [article(), article()], { folderId: folder.id });
    expect((await h.call('GET', `/v1/subscriptions/${subscriptionId}`, { key })).body.folder_id).toBe(folder.id);

    const deleted = await h.call('DELETE', `/v1/folders/${folder.id}`, { key: appToken });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ message: 'Deleted the folder Doomed.' });
    const detail = await h.call('GET', `/v1/subscriptions/${subscriptionId}`, { key });
    expect(detail.body).toMatchObject({ folder_id: null, folder_name: null, unread_count: 2 });
    const loose = await h.call('GET', '/v1/subscriptions', { key });
    expect(loose.body.data.map((s: { id: string }) => s.id)).toEqual([subscriptionId]);
    expect((await h.call('GET', '/v1/items', { key })).body.data.map((i: { id: string }) => i.id).sort()).toEqual([...itemIds].sort());
    expect((await h.call('GET', '/v1/folders', { key: appToken })).body.data).toEqual([]);
  });

  it('answers 404 for an unknown folder, or one of another user, and 422 for a malformed id', async () => {
    const owner = await h.createUser();
    const other = await h.createUser();
    const folder = (await h.call('POST', '/v1/folders', { key: owner.appToken, body: { name: 'Mine' } })).body;
    for (const id of [randomUUID(), folder.id]) {
      const patch = await h.call('PATCH', `/v1/folders/${id}`, { key: other.appToken, body: { name: 'Taken' } });
      expect(patch.status).toBe(404);
      expect(patch.body).toEqual({ message: `No folder with id ${id} exists.` });
      expect((await h.call('DELETE', `/v1/folders/${id}`, { key: other.appToken })).status).toBe(404);
    }
    expect((await h.call('DELETE', '/v1/folders/not-a-uuid', { key: owner.appToken })).status).toBe(422);
    expect((await h.call('GET', '/v1/folders', { key: owner.appToken })).body.data).toEqual([folder]);
  });
});
