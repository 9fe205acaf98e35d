/*
 * Where the app's password is read and the first one stored, with DATABASE_URL: the shared
 * database's app_password (a fresh database of a throwaway cluster, tests/postgres.ts), else the
 * node's own data directory, as the sign-in code asks for it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { appPasswordSource, storeFirstAppPassword } from '@/lib/server/app-password';
import { closeAppStatePools } from '@/lib/server/app-state/postgres';
import { checkPassword, passwordId, writePassword } from '@/lib/service/domain/app-password';
import { freshDatabase, skipPostgres, withPostgres } from '../../postgres';

vi.mock('server-only', () => ({}));

withPostgres();

const saved = { ...process.env };
const directories: string[] = [];
const nodeDirectory = () => {
  const directory = mkdtempSync(path.join(tmpdir(), 'tidings-app-password-'));
  directories.push(directory);
  return directory;
};

describe.skipIf(skipPostgres)('the app password with DATABASE_URL', () => {
  beforeAll(() => {
    process.env.TIDINGS_SECRET = 'one secret for every node';
    delete process.env.TIDINGS_APP_PASSWORD;
  });
  afterEach(async () => {
    await closeAppStatePools();
    delete process.env.DATABASE_URL;
  });
  afterAll(() => {
    for (const directory of directories) rmSync(directory, { recursive: true, force: true });
    for (const name of ['TIDINGS_SECRET', 'TIDINGS_APP_PASSWORD', 'DATABASE_URL']) {
      if (saved[name] === undefined) delete process.env[name];
      else process.env[name] = saved[name];
    }
  });

  it('is chosen once for every node: the first stored wins, and another node signs in with it', async () => {
    process.env.DATABASE_URL = await freshDatabase();
    const [first, second] = [nodeDirectory(), nodeDirectory()];
    expect((await appPasswordSource(second)).kind).toBe('none');
    expect(await storeFirstAppPassword(first, 'chosen on the first node')).toBe(true);
    expect(await storeFirstAppPassword(second, 'chosen on the second node')).toBe(false);
    const onSecond = await appPasswordSource(second);
    expect(await checkPassword(onSecond, 'chosen on the first node')).toBe(true);
    expect(await checkPassword(onSecond, 'chosen on the second node')).toBe(false);
    expect(passwordId(onSecond)).toBe(passwordId(await appPasswordSource(first)));
  });

  it('falls back to the node\'s own file while the database holds none, and the database\'s wins once stored', async () => {
    process.env.DATABASE_URL = await freshDatabase();
    const node = nodeDirectory();
    await writePassword(node, 'kept in this node only');
    expect(await checkPassword(await appPasswordSource(node), 'kept in this node only')).toBe(true);
    expect(await storeFirstAppPassword(nodeDirectory(), 'stored in the database')).toBe(true);
    const now = await appPasswordSource(node);
    expect(await checkPassword(now, 'stored in the database')).toBe(true);
    expect(await checkPassword(now, 'kept in this node only')).toBe(false);
  });
});
