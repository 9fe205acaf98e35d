import type { Pool, PoolClient } from 'pg';

/** What a store statement runs on: the pool (one statement) or the client of an open transaction. */
export type Queryable = Pick<PoolClient, 'query'>;

// serialization_failure, deadlock_detected: the transaction lost a race and may simply run again.
const retriable = new Set(['40001', '40P01']);
const attempts = 3;

/** Whether PostgreSQL refused a statement for a UNIQUE constraint (another writer took the value first). */
export function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === '23505';
}

/**
 * Runs `work` as one transaction on one client of the pool, and runs it again (up to three times
 * in all) when PostgreSQL reports a serialization failure or a deadlock: a store method is one
 * atomic unit of work, and its caller never sees a lost race as an error.
 */
export async function inTransaction<T>(pool: Pool, work: (client: PoolClient) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const result = await work(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      if (attempt >= attempts || !retriable.has((error as { code?: string }).code ?? '')) throw error;
    } finally {
      client.release();
    }
  }
}

/** Runs one statement, again (up to three times) when PostgreSQL reports a serialization failure or deadlock. */
export async function retried<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= attempts || !retriable.has((error as { code?: string }).code ?? '')) throw error;
    }
  }
}
