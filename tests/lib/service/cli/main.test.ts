/*
 * The operator command line on a temporary data directory, checked against the real service
 * opened on the same SQLite file. `key create` and one bad usage run as a real child process
 * (the entry point's exit codes and output); the other cases run its entry function in-process.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { findUserByEmail, issueCredential } from '@/lib/service/domain/accounts';
import { createService, type SqliteService } from '@/lib/service/service';
import { runTidings, spawnTidings } from './tidings-cli';

// The spawned tests start `tsx`: on a busy two-core machine one can take longer than the default 20 s.
vi.setConfig({ testTimeout: 60_000 });

let dataDir: string;
let service: SqliteService;

const tidings = (...args: string[]) => runTidings({ TIDINGS_DATA_DIR: dataDir }, args);
const spawned = (...args: string[]) => spawnTidings({ TIDINGS_DATA_DIR: dataDir }, args);

async function statusOf(path: string, token: string): Promise<number> {
  const response = await service.fetch(new Request(`http://x${path}`, { headers: { authorization: `Bearer ${token}` } }));
  return response.status;
}

beforeAll(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'tidings-cli-'));
  service = createService({ databaseFile: path.join(dataDir, 'service.db') });
});

afterAll(() => {
  service.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('tidings key', () => {
  it('creates the user and prints only a key that authenticates against the service', async () => {
    const run = await spawned('key', 'create', '--email', 'reader@example.com', '--plan', 'pro', '--name', 'laptop');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^tid_live_[0-9A-Za-z]{20,}\n$/);
    const key = run.stdout.trim();
    expect(await statusOf('/v1/items', key)).toBe(200);
    expect(await findUserByEmail(service.store, 'reader@example.com')).toMatchObject({ plan: 'pro', status: 'active' });
  });

  it('lists keys and revokes one, after which it answers 401', async () => {
    const key = (await tidings('key', 'create', '--email', 'revoker@example.com')).stdout.trim();
    expect(await statusOf('/v1/items', key)).toBe(200);

    const listed = await tidings('key', 'list', '--email', 'revoker@example.com', '--json');
    expect(listed.code).toBe(0);
    const keys = JSON.parse(listed.stdout) as Array<{ id: string; name: string; prefix: string; last_used_at: string | null }>;
    expect(keys).toHaveLength(1);
    expect(key.startsWith(keys[0].prefix)).toBe(true);
    expect(keys[0].last_used_at).not.toBeNull();

    const table = await tidings('key', 'list', '--email', 'revoker@example.com');
    expect(table.stdout).toContain('LAST USED');
    expect(table.stdout).toContain(keys[0].id);

    const revoked = await tidings('key', 'revoke', '--email', 'revoker@example.com', '--id', keys[0].id);
    expect(revoked.code).toBe(0);
    expect(await statusOf('/v1/items', key)).toBe(401);

    const again = await tidings('key', 'revoke', '--email', 'revoker@example.com', '--id', keys[0].id);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(`no live API key with id ${keys[0].id}`);
  });
});

describe('tidings user', () => {
  it('changes the plan, which GET /v1/account shows to the app', async () => {
    await tidings('key', 'create', '--email', 'planner@example.com');
    const user = (await findUserByEmail(service.store, 'planner@example.com'))!;
    const { secret: appToken } = await issueCredential(service.store, user.id, 'app_token', 'test');
    const before = await service.fetch(new Request('http://x/v1/account', { headers: { authorization: `Bearer ${appToken}` } }));
    expect((await before.json()).plan).toBe('free');

    const run = await tidings('user', 'plan', '--email', 'planner@example.com', '--plan', 'plus');
    expect(run.code).toBe(0);
    const after = await service.fetch(new Request('http://x/v1/account', { headers: { authorization: `Bearer ${appToken}` } }));
    expect(await after.json()).toMatchObject({ plan: 'plus', features: { include_global: true } });
  });

  it('bans an account so its key answers 403, and reactivates it', async () => {
    const key = (await tidings('key', 'create', '--email', 'banned@example.com')).stdout.trim();
    expect((await tidings('user', 'status', '--email', 'banned@example.com', '--status', 'banned')).code).toBe(0);
    expect(await statusOf('/v1/items', key)).toBe(403);
    expect((await tidings('user', 'status', '--email', 'banned@example.com', '--status', 'active')).code).toBe(0);
    expect(await statusOf('/v1/items', key)).toBe(200);
  });

  it('lists users with their plan and status', async () => {
    const run = await tidings('user', 'list', '--json');
    expect(run.code).toBe(0);
    const users = JSON.parse(run.stdout) as Array<{ email: string; plan: string; status: string; api_keys: number }>;
    expect(users.find((user) => user.email === 'planner@example.com')).toMatchObject({ plan: 'plus', status: 'active', api_keys: 1 });
  });
});

describe('tidings usage and failures', () => {
  it('answers bad usage with exit code 2, a message on stderr and nothing on stdout', async () => {
    for (const args of [
      ['key', 'create'],
      ['key', 'create', '--email', 'x@example.com', '--plan', 'gold'],
      ['key', 'create', '--email', 'x@example.com', '--colour', 'red'],
      ['user', 'status', '--email', 'x@example.com', '--status', 'asleep'],
      ['key', 'frobnicate'],
      ['nothing'],
    ]) {
      const run = await tidings(...args);
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.stderr).toMatch(/^tidings: /m);
    }
    // The process itself exits with the code runCli answers.
    const viaProcess = await spawned('key', 'create', '--email', 'x@example.com', '--plan', 'gold');
    expect(viaProcess.code).toBe(2);
    expect(viaProcess.stdout).toBe('');
    expect(viaProcess.stderr).toMatch(/^tidings: /m);
    expect(await findUserByEmail(service.store, 'x@example.com')).toBeNull();
  });

  it('fails with exit code 1 for an unknown user', async () => {
    const run = await tidings('user', 'plan', '--email', 'nobody@example.com', '--plan', 'pro');
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('No user with email nobody@example.com exists.');
  });

  it('prints help for the whole command line and for one command', async () => {
    const all = await tidings('--help');
    expect(all.code).toBe(0);
    expect(all.stdout).toContain('key create --email <email>');
    expect(all.stdout).toContain('user status --email <email> --status active|banned|locked');
    const one = await tidings('key', 'revoke', '--help');
    expect(one.stdout).toContain('key revoke --email <email> --id <key id>');
  });
});
