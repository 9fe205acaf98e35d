// @vitest-environment jsdom
/*
 * Retrying what the service says is worth retrying: the real client against the real
 * embedded service, behind a gate on 127.0.0.1 that answers chosen requests with 429
 * (Retry-After: 1) or 503 first, as a busy hosted service would, and records when each came.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { cleanup, screen, within } from '@testing-library/react';
import { createElement } from 'react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { InboxRiver } from '@/components/inbox/inbox-river';
import { ApiError, callApi, configureApi } from '@/lib/client/api-client';
import { withRetry } from '@/lib/client/retry-policy';
import { startLocalService, type LocalService } from '../../components/local-service';
import { renderApp } from '../../components/render-app';

type Refusal = { status: 429 | 503 | 402 };
type Arrival = { method: string; path: string; at: number; answered: number };

let local: LocalService;
let gate: Server;
let refusals: Refusal[] = [];
let arrivals: Arrival[] = [];

beforeAll(async () => {
  local = await startLocalService();
  gate = await new Promise<Server>((resolve) => {
    const server = serve({
      port: 0, hostname: '127.0.0.1',
      fetch: async (request) => {
        const refusal = refusals.shift();
        const answer = refusal
          ? Response.json(
            { message: refusal.status === 429 ? 'Slow down.' : refusal.status === 503 ? 'Busy.' : 'Not in your plan.', ...(refusal.status === 429 ? { retry_after: 1 } : {}) },
            { status: refusal.status, headers: refusal.status === 402 ? {} : { 'retry-after': '1' } },
          )
          : await local.service.fetch(request);
        arrivals.push({ method: request.method, path: new URL(request.url).pathname, at: performance.now(), answered: answer.status });
        return answer;
      },
    }, () => resolve(server as Server)) as Server;
  });
  configureApi({ base: `http://127.0.0.1:${(gate.address() as AddressInfo).port}`, headers: { authorization: `Bearer ${local.token}` } });
});

beforeEach(() => {
  refusals = [];
  arrivals = [];
});

afterEach(() => cleanup());

afterAll(async () => {
  await new Promise((resolve) => gate.close(resolve));
  await local.close();
});

function isRead(id: string): number {
  return (local.service.db.prepare('SELECT is_read FROM entries WHERE user_id = ? AND item_id = ?').get(local.user.id, id) as { is_read: number }).is_read;
}

function markRead(id: string) {
  return withRetry(() => callApi('PATCH', '/v1/items/{item_id}', { params: { item_id: id }, body: { is_read: true } }));
}

describe('retrying a write', () => {
  it('waits out a 429 for its Retry-After, then sends the same change once more', async () => {
    const [id] = local.addFeed('Rate Limited', [{}]);
    refusals = [{ status: 429 }];
    await markRead(id!);
    expect(arrivals.map((arrival) => arrival.answered)).toEqual([429, 200]);
    expect(arrivals[1]!.at - arrivals[0]!.at).toBeGreaterThanOrEqual(990);
    expect(isRead(id!)).toBe(1);
  });

  it('retries a 429 only once: a second one reaches the person with its wait', async () => {
    const [id] = local.addFeed('Still Limited', [{}]);
    refusals = [{ status: 429 }, { status: 429 }];
    const error = await markRead(id!).then(() => null, (failure: unknown) => failure);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 429, retryAfterSeconds: 1 });
    expect(arrivals.map((arrival) => arrival.answered)).toEqual([429, 429]);
    expect(isRead(id!)).toBe(0);
  });

  it('tries again after a 503 with growing waits, and the change arrives', async () => {
    const [id] = local.addFeed('Restarting', [{}]);
    refusals = [{ status: 503 }, { status: 503 }];
    await markRead(id!);
    expect(arrivals.map((arrival) => arrival.answered)).toEqual([503, 503, 200]);
    const [first, second, third] = arrivals.map((arrival) => arrival.at);
    expect(second! - first!).toBeGreaterThanOrEqual(990);
    expect(third! - second!).toBeGreaterThanOrEqual(2990);
    expect(isRead(id!)).toBe(1);
  });

  it('does not ask again when asking again cannot help (402, 404, 422)', async () => {
    const [id] = local.addFeed('Refused', [{}]);
    refusals = [{ status: 402 }];
    await expect(markRead(id!)).rejects.toMatchObject({ status: 402 });
    await expect(markRead('00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({ status: 404 });
    await expect(withRetry(() => callApi('GET', '/v1/items', { query: { limit: 0 } }))).rejects.toMatchObject({ status: 422 });
    expect(arrivals.map((arrival) => arrival.answered)).toEqual([402, 404, 422]);
    expect(isRead(id!)).toBe(0);
  });
});

describe('retrying a read', () => {
  const unread = { view: 'unread', type: null } as const;
  const listReads = () => arrivals.filter((arrival) => arrival.method === 'GET' && arrival.path === '/v1/items');

  it('shows the list by itself once the Retry-After of a 429 has passed', async () => {
    local.addFeed('Patient Feed', [{}]);
    refusals = [{ status: 429 }];
    renderApp(createElement(InboxRiver, { selection: unread }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Too many requests' })).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Unread items' }, { timeout: 5_000 });
    expect(within(list).getByText('Patient Feed item 0')).toBeTruthy();
    expect(listReads().map((arrival) => arrival.answered)).toEqual([429, 200]);
    expect(listReads()[1]!.at - listReads()[0]!.at).toBeGreaterThanOrEqual(990);
  });

  it('asks only once more after a 429: a second one stays on screen with its wait', async () => {
    refusals = [{ status: 429 }, { status: 429 }];
    renderApp(createElement(InboxRiver, { selection: unread }));
    await screen.findByRole('alert');
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(listReads().map((arrival) => arrival.answered)).toEqual([429, 429]);
    const alert = screen.getByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Too many requests' })).toBeTruthy();
    expect(alert.textContent).toMatch(/Try again in 1 second\./);
  });

  it('loads the list by itself after a 503, with a wait before asking again', async () => {
    refusals = [{ status: 503 }];
    renderApp(createElement(InboxRiver, { selection: unread }));
    await screen.findByRole('list', { name: 'Unread items' }, { timeout: 5_000 });
    expect(listReads().map((arrival) => arrival.answered)).toEqual([503, 200]);
    expect(listReads()[1]!.at - listReads()[0]!.at).toBeGreaterThanOrEqual(990);
  });
});
