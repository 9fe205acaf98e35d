/*
 * SPEC.md: "Every operation can also answer 401, 403, 429 and 503". Authentication and the
 * rate limit run before any handler, so every operation of the route table is checked here,
 * implemented or not. The limit is lowered to 2 a minute to keep this quick; the 120 of
 * SPEC.md is checked in rate-limit.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setStatus } from '@/lib/service/domain/accounts';
import { operations } from '@/lib/contract/operations';
import type { Operation } from '@/lib/contract/operation';
import { startHarness, type Harness } from '../harness';

let h: Harness;
beforeAll(async () => { h = await startHarness({ apiKeyRateLimit: 2, appTokenRateLimit: 2 }); });
afterAll(async () => { await h.stop(); });

const someId = '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b';
const table = (Object.entries(operations) as [string, Operation][]).map(([id, operation]) => ({
  id,
  method: operation.method,
  path: operation.path.replace(/\{\w+\}/g, someId),
  firstParty: operation.auth === 'first_party',
  body: operation.body ? {} : undefined,
}));

describe.each(table)('$method $path ($id)', ({ method, path, firstParty, body }) => {
  it('answers 401 with the authentication body without a key', async () => {
    const answer = await h.call(method, path, { body });
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ message: expect.any(String), error: 'unauthorized' });
  });

  it('answers 403 with the authentication body for a banned or locked account', async () => {
    for (const status of ['banned', 'locked'] as const) {
      const { user, key, appToken } = await h.createUser();
      await setStatus(h.service.store, user.id, status);
      const answer = await h.call(method, path, { key: firstParty ? appToken : key, body });
      expect(answer.status).toBe(403);
      expect(answer.body).toEqual({ message: expect.any(String), error: 'forbidden' });
    }
  });

  it('answers 429 with Retry-After and the rate-limit body past the limit', async () => {
    const { key, appToken } = await h.createUser();
    const credential = firstParty ? appToken : key;
    for (let i = 0; i < 2; i++) expect((await h.call(method, path, { key: credential, body })).status).not.toBe(429);
    const answer = await h.call(method, path, { key: credential, body });
    expect(answer.status).toBe(429);
    expect(answer.headers.get('retry-after')).toBe(String(answer.body.retry_after));
    expect(answer.body).toEqual({ message: expect.any(String), retry_after: expect.any(Number) });
  });

  it.runIf(firstParty)('answers 403 for an API key', async () => {
    const { key } = await h.createUser();
    const answer = await h.call(method, path, { key, body });
    expect(answer.status).toBe(403);
    expect(answer.body.error).toBe('forbidden');
  });
});
