import Database from 'better-sqlite3';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { errorResponse } from '@/lib/service/http/router';
import { article, episode, startHarness, type Harness } from '../harness';

let h: Harness;
beforeAll(async () => { h = await startHarness(); });
afterAll(async () => { await h.stop(); });

// Another process writing: a second connection holds the write lock. The service gives up at
// once instead of waiting its usual five seconds, so the tests stay quick.
let other: Database.Database | null = null;
function holdWriteLock(): void {
  other = new Database(path.join(h.service.config.dataDir, 'service.db'));
  other.exec('BEGIN IMMEDIATE');
}
beforeEach(() => { h.service.db.pragma('busy_timeout = 0'); });
afterEach(() => {
  other?.exec('ROLLBACK');
  other?.close();
  other = null;
  h.service.db.pragma('busy_timeout = 5000');
});

async function seed() {
  const account = await h.createUser({ plan: 'pro' });
  const [articleId] = (await h.seedSubscription(account.user, [article()])).itemIds;
  const [episodeId] = (await h.seedSubscription(account.user, [episode()], { source_type: 'podcast' })).itemIds;
  return { ...account, articleId, episodeId };
}

describe('503: service temporarily unavailable', () => {
  it('answers every writing items operation with 503, Retry-After and the general body while the store is locked', async () => {
    const { key, articleId, episodeId } = await seed();
    expect((await h.call('GET', '/v1/items', { key })).status).toBe(200);
    holdWriteLock();
    const writes: [string, string, unknown][] = [
      ['PUT', '/v1/items', {}],
      ['PATCH', '/v1/items', { item_ids: [articleId], action: 'save' }],
      ['PATCH', `/v1/items/${articleId}`, { is_read: true }],
      ['POST', `/v1/items/${episodeId}/playback-progress`, { position_seconds: 5 }],
    ];
    for (const [method, pathname, body] of writes) {
      const answer = await h.call(method, pathname, { key, body });
      expect(answer.status, `${method} ${pathname}`).toBe(503);
      expect(answer.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(answer.body).toEqual({ message: expect.any(String) });
    }
  });

  it('answers first-party writes with 503 too', async () => {
    const { appToken } = await seed();
    await h.call('GET', '/v1/account', { key: appToken });
    holdWriteLock();
    expect((await h.call('POST', '/v1/account/api-keys', { key: appToken, body: { name: 'x' } })).status).toBe(503);
  });

  it('keeps answering reads while another writer holds the store, even for a key never used before', async () => {
    const { key, articleId } = await seed();
    holdWriteLock();
    expect((await h.call('GET', '/v1/items', { key })).status).toBe(200);
    expect((await h.call('GET', `/v1/items/${articleId}`, { key })).status).toBe(200);
  });

  it('recovers once the lock is released, with nothing half done', async () => {
    const { key } = await seed();
    holdWriteLock();
    expect((await h.call('PUT', '/v1/items', { key, body: {} })).status).toBe(503);
    other!.exec('ROLLBACK');
    other!.close();
    other = null;
    const after = await h.call('PUT', '/v1/items', { key, body: {} });
    expect(after.status).toBe(200);
    expect(after.body.message).toBe('2 items marked read.');
  });

  it('maps a busy or locked store to 503 whatever operation hit it', async () => {
    for (const code of ['SQLITE_BUSY', 'SQLITE_LOCKED']) {
      const response = errorResponse(Object.assign(new Error('database is locked'), { code }));
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(await response.json()).toEqual({ message: expect.any(String) });
    }
  });
});
