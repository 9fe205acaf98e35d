/*
 * Two app nodes, each a process of its own with its own data directory, in front of one hosted
 * service (a stand-in) and one PostgreSQL database (DATABASE_URL): what one node makes, the
 * other knows, and the limits count both nodes' requests together. Then two nodes that serve the
 * embedded service themselves (local mode): one key's requests spread over both meet one limit.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureUser, issueCredential } from '@/lib/service/domain/accounts';
import { openService } from '@/lib/service/service';
import { hostileItemId, startFakeService, type FakeService } from '../fake-service';
import { freshDatabase, skipPostgres, withPostgres } from '../../../postgres';

withPostgres();

const nodeScript = fileURLToPath(new URL('./app-node.ts', import.meta.url));
const personKey = 'tid_live_TwoNodesPersonKey000000000000';

type Node = { base: string; process: ChildProcess; dataDir: string };

function startNode(env: Record<string, string>, dataDir = mkdtempSync(path.join(tmpdir(), 'tidings-node-'))): Promise<Node> {
  const child = spawn(process.execPath, ['--import', 'tsx', nodeScript], {
    env: { ...process.env, ...env, TIDINGS_DATA_DIR: dataDir }, stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const port = /listening (\d+)/.exec(output)?.[1];
      if (port) resolve({ base: `http://127.0.0.1:${port}`, process: child, dataDir });
    });
    child.once('exit', (code) => reject(new Error(`The app node exited (${code}) before it listened: ${output}`)));
  });
}

async function stopNode(node: Node): Promise<void> {
  if (node.process.exitCode === null) {
    const exited = new Promise((resolve) => node.process.once('exit', resolve));
    node.process.kill('SIGTERM');
    await exited;
  }
  rmSync(node.dataDir, { recursive: true, force: true });
}

/** A JSON request to a node, from `address` as its trusted proxy (loopback) reports it. */
function send(node: Node, pathname: string, init: { method?: string; body?: unknown; cookie?: string; address?: string } = {}): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json', origin: node.base };
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  if (init.cookie) headers.cookie = init.cookie;
  if (init.address) headers['x-forwarded-for'] = init.address;
  return fetch(`${node.base}${pathname}`, { method: init.method ?? 'GET', headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) });
}

describe.skipIf(skipPostgres)('two app nodes on one PostgreSQL database', () => {
  let service: FakeService;
  let nodes: Node[] = [];
  let a: Node;
  let b: Node;

  beforeAll(async () => {
    service = await startFakeService([personKey]);
    const env = {
      DATABASE_URL: await freshDatabase(), TIDINGS_SECRET: 'one secret for every node', FEED_API_BASE_URL: service.url,
      FEED_API_KEY: '', TIDINGS_APP_PASSWORD: '', TIDINGS_TRUSTED_PROXIES: '127.0.0.1',
    };
    // One after the other, as an operator starts them: the first creates the schema.
    a = await startNode(env);
    b = await startNode(env);
    nodes = [a, b];
  }, 120_000);

  afterAll(async () => {
    await Promise.all(nodes.map(stopNode));
    await service?.close();
  });

  it('know a session made on either: signed in on one, the cookie works on the other', async () => {
    const signIn = await send(a, '/api/session', { method: 'POST', body: { api_key: personKey }, address: '192.0.2.10' });
    expect(signIn.status).toBe(200);
    const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0]!;
    expect(await (await send(b, '/whoami', { cookie })).json()).toEqual({ caller: 'person' });
    const items = await send(b, '/api/v1/items', { cookie });
    expect(items.status).toBe(200);
    expect(service.seen.at(-1)?.authorization).toBe(`Bearer ${personKey}`);
  });

  it('open a share link made on one from the other', async () => {
    const signIn = await send(b, '/api/session', { method: 'POST', body: { api_key: personKey }, address: '192.0.2.11' });
    const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0]!;
    const made = await send(b, '/api/share-links', { method: 'POST', body: { item_id: hostileItemId }, cookie });
    expect(made.status).toBe(201);
    const { url } = (await made.json()) as { url: string };
    const visit = await send(a, url, { address: '192.0.2.12' });
    expect(visit.status).toBe(200);
    expect(await visit.json()).toEqual({ title: 'A hostile item' });
  });

  it('make an address wait after five failed sign-ins spread over both, as one node does', async () => {
    const address = '192.0.2.20';
    const wrong = { method: 'POST', body: { api_key: 'tid_live_NotAKeyOfAnyone00000000000' }, address };
    for (let attempt = 0; attempt < 5; attempt += 1) expect((await send(nodes[attempt % 2]!, '/api/session', wrong)).status).toBe(401);
    for (const node of nodes) {
      const refused = await send(node, '/api/session', wrong);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    // The right key waits too: guessing must not go on.
    expect((await send(b, '/api/session', { ...wrong, body: { api_key: personKey } })).status).toBe(429);
  });

  it('spend one share-visit budget of 60 a minute per address across both', async () => {
    const signIn = await send(a, '/api/session', { method: 'POST', body: { api_key: personKey }, address: '192.0.2.30' });
    expect(signIn.status, await signIn.clone().text()).toBe(200);
    const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0]!;
    const made = await send(a, '/api/share-links', { method: 'POST', body: { item_id: hostileItemId }, cookie });
    expect(made.status, await made.clone().text()).toBe(201);
    const { url } = (await made.json()) as { url: string };
    const statuses: number[] = [];
    for (let visit = 0; visit < 61; visit += 1) statuses.push((await send(nodes[visit % 2]!, url, { address: '192.0.2.31' })).status);
    expect(statuses.slice(0, 60).every((status) => status === 200)).toBe(true);
    expect(statuses[60]).toBe(429);
  });
});

describe.skipIf(skipPostgres)('two app nodes serving the embedded service, on one PostgreSQL database', () => {
  let nodes: Node[] = [];
  let key: string;

  beforeAll(async () => {
    const env = {
      DATABASE_URL: await freshDatabase(), TIDINGS_SECRET: 'one secret for every node', FEED_API_BASE_URL: '', TIDINGS_APP_PASSWORD: '', TIDINGS_TRUSTED_PROXIES: '127.0.0.1',
    };
    // The nodes' embedded service keeps its store in that database: a key made there is every node's.
    const service = await openService({ databaseUrl: env.DATABASE_URL });
    const reader = await ensureUser(service.store, 'reader@example.com');
    key = (await issueCredential(service.store, reader.id, 'api_key', 'reader key')).secret;
    await service.close();
    nodes = [await startNode(env), await startNode(env)];
  }, 120_000);

  afterAll(async () => {
    await Promise.all(nodes.map(stopNode));
  });

  it('counts 429 at request 121 of one key spread over both nodes, with Retry-After and the rate-limit body', async () => {
    const call = (node: Node) => fetch(`${node.base}/v1/subscriptions`, { headers: { authorization: `Bearer ${key}`, accept: 'application/json' } });
    const statuses: number[] = [];
    for (let request = 0; request < 120; request += 1) statuses.push((await call(nodes[request % 2]!)).status);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    for (const node of nodes) {
      const refused = await call(node);
      expect(refused.status).toBe(429);
      const wait = Number(refused.headers.get('retry-after'));
      expect(Number.isInteger(wait) && wait >= 1 && wait <= 60).toBe(true);
      expect(await refused.json()).toEqual({ message: `Rate limit exceeded; retry in ${wait} seconds.`, retry_after: wait });
    }
  });

  it('sign in with the password chosen on either: the first choice is kept in the database for both, a second one refused', async () => {
    const [first, second] = nodes as [Node, Node];
    const choose = (node: Node, password: string) => send(node, '/api/session', { method: 'POST', body: { new_password: password, repeat_password: password } });
    expect((await choose(first, 'one password for both nodes')).status).toBe(200);
    const again = await choose(second, 'another password entirely');
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ error: 'not_offered' });
    const signIn = await send(second, '/api/session', { method: 'POST', body: { password: 'one password for both nodes' }, address: '192.0.2.40' });
    expect(signIn.status, await signIn.clone().text()).toBe(200);
    const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0]!;
    expect(await (await send(first, '/whoami', { cookie })).json()).toEqual({ caller: 'installation' });
  });
});
