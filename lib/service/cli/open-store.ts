/*
 * Which database a command works on: PostgreSQL when DATABASE_URL names one (the database every
 * node of the install shares), else the data directory's service.db, as the service itself picks.
 */
import path from 'node:path';
import type { ServiceConfig } from '../context';
import { serviceConfig } from '../config';
import type { EmbeddedService } from '../service';
import { openDatabase, type Db } from '../store/database';
import { postgresDatabaseUrl } from '../store/database-url';
import { sqliteStore } from '../store/sqlite/sqlite-store';
import type { Store } from '../store/store';

/** An open store, where it is (for the operator: no password), and how to let it go. */
export type OpenedStore = { store: Store; config: ServiceConfig; where: string; close(): Promise<void> };

const cliConfig = (): ServiceConfig => ({ ...serviceConfig(), validateResponses: false });

/** Opens the service's store in the data directory (TIDINGS_DATA_DIR): the file createService opens by default. */
export function openDataDirectory(): { db: Db; config: ServiceConfig; databaseFile: string } {
  const config = cliConfig();
  const databaseFile = path.join(config.dataDir, 'service.db');
  return { db: openDatabase(databaseFile), config, databaseFile };
}

/** Names a PostgreSQL database for the operator, leaving out the user and password of its URL. */
export function describeDatabase(url: string): string {
  const { hostname, port, pathname } = new URL(url);
  return `PostgreSQL database ${decodeURIComponent(pathname.slice(1))} on ${hostname}${port ? `:${port}` : ''}`;
}

/** Where the install's database is, for the operator: DATABASE_URL's PostgreSQL (no password), else the data directory's file. */
export function databaseWhere(config: ServiceConfig): string {
  const url = postgresDatabaseUrl();
  return url ? describeDatabase(url) : path.join(config.dataDir, 'service.db');
}

/** Runs `open`, saying in one sentence which database of DATABASE_URL it could not open (the driver's message names no password). */
async function opening<T>(open: () => Promise<T>): Promise<T> {
  try {
    return await open();
  } catch (error) {
    const url = postgresDatabaseUrl();
    if (!url) throw error;
    throw new Error(`Cannot open the ${describeDatabase(url)} of DATABASE_URL: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Opens the install's store: PostgreSQL of DATABASE_URL (its schema made or brought up to date first), else the data directory's service.db. */
export async function openStore(): Promise<OpenedStore> {
  const url = postgresDatabaseUrl();
  if (!url) {
    const { db, config, databaseFile } = openDataDirectory();
    return { store: sqliteStore(db), config, where: databaseFile, close: async () => { db.close(); } };
  }
  // Loaded only here, so a command on SQLite never loads the PostgreSQL client.
  const { openServiceDatabase } = await import('../store/postgres/open-service-database');
  const database = await opening(() => openServiceDatabase(url));
  return { store: database.store, config: cliConfig(), where: describeDatabase(url), close: database.close };
}

/** Opens the whole service (its intelligence, the refresh) on the install's database, for `feeds refresh`, `opml import` and `seed:demo`. */
export async function openCliService(): Promise<EmbeddedService> {
  // Loaded only here: the service's routers are more than the store commands need to start.
  const { openService } = await import('../service');
  return opening(() => openService({ config: { validateResponses: false } }));
}
