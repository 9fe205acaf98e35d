import pg from 'pg';
import { createPostgresIntelligence } from './intelligence';
import { migratePostgres } from './migrate';
import { postgresStoreAreas } from './store-areas';

/**
 * Opens the service's PostgreSQL database at `url` for a service: a pool, the schema brought up
 * to date (advisory-locked, so nodes starting together take turns), the store and the intelligence on it.
 */
export async function openServiceDatabase(url: string) {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection the server dropped must not take the process down; the next query reconnects.
  pool.on('error', (error) => console.warn(`[tidings] The service's database dropped a connection (${error.message}).`));
  try {
    await migratePostgres(pool);
  } catch (error) {
    await pool.end();
    throw error;
  }
  return { store: postgresStoreAreas(pool), intelligence: createPostgresIntelligence(pool), close: () => pool.end() };
}
