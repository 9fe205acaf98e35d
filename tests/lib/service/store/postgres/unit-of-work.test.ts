/*
 * The PostgreSQL stores' transactions: a transaction that loses a race (here a real deadlock
 * between two of them) runs again inside the store, so its caller sees no error.
 */
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { inTransaction } from '@/lib/service/store/postgres/unit-of-work';
import { freshDatabase, skipPostgres, withPostgres } from '../../../../postgres';

withPostgres();

let pool: pg.Pool | null = null;
afterEach(async () => {
  await pool?.end();
  pool = null;
});

describe.skipIf(skipPostgres)('a PostgreSQL store transaction', () => {
  it('runs again when PostgreSQL breaks a deadlock by aborting it, so both writers succeed', async () => {
    pool = new pg.Pool({ connectionString: await freshDatabase(), max: 4 });
    await pool.query("CREATE TABLE counters (id TEXT PRIMARY KEY, n INTEGER NOT NULL); INSERT INTO counters VALUES ('a', 0), ('b', 0)");

    // Each writer takes its first row, waits until the other holds its own, then asks for the other's: a deadlock.
    let holding = 0;
    let bothHold!: () => void;
    const barrier = new Promise<void>((resolve) => { bothHold = resolve; });
    let attempts = 0;
    const writer = (first: string, second: string) => inTransaction(pool!, async (db) => {
      attempts += 1;
      await db.query('UPDATE counters SET n = n + 1 WHERE id = $1', [first]);
      if (++holding === 2) bothHold();
      await barrier;
      await db.query('UPDATE counters SET n = n + 1 WHERE id = $1', [second]);
    });

    await Promise.all([writer('a', 'b'), writer('b', 'a')]);
    // At least one writer ran again (the retry may meet the other writer once more, rarely).
    expect(attempts).toBeGreaterThanOrEqual(3);
    expect((await pool.query('SELECT id, n FROM counters ORDER BY id')).rows).toEqual([{ id: 'a', n: 2 }, { id: 'b', n: 2 }]);
  });

  it('gives up after three attempts and rolls back what the last one wrote', async () => {
    pool = new pg.Pool({ connectionString: await freshDatabase(), max: 2 });
    await pool.query('CREATE TABLE marks (n INTEGER NOT NULL)');
    let attempts = 0;
    const lost = inTransaction(pool, async (db) => {
      attempts += 1;
      await db.query('INSERT INTO marks VALUES ($1)', [attempts]);
      // What PostgreSQL raises for a serialization failure.
      await db.query("DO $$ BEGIN RAISE EXCEPTION 'lost' USING ERRCODE = 'serialization_failure'; END $$");
    });
    await expect(lost).rejects.toMatchObject({ code: '40001' });
    expect(attempts).toBe(3);
    expect((await pool.query('SELECT n FROM marks')).rows).toEqual([]);
  });
});
