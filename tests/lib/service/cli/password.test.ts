/*
 * `tidings password set|reset` on a temporary data directory; the stored file is checked with the
 * same functions sign-in uses. One case runs the real entry point as a child process, proving it
 * reads the new password from its stdin; the others run its entry function in-process with the
 * given text as input.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { passwordFile, readPasswordRecord, verifyPassword } from '@/lib/service/domain/app-password';
import { postgresPasswordRecord } from '@/lib/service/store/postgres/app-password';
import { freshDatabase, skipPostgres, withPostgres } from '../../../postgres';
import { cliEntry, runTidings, spawnTidings, type Settings } from './tidings-cli';

// The spawned test starts `tsx`: on a busy two-core machine it can take longer than the default 20 s.
vi.setConfig({ testTimeout: 60_000 });

withPostgres();

let dataDir: string;

/** The settings of a run: this file's data directory, no password from the environment, no DATABASE_URL unless given. */
const settingsOf = (settings: Settings = {}): Settings => ({ TIDINGS_DATA_DIR: dataDir, TIDINGS_APP_PASSWORD: undefined, DATABASE_URL: undefined, ...settings });
const tidings = (args: string[], input = '', settings: Settings = {}) => runTidings(settingsOf(settings), args, input);

beforeAll(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'tidings-password-cli-'));
});

afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

describe('tidings password', () => {
  it('sets the password read from stdin, stored as a salted scrypt hash readable by the owner only', async () => {
    const run = await spawnTidings(settingsOf(), ['password', 'set'], cliEntry, 'a long enough password\n');
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe('');
    const record = readPasswordRecord(dataDir)!;
    expect(record.algorithm).toBe('scrypt');
    expect(await verifyPassword('a long enough password', record)).toBe(true);
    expect(await verifyPassword('a long enough passwor', record)).toBe(false);
    expect(readFileSync(passwordFile(dataDir), 'utf8')).not.toContain('a long enough password');
    expect(statSync(passwordFile(dataDir)).mode & 0o777).toBe(0o600);
  });

  it('refuses a password shorter than 8 characters with exit code 2 and keeps the old one', async () => {
    const before = readPasswordRecord(dataDir)?.id;
    const run = await tidings(['password', 'set'], 'short\n');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('at least 8 characters');
    expect(readPasswordRecord(dataDir)?.id).toBe(before);
  });

  it('resets to a new random password printed once on stdout', async () => {
    const run = await tidings(['password', 'reset']);
    expect(run.code).toBe(0);
    const printed = run.stdout.trim();
    expect(printed).toMatch(/^[a-z2-9]{5}(-[a-z2-9]{5}){3}$/);
    expect(await verifyPassword(printed, readPasswordRecord(dataDir)!)).toBe(true);
  });
});

describe.skipIf(skipPostgres)('tidings password with DATABASE_URL', () => {
  it('stores the password in the shared database every node reads, not in the data directory, and reset replaces it', async () => {
    const url = await freshDatabase();
    const directory = mkdtempSync(path.join(tmpdir(), 'tidings-password-pg-'));
    const client = new pg.Client({ connectionString: url });
    try {
      const set = await tidings(['password', 'set'], 'a password for every node\n', { DATABASE_URL: url, TIDINGS_DATA_DIR: directory });
      expect(set.code, set.stderr).toBe(0);
      expect(set.stderr).toContain('(DATABASE_URL), which every node reads');
      expect(existsSync(passwordFile(directory))).toBe(false);
      await client.connect();
      const stored = (await postgresPasswordRecord(client))!;
      expect(await verifyPassword('a password for every node', stored)).toBe(true);

      const reset = await tidings(['password', 'reset'], '', { DATABASE_URL: url, TIDINGS_DATA_DIR: directory });
      expect(reset.code, reset.stderr).toBe(0);
      const replaced = (await postgresPasswordRecord(client))!;
      expect(replaced.id).not.toBe(stored.id);
      expect(await verifyPassword(reset.stdout.trim(), replaced)).toBe(true);
    } finally {
      await client.end();
      rmSync(directory, { recursive: true, force: true });
    }
  });
});
