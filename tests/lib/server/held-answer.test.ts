/*
 * Answers written as they were made (lib/service/http/held-body.ts, lib/server/held-answer.ts):
 * the real service on a temporary store, behind a real Node server that answers the way the
 * production server's /v1 listener does, compared byte for byte with what the service's JSON is
 * and with what the same answer read through its body stream gives.
 */
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operations } from '@/lib/contract/operations';
import { listItems } from '@/lib/service/domain/items/list-items';
import { heldBody, jsonHolding, responseHolding } from '@/lib/service/http/held-body';
import { sendHeldAnswer } from '@/lib/server/held-answer';
import { article, episode, isoDaysAgo, startHarness, type Harness, type TestUser } from '../service/harness';

let h: Harness;
let owner: TestUser;
let server: Server;
let base: string;

beforeAll(async () => {
  h = await startHarness({ apiKeyRateLimit: 1e9 });
  owner = await h.createUser();
  await h.seedSubscription(owner.user, [
    article({ title: 'Ünïcode “quotes” — and emoji 🎧', summary: 'Line\nbreak, tab\t, backslash \\ and </script>', published_at: isoDaysAgo(1) }),
    episode({ title: 'An episode', published_at: isoDaysAgo(2) }),
    ...Array.from({ length: 60 }, (_, i) => article({ published_at: isoDaysAgo(3 + i / 100) })),
  ]);
  const listener = getRequestListener(async (request, { outgoing }) => sendHeldAnswer(await h.service.fetch(request), outgoing as ServerResponse), {
    overrideGlobalObjects: false,
  });
  server = createServer((request, response) => void listener(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await h.stop();
});

describe('answers written as they were made', () => {
  it('sends a list byte for byte as the service made its JSON, with its length and type', async () => {
    const response = await fetch(`${base}/v1/items?limit=50`, { headers: { authorization: `Bearer ${owner.key}` } });
    const bytes = Buffer.from(await response.arrayBuffer());
    const expected = JSON.stringify(await listItems(h.service.store, owner.user, operations.listItems.query.parse({ limit: '50' })));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(bytes.toString('utf8')).toBe(expected);
    expect(response.headers.get('content-length')).toBe(String(Buffer.byteLength(expected)));
  });

  it('sends the same bytes and headers as the answer read through its body stream (the harness server)', async () => {
    const headers = { authorization: `Bearer ${owner.key}` };
    const [held, streamed] = await Promise.all([`${base}/v1/items?limit=50`, `${h.baseUrl}/v1/items?limit=50`].map((url) => fetch(url, { headers })));
    expect(await held.text()).toBe(await streamed.text());
    expect(held.status).toBe(streamed.status);
    for (const name of ['content-type', 'content-length']) expect(held.headers.get(name), name).toBe(streamed.headers.get(name));
  });

  it('answers errors and HEAD as before: the status, the JSON message, no body for HEAD', async () => {
    const refused = await fetch(`${base}/v1/items?limit=500`, { headers: { authorization: `Bearer ${owner.key}` } });
    expect(refused.status).toBe(422);
    expect(await refused.json()).toEqual({ message: expect.stringContaining('limit') });
    const head = await fetch(`${base}/v1/items?limit=5`, { method: 'HEAD', headers: { authorization: `Bearer ${owner.key}` } });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('makes the same Response as Response.json, readable as usual, and holds nothing once read', async () => {
    const value = { a: 'é 🎧', list: [1, null, true], nested: { quote: '"' } };
    const held = jsonHolding(value, { status: 201, headers: { 'cache-control': 'no-store' } });
    const plain = Response.json(value, { status: 201, headers: { 'cache-control': 'no-store' } });
    expect(held.status).toBe(201);
    expect([...held.headers]).toEqual([...plain.headers]);
    expect(heldBody(held)).toBe(JSON.stringify(value));
    expect(await held.text()).toBe(await plain.text());
    expect(heldBody(held)).toBeUndefined();
    expect(heldBody(Response.json(value))).toBeUndefined();
  });

  it('writes held bytes with every Set-Cookie header, and leaves other answers to @hono/node-server', async () => {
    const own = createServer((request, response) => void getRequestListener(async (incoming, { outgoing }) => {
      const headers = new Headers({ 'content-type': 'text/plain' });
      headers.append('set-cookie', 'a=1');
      headers.append('set-cookie', 'b=2');
      const answer = new URL(incoming.url).pathname === '/held'
        ? responseHolding(new TextEncoder().encode('héld'), { status: 203, headers })
        : new Response('streamed', { status: 202, headers });
      return sendHeldAnswer(answer, outgoing as ServerResponse);
    }, { overrideGlobalObjects: false })(request, response));
    await new Promise<void>((resolve) => own.listen(0, '127.0.0.1', resolve));
    const at = `http://127.0.0.1:${(own.address() as AddressInfo).port}`;
    try {
      const held = await fetch(`${at}/held`);
      expect(held.status).toBe(203);
      expect(held.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
      expect(held.headers.get('content-length')).toBe('5');
      expect(await held.text()).toBe('héld');
      const streamed = await fetch(`${at}/other`);
      expect(streamed.status).toBe(202);
      expect(streamed.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
      expect(await streamed.text()).toBe('streamed');
    } finally {
      own.closeAllConnections();
      await new Promise((resolve) => own.close(resolve));
    }
  });
});
