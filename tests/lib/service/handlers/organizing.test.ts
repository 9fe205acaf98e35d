import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizingOperations } from '@/lib/contract/operations/organizing';
import { startHarness, type Harness } from '../harness';

let h: Harness;
beforeAll(async () => { h = await startHarness(); });
afterAll(async () => { await h.stop(); });

const sampleBodies: Record<string, unknown> = {
  createFolder: { name: 'Folder' }, updateFolder: { name: 'Folder' }, updateTag: { name: 'tag' },
  createSavedSearch: { name: 'Saved', query_data: {} }, updateSavedSearch: { name: 'Saved' },
  importOpml: { opml: '<opml version="2.0"><body/></opml>' },
};

describe('first-party organizing operations', () => {
  const cases = Object.entries(organizingOperations).map(([id, operation]) => [id, operation.method, operation.path] as const);

  it('are all first-party in the route table', () => {
    for (const operation of Object.values(organizingOperations)) expect(operation.auth).toBe('first_party');
  });

  it.each(cases)('%s (%s %s) answers 403 to an API key and changes nothing', async (id, method, path) => {
    const { key, appToken } = await h.createUser();
    const url = path.replace(/\{\w+\}/g, randomUUID());
    const answer = await h.call(method, url, { key, body: sampleBodies[id] });
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({ message: expect.any(String), error: 'forbidden' });
    expect((await h.call('GET', '/v1/folders', { key: appToken })).body.data).toEqual([]);
    expect((await h.call('GET', '/v1/saved-searches', { key: appToken })).body.data).toEqual([]);
  });

  it('answer 401 without credentials', async () => {
    expect((await h.call('GET', '/v1/folders')).status).toBe(401);
    expect((await h.call('GET', '/v1/opml')).status).toBe(401);
  });
});
