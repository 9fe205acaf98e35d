import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Answer, type Harness } from '../harness';
import { serviceConfig } from '@/lib/service/config';

// SPEC.md: 120 requests a minute per API key; every 429 carries Retry-After and a JSON body.
const perMinute = 120;

let h: Harness;
beforeAll(async () => { h = await startHarness({ appTokenRateLimit: 130 }); });
afterAll(async () => { await h.stop(); });

async function spend(key: string, count: number): Promise<number[]> {
  const statuses: number[] = [];
  // Sequential on purpose: the order of requests is what is counted.
  for (let i = 0; i < count; i++) statuses.push((await h.call('GET', '/v1/items', { key, query: { limit: 1 } })).status);
  return statuses;
}

function expectRateLimited(answer: Answer): void {
  expect(answer.status).toBe(429);
  const header = answer.headers.get('retry-after');
  expect(header).toMatch(/^\d+$/);
  const seconds = Number(header);
  expect(seconds).toBeGreaterThanOrEqual(1);
  expect(seconds).toBeLessThanOrEqual(60);
  expect(answer.headers.get('content-type')).toContain('application/json');
  expect(answer.body).toEqual({ message: expect.any(String), retry_after: seconds });
}

describe('rate limit per API key', () => {
  it('answers the first 120 requests of a minute and 429 with Retry-After for the 121st', async () => {
    expect(h.service.config.apiKeyRateLimit, 'TIDINGS_RATE_LIMIT must be unset for this suite').toBe(perMinute);
    const { key } = await h.createUser();
    const statuses = await spend(key, perMinute);
    expect(statuses.every((status) => status === 200)).toBe(true);
    expectRateLimited(await h.call('GET', '/v1/items', { key }));
    // Retrying early hits the same limit, on any operation.
    expectRateLimited(await h.call('GET', '/v1/items', { key }));
    expectRateLimited(await h.call('PUT', '/v1/items', { key, body: {} }));
  });

  it('counts per key: another key of the same user is not limited', async () => {
    const { user, key } = await h.createUser();
    await spend(key, perMinute);
    expect((await h.call('GET', '/v1/items', { key })).status).toBe(429);
    expect((await h.call('GET', '/v1/items', { key: await h.issueKey(user) })).status).toBe(200);
  });

  it('counts requests that fail validation too', async () => {
    const { key } = await h.createUser();
    for (let i = 0; i < perMinute; i++) {
      expect((await h.call('GET', '/v1/items', { key, query: { limit: 0 } })).status).toBe(422);
    }
    expectRateLimited(await h.call('GET', '/v1/items', { key }));
  });
});

describe('rate limit of the first-party app token', () => {
  it('uses its own configured limit, not the API key limit', async () => {
    const { appToken } = await h.createUser();
    const statuses = await spend(appToken, 130);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    expectRateLimited(await h.call('GET', '/v1/items', { key: appToken }));
  });

  it('does not share its window with the API keys of the same user', async () => {
    const { key, appToken } = await h.createUser();
    await spend(key, perMinute);
    expect((await h.call('GET', '/v1/items', { key })).status).toBe(429);
    expect((await h.call('GET', '/v1/items', { key: appToken })).status).toBe(200);
  });
});

describe('the window of the limits (TIDINGS_RATE_LIMIT_WINDOW)', () => {
  it('is a minute unless set, and read in seconds from the environment', () => {
    const before = process.env.TIDINGS_RATE_LIMIT_WINDOW;
    try {
      delete process.env.TIDINGS_RATE_LIMIT_WINDOW;
      expect(serviceConfig().rateLimitWindowSeconds).toBe(60);
      process.env.TIDINGS_RATE_LIMIT_WINDOW = '5';
      expect(serviceConfig().rateLimitWindowSeconds).toBe(5);
      process.env.TIDINGS_RATE_LIMIT_WINDOW = 'soon';
      expect(serviceConfig().rateLimitWindowSeconds).toBe(60);
    } finally {
      if (before === undefined) delete process.env.TIDINGS_RATE_LIMIT_WINDOW;
      else process.env.TIDINGS_RATE_LIMIT_WINDOW = before;
    }
  });

  it('asks a limited key to wait no longer than a shorter window, and answers it again once that passed', async () => {
    const short = await startHarness({ apiKeyRateLimit: 3, rateLimitWindowSeconds: 2 });
    try {
      const { key } = await short.createUser();
      for (let i = 0; i < 3; i++) expect((await short.call('GET', '/v1/items', { key, query: { limit: 1 } })).status).toBe(200);
      const limited = await short.call('GET', '/v1/items', { key });
      expect(limited.status).toBe(429);
      const seconds = Number(limited.headers.get('retry-after'));
      expect(seconds).toBeGreaterThanOrEqual(1);
      expect(seconds).toBeLessThanOrEqual(2);
      await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
      expect((await short.call('GET', '/v1/items', { key })).status).toBe(200);
    } finally {
      await short.stop();
    }
  });
});
