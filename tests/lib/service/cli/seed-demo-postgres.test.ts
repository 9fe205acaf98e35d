/*
 * `seed:demo` with DATABASE_URL: the demo goes into a fresh database of a throwaway PostgreSQL
 * cluster (tests/postgres.ts), none into the data directory, and is read back with plain SQL.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { demoSources } from '@/lib/service/cli/demo-content';
import { freshDatabase, skipPostgres, withPostgres } from '../../../postgres';
import { runSeedDemo } from './tidings-cli';

vi.setConfig({ testTimeout: 90_000, hookTimeout: 120_000 });

withPostgres();

let dataDir: string;
let url: string;
let pool: pg.Pool;

const seed = (...args: string[]) => runSeedDemo({ TIDINGS_DATA_DIR: dataDir, DATABASE_URL: url }, args);
const count = async (sql: string) => Number((await pool.query(sql)).rows[0].n);

describe.skipIf(skipPostgres)('seed:demo on DATABASE_URL', () => {
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'tidings-seed-pg-'));
    const plain = await freshDatabase();
    pool = new pg.Pool({ connectionString: plain });
    // The cluster trusts local connections: the password is ignored there, but must not be printed.
    const withPassword = new URL(plain);
    withPassword.password = 'not-printed';
    url = withPassword.href;
  });

  afterAll(async () => {
    await pool?.end();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('makes the schema and seeds the owner there, none of it in the data directory, and says where without the password', async () => {
    const run = await seed();
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^Seeded 8 demo sources for owner@tidings\.local in PostgreSQL database tidings_test_\w+ on /);
    expect(run.stdout).not.toContain('not-printed');
    expect(existsSync(path.join(dataDir, 'service.db'))).toBe(false);

    expect(await count('SELECT COUNT(*) AS n FROM feeds WHERE is_demo = 1')).toBe(demoSources.length);
    expect(await count('SELECT COUNT(*) AS n FROM feeds WHERE is_demo = 0')).toBe(0);
    expect(await count('SELECT COUNT(*) AS n FROM entries')).toBeGreaterThanOrEqual(200);
    expect(await count('SELECT COUNT(*) AS n FROM feed_icons WHERE data IS NOT NULL')).toBe(demoSources.length);
    // Indexed by PostgreSQL's intelligence: two local outlets report the same events.
    expect(await count('SELECT COUNT(*) AS n FROM stories WHERE source_count = 2')).toBeGreaterThanOrEqual(2);
  });

  it('adds nothing when run again', async () => {
    const entries = await count('SELECT COUNT(*) AS n FROM entries');
    const run = await seed();
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/already present/);
    expect(await count('SELECT COUNT(*) AS n FROM entries')).toBe(entries);
  });
});

