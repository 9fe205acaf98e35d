/*
 * The embedded service as `npm start` starts it (embeddedService), with DATABASE_URL and
 * TIDINGS_SECRET: on PostgreSQL, and a second node's start keeps the first node's owner signed in.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { embeddedService } from '@/lib/service/embedded';
import type { EmbeddedService } from '@/lib/service/service';
import { freshDatabase, skipPostgres, withPostgres } from '../../postgres';

withPostgres();

const holder = globalThis as typeof globalThis & { __tidingsEmbedded?: unknown };
const saved = { DATABASE_URL: process.env.DATABASE_URL, TIDINGS_SECRET: process.env.TIDINGS_SECRET, TIDINGS_DATA_DIR: process.env.TIDINGS_DATA_DIR };

/** Asks a service for the account behind a token. */
async function account(service: EmbeddedService, token: string): Promise<Response> {
  return service.fetch(new Request('http://node.test/v1/account', { headers: { authorization: `Bearer ${token}` } }));
}

describe.skipIf(skipPostgres)('the embedded service with DATABASE_URL', () => {
  const started: EmbeddedService[] = [];
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tidings-embedded-pg-'));

  afterAll(async () => {
    for (const service of started) await service.close();
    holder.__tidingsEmbedded = undefined;
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps its data in that database, and a second node starting on it leaves the first one\'s owner signed in', async () => {
    const url = await freshDatabase();
    Object.assign(process.env, { DATABASE_URL: url, TIDINGS_SECRET: 'one secret for every node', TIDINGS_DATA_DIR: dataDir });
    holder.__tidingsEmbedded = undefined;
    const first = await embeddedService();
    started.push(first.service);
    // Another process: the same environment, a service of its own.
    holder.__tidingsEmbedded = undefined;
    const second = await embeddedService();
    started.push(second.service);

    expect(second.ownerId).toBe(first.ownerId);
    for (const service of [first.service, second.service]) {
      const answer = await account(service, first.ownerToken);
      expect(answer.status).toBe(200);
      expect((await answer.json()).id).toBe(first.ownerId);
    }
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ id: string }>('SELECT id FROM users WHERE is_owner = 1');
      expect(rows.map(({ id }) => id)).toEqual([first.ownerId]);
    } finally {
      await client.end();
    }
  });
});
