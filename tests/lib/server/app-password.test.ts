/*
 * Where the app's password is read and the first one stored, with DATABASE_URL: the shared
 * database's app_password (a fresh database of a throwaway cluster, tests/postgres.ts), else the
 * node's own data directory's file adopted into it, as the sign-in code asks for it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { appPasswordSource, storeFirstAppPassword } from '@/lib/server/app-password';
import { closeAppStatePools } from '@/lib/server/app-state/postgres';
import { findSession, startSession } from '@/lib/server/session';
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
    // Local mode: the installation's own credential, so password sessions are in force.
    delete process.env.FEED_API_BASE_URL;
  });
  afterEach(async () => {
    await closeAppStatePools();
    delete process.env.DATABASE_URL;
  });
  afterAll(() => {
    for (const directory of directories) rmSync(directory, { recursive: true, force: true });
    for (const name of ['TIDINGS_SECRET', 'TIDINGS_APP_PASSWORD', 'DATABASE_URL', 'TIDINGS_DATA_DIR', 'FEED_API_BASE_URL']) {
      if (saved[name] === undefined) delete process.env[name];
      else process.env[name] = saved[name];
    }
  });

  it('is chosen once for every node: the first stored wins, at once on its node, and another node signs in with it', async () => {
    process.env.DATABASE_URL = await freshDatabase();
    const [first, second] = [nodeDirectory(), nodeDirectory()];
    expect((await appPasswordSource(second)).kind).toBe('none');
    expect((await appPasswordSource(first)).kind).toBe('none');
    expect(await storeFirstAppPassword(first, 'chosen on the first node')).toBe(true);
    expect(await checkPassword(await appPasswordSource(first), 'chosen on the first node')).toBe(true);
    expect(await storeFirstAppPassword(second, 'chosen on the second node')).toBe(false);
    const onSecond = await appPasswordSource(second);
    expect(await checkPassword(onSecond, 'chosen on the first node')).toBe(true);
    expect(await checkPassword(onSecond, 'chosen on the second node')).toBe(false);
    expect(passwordId(onSecond)).toBe(passwordId(await appPasswordSource(first)));
  });

  it('adopts the first node\'s own file as the one password: two nodes with different files end up with one', async () => {
    process.env.DATABASE_URL = await freshDatabase();
    const [first, second] = [nodeDirectory(), nodeDirectory()];
    await writePassword(first, 'kept in the first node');
    await writePassword(second, 'kept in the second node');
    const onFirst = await appPasswordSource(first);
    const onSecond = await appPasswordSource(second);
    expect(passwordId(onSecond)).toBe(passwordId(onFirst));
    expect(await checkPassword(onSecond, 'kept in the first node')).toBe(true);
    expect(await checkPassword(onSecond, 'kept in the second node')).toBe(false);
    expect(await storeFirstAppPassword(nodeDirectory(), 'offered later')).toBe(false);
  });

  it('keeps a session made on one node when it is used on another whose file held another password', async () => {
    process.env.DATABASE_URL = await freshDatabase();
    process.env.TIDINGS_APP_PASSWORD = '';
    const [first, second] = [nodeDirectory(), nodeDirectory()];
    await writePassword(first, 'kept in the first node');
    await writePassword(second, 'kept in the second node');
    process.env.TIDINGS_DATA_DIR = first;
    const cookie = (await startSession(new Request('http://localhost/api/session', { method: 'POST' }), { kind: 'installation' })).split(';')[0];
    process.env.TIDINGS_DATA_DIR = second;
    expect((await findSession(cookie, false))?.session.caller).toEqual({ kind: 'installation' });
    process.env.TIDINGS_DATA_DIR = first;
    expect((await findSession(cookie, false))?.session.caller).toEqual({ kind: 'installation' });
  });
});
