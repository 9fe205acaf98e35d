/*
 * Which database a command works on: PostgreSQL when DATABASE_URL names one (the database every
 * node of the install shares), else the data directory's service.db, as the service itself picks.
 */
import path from 'node:path';
import pg from 'pg';
import type { ServiceConfig } from '../context';
import { serviceConfig } from '../config';
import { openDatabase, type Db } from '../store/database';
import { postgresDatabaseUrl } from '../store/database-url';
import { migratePostgres } from '../store/postgres/migrate';
import { postgresStoreAreas } from '../store/postgres/store-areas';
import { sqliteStore } from '../store/sqlite/sqlite-store';
import type { Store } from '../store/store';
import type { EmbeddedService } from '../service';
import { CommandFailure } from './command';

/** An open store, where it is (for the operator: no password), and how to let it go; the engine's handle for what needs more than the store. */
export type OpenedStore = { store: Store; config: ServiceConfig; where: string; close(): Promise<void> }
  & ({ engine: 'sqlite'; db: Db } | { engine: 'postgres'; pool: pg.Pool });

/** Opens the service's store in the data directory (TIDINGS_DATA_DIR): the file createService opens by default. */
export function openDataDirectory(): { db: Db; config: ServiceConfig; databaseFile: string } {
  const config: ServiceConfig = { ...serviceConfig(), validateResponses: false };
  const databaseFile = path.join(config.dataDir, 'service.db');
  return { db: openDatabase(databaseFile), config, databaseFile };
}

/** Names a PostgreSQL database for the operator, leaving out the user and password of its URL. */
export function describeDatabase(url: string): string {
  const { hostname, port, pathname } = new URL(url);
  return `PostgreSQL database ${decodeURIComponent(pathname.slice(1))} on ${hostname}${port ? `:${port}` : ''}`;
}

/** Opens the install's store: PostgreSQL of DATABASE_URL (its schema made or brought up to date first), else the data directory's service.db. */
export async function openStore(): Promise<OpenedStore> {
  const url = postgresDatabaseUrl();
  if (!url) {
    const { db, config, databaseFile } = openDataDirectory();
    return { engine: 'sqlite', db, store: sqliteStore(db), config, where: databaseFile, close: async () => { db.close(); } };
  }
  const config: ServiceConfig = { ...serviceConfig(), validateResponses: false };
  const pool = new pg.Pool({ connectionString: url, max: 2, connectionTimeoutMillis: 10_000 });
  // A connection the server drops while idle must not take the command down; the next query reconnects.
  pool.on('error', () => undefined);
  try {
    await migratePostgres(pool);
  } catch (error) {
    await pool.end();
    throw new Error(`Cannot open the ${describeDatabase(url)} of DATABASE_URL: ${error instanceof Error ? error.message : String(error)}`);
  }
  return { engine: 'postgres', pool, store: postgresStoreAreas(pool), config, where: describeDatabase(url), close: () => pool.end() };
}

/** Opens the whole service on the install's database, for the commands that need its intelligence or refresh (ServiceCommand). */
export async function openCliService(words: string): Promise<EmbeddedService> {
  if (postgresDatabaseUrl()) throw new CommandFailure(`\`${words}\` does not work on PostgreSQL yet (DATABASE_URL is set); nothing was changed.`);
  // Loaded only here: the service's routers are more than the store commands need to start.
  const { createService } = await import('../service');
  return createService({ config: { validateResponses: false } });
}
