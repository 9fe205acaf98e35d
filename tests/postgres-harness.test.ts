import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { freshDatabase, skipPostgres, withPostgres } from './postgres';

withPostgres();

describe.skipIf(skipPostgres)('the PostgreSQL test harness', () => {
  it('gives each call a database of its own', async () => {
    const [first, second] = [await freshDatabase(), await freshDatabase()];
    expect(first).not.toBe(second);
    const client = new pg.Client({ connectionString: first });
    await client.connect();
    await client.query('CREATE TABLE probe (id int)');
    await client.end();
    const other = new pg.Client({ connectionString: second });
    await other.connect();
    const { rows } = await other.query("SELECT count(*)::int AS n FROM pg_tables WHERE tablename = 'probe'");
    await other.end();
    expect(rows[0].n).toBe(0);
  });
});
