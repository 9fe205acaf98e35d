/*
 * Held sync calls whose client goes away (lib/service/http/held-request.ts), over real HTTP against
 * the real service with a short window (10 calls per 4 s): the client closes the socket of a held
 * call, and the call must leave at once, giving its held place and its room in the window to the
 * callers still waiting, and answering nothing. The service is served through a wrapper that counts
 * what it answered, so an answer sent into the void shows.
 */
import { createHash } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../harness';

const limit = 10;
const windowMs = 4_000;

let h: Harness;
let server: ServerType;
let base: string;
/** Every answer the service made, by path. */
const answered: { path: string; status: number }[] = [];

beforeAll(async () => {
  h = await startHarness({ apiKeyRateLimit: limit, rateLimitWindowSeconds: windowMs / 1000 });
  await new Promise<void>((resolve) => {
    server = serve({
      fetch: async (request: Request) => {
        const response = await h.service.fetch(request);
        answered.push({ path: new URL(request.url).pathname, status: response.status });
        return response;
      },
      port: 0, hostname: '127.0.0.1',
    }, () => resolve());
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  const closable = server as ServerType & { closeAllConnections?: () => void };
  await new Promise((resolve) => { server.close(resolve); closable.closeAllConnections?.(); });
  await h.stop();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const userInfo = '/greader/reader/api/0/user-info';
const answersOf = (path: string, status = 200) => answered.filter((answer) => answer.path === path && answer.status === status).length;

type Timed = { status: number; answeredAt: number };

async function greader(key: string): Promise<Timed> {
  const response = await fetch(`${base}${userInfo}?output=json`, { headers: { authorization: `GoogleLogin auth=${key}` } });
  await response.arrayBuffer();
  return { status: response.status, answeredAt: Date.now() };
}

/** Sends one raw HTTP/1.1 request on a socket of its own, to be closed while the call is held. */
function rawRequest(head: string, body = ''): Socket {
  const socket = connect(Number(new URL(base).port), '127.0.0.1');
  socket.on('error', () => {});
  socket.write(`${head}\r\nhost: 127.0.0.1\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
  return socket;
}

/** Spends the key's whole window with answered calls. */
async function spendWindow(key: string): Promise<void> {
  for (let i = 0; i < limit; i++) expect((await greader(key)).status).toBe(200);
}

describe('a held sync call whose client goes away', () => {
  it('frees its held place at once for the next caller, and is not answered', async () => {
    const { key } = await h.createUser();
    const before = answersOf(userInfo);
    await spendWindow(key);
    const gone = rawRequest(`GET ${userInfo}?output=json HTTP/1.1\r\nauthorization: GoogleLogin auth=${key}`);
    await sleep(300);
    // With the closed one, the key's 20 held places are full.
    const waiting = Array.from({ length: 19 }, () => greader(key));
    await sleep(1_000);
    gone.destroy();
    await sleep(200);
    const next = greader(key);
    const answers = await Promise.all([...waiting, next]);
    expect((await next).status).toBe(200);
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    // 10 to spend the window and the 20 live held calls: nothing for the caller that left.
    expect(answersOf(userInfo) - before).toBe(30);
  }, 20_000);

  it('leaves its room in the window to the callers still waiting', async () => {
    const { key } = await h.createUser();
    const started = Date.now();
    await spendWindow(key);
    const gone = rawRequest(`GET ${userInfo}?output=json HTTP/1.1\r\nauthorization: GoogleLogin auth=${key}`);
    await sleep(300);
    const waiting = Array.from({ length: limit }, () => greader(key));
    await sleep(700);
    gone.destroy();
    const answers = await Promise.all(waiting);
    expect(answers.map((answer) => answer.status)).toEqual(Array(limit).fill(200));
    // All ten fit in the window's next room; had the closed call taken one, the last would wait a whole window more.
    expect(Math.max(...answers.map((answer) => answer.answeredAt)) - started).toBeLessThan(windowMs + 2_000);
  }, 20_000);

  it('leaves Fever and gpodder calls too, answering neither', async () => {
    const { user, key } = await h.createUser();
    const feverBefore = answersOf('/fever/');
    const gpodderPath = `/gpodder/api/2/devices/${encodeURIComponent(user.email)}.json`;
    const gpodderBefore = answersOf(gpodderPath);
    await spendWindow(key);
    const apiKey = createHash('md5').update(`${user.email}:${key}`).digest('hex');
    const fever = rawRequest('POST /fever/?api HTTP/1.1\r\ncontent-type: application/x-www-form-urlencoded', `api_key=${apiKey}`);
    const basic = Buffer.from(`${user.email}:${key}`).toString('base64');
    const gpodder = rawRequest(`GET ${gpodderPath} HTTP/1.1\r\nauthorization: Basic ${basic}`);
    await sleep(700);
    fever.destroy();
    gpodder.destroy();
    // Past the moment the window had room for them.
    await sleep(windowMs);
    expect(answersOf('/fever/') - feverBefore).toBe(0);
    expect(answersOf(gpodderPath) - gpodderBefore).toBe(0);
  }, 20_000);
});
