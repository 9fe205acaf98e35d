/*
 * Sync calls over a key's limit, over real HTTP against the real service with a short window (5 calls
 * per 3 s): Google Reader, Fever and gpodder apps ignore Retry-After, so such a call waits for room
 * in the window (at most 15 s away, at most 20 of a key at once) instead of a 429; the limit still
 * holds. /v1 keeps answering 429 at once (SPEC.md).
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../harness';

const limit = 5;
const windowMs = 3_000;

let h: Harness;
let slow: Harness;
beforeAll(async () => {
  h = await startHarness({ apiKeyRateLimit: limit, rateLimitWindowSeconds: windowMs / 1000 });
  slow = await startHarness({ apiKeyRateLimit: limit, rateLimitWindowSeconds: 20 });
});
afterAll(async () => { await h.stop(); await slow.stop(); });

type Timed = { status: number; retryAfter: string | null; startedAt: number; answeredAt: number };

async function timed(send: () => Promise<Response>): Promise<Timed> {
  const startedAt = Date.now();
  const response = await send();
  await response.arrayBuffer();
  return { status: response.status, retryAfter: response.headers.get('retry-after'), startedAt, answeredAt: Date.now() };
}

const greader = (harness: Harness, key: string) => timed(() => fetch(`${harness.baseUrl}/greader/reader/api/0/user-info?output=json`, {
  headers: { authorization: `GoogleLogin auth=${key}` },
}));
const v1 = (harness: Harness, key: string) => timed(() => fetch(`${harness.baseUrl}/v1/items?limit=1`, { headers: { authorization: `Bearer ${key}` } }));

/**
 * The shortest time in which `limit + 1` of the calls were certainly let through: the service lets a
 * call through after it was sent and before it is answered, so the (i + limit)-th answer minus the
 * i-th send bounds it from above, whatever the load delays (under a working limit it is at least a
 * window). Sent and answered times are each sorted, which also covers calls sent at once.
 */
function shortestSpanOfLimitPlusOne(answers: Timed[]): number {
  const sent = answers.map((answer) => answer.startedAt).sort((a, b) => a - b);
  const answered = answers.map((answer) => answer.answeredAt).sort((a, b) => a - b);
  return Math.min(...sent.slice(0, sent.length - limit).map((start, i) => answered[i + limit] - start));
}

describe('sync calls over the key limit are held, not refused', () => {
  it('answers the 6th Google Reader call once the window has room, never more than 5 in a window', async () => {
    const { key } = await h.createUser();
    const answers: Timed[] = [];
    for (let i = 0; i < 12; i++) answers.push(await greader(h, key));
    expect(answers.map((answer) => answer.status)).toEqual(Array(12).fill(200));
    const sixth = answers[5];
    expect(sixth.answeredAt - sixth.startedAt).toBeGreaterThan(windowMs - 1_000);
    expect(shortestSpanOfLimitPlusOne(answers)).toBeGreaterThanOrEqual(windowMs - 50);
  }, 20_000);

  it('holds concurrent calls of one key, and the limit still holds', async () => {
    const { key } = await h.createUser();
    const answers = await Promise.all(Array.from({ length: 12 }, () => greader(h, key)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(12).fill(200));
    expect(shortestSpanOfLimitPlusOne(answers)).toBeGreaterThanOrEqual(windowMs - 50);
  }, 20_000);

  it('holds Fever and gpodder calls as well', async () => {
    const { user, key } = await h.createUser();
    const apiKey = createHash('md5').update(`${user.email}:${key}`).digest('hex');
    const basic = `Basic ${Buffer.from(`${user.email}:${key}`).toString('base64')}`;
    for (let i = 0; i < limit; i++) expect((await greader(h, key)).status).toBe(200);
    const fever = await timed(() => fetch(`${h.baseUrl}/fever/?api`, { method: 'POST', body: new URLSearchParams({ api_key: apiKey }) }));
    expect(fever.status).toBe(200);
    const gpodder = await timed(() => fetch(`${h.baseUrl}/gpodder/api/2/devices/${encodeURIComponent(user.email)}.json`, { headers: { authorization: basic } }));
    expect(gpodder.status).toBe(200);
    expect(fever.answeredAt - fever.startedAt).toBeGreaterThan(windowMs - 1_000);
  }, 20_000);

  it('answers 429 at once to a flood beyond the 20 held calls of a key', async () => {
    const { key } = await h.createUser();
    for (let i = 0; i < limit; i++) expect((await greader(h, key)).status).toBe(200);
    const flood = await Promise.all(Array.from({ length: 30 }, () => greader(h, key)));
    const refused = flood.filter((answer) => answer.status === 429);
    expect(refused).toHaveLength(10);
    for (const answer of refused) {
      expect(answer.answeredAt - answer.startedAt).toBeLessThan(1_000);
      expect(Number(answer.retryAfter)).toBeGreaterThanOrEqual(1);
    }
    const held = flood.filter((answer) => answer.status === 200);
    expect(held).toHaveLength(20);
    expect(shortestSpanOfLimitPlusOne(held)).toBeGreaterThanOrEqual(windowMs - 50);
  }, 30_000);

  it('answers 429 at once when room is more than 15 s away', async () => {
    const { key } = await slow.createUser();
    for (let i = 0; i < limit; i++) expect((await greader(slow, key)).status).toBe(200);
    const over = await greader(slow, key);
    expect(over.status).toBe(429);
    expect(over.answeredAt - over.startedAt).toBeLessThan(1_000);
    expect(Number(over.retryAfter)).toBeGreaterThan(15);
  });

  it('does not count the write token clients fetch before each write', async () => {
    const { key } = await slow.createUser();
    for (let i = 0; i < limit; i++) expect((await greader(slow, key)).status).toBe(200);
    const token = await timed(() => fetch(`${slow.baseUrl}/greader/reader/api/0/token`, { headers: { authorization: `GoogleLogin auth=${key}` } }));
    expect(token.status).toBe(200);
    expect(token.answeredAt - token.startedAt).toBeLessThan(1_000);
    expect((await greader(slow, key)).status).toBe(429);
  });

  it('keeps answering /v1 over the limit with 429 at once', async () => {
    const { key } = await h.createUser();
    for (let i = 0; i < limit; i++) expect((await v1(h, key)).status).toBe(200);
    const over = await v1(h, key);
    expect(over.status).toBe(429);
    expect(over.answeredAt - over.startedAt).toBeLessThan(1_000);
  });
});
