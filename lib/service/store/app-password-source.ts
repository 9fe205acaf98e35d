/*
 * Where the app's password is kept, for the server (lib/server/app-password.ts) and for `npm start`
 * (lib/server/start.ts, a plain script that cannot import server-only modules): with DATABASE_URL in
 * the shared database (app_password), so every node signs in with the same one; else in the data
 * directory's app-password.json. TIDINGS_APP_PASSWORD takes precedence over both.
 */
import {
  passwordFile, passwordSource, readPasswordRecord, storedPasswordSource, type PasswordRecord, type PasswordSource,
} from '../domain/app-password';
import { postgresDatabaseUrl } from './database-url';
import { postgresPasswordRecord, storePostgresPassword } from './postgres/app-password';
import type { Queryable } from './postgres/unit-of-work';

/** The database holding the app's password (DATABASE_URL's), or null when the environment or the data directory holds it. */
export function passwordDatabaseUrl(env: NodeJS.ProcessEnv = process.env): string | null {
  return env.TIDINGS_APP_PASSWORD ? null : postgresDatabaseUrl(env);
}

/**
 * The password in force: on `shared` (the database of passwordDatabaseUrl) its record; without it,
 * TIDINGS_APP_PASSWORD or the data directory's file.
 */
export async function appPasswordSourceIn(dataDir: string, shared: Queryable | null, env: NodeJS.ProcessEnv = process.env): Promise<PasswordSource> {
  if (!shared) return passwordSource(dataDir, env.TIDINGS_APP_PASSWORD);
  return storedPasswordSource(await sharedPasswordRecord(shared, dataDir));
}

/**
 * The database's password; while it holds none, a node's own app-password.json (set before
 * DATABASE_URL was) is stored there first, so that every node ends up with one password: the
 * first stored wins, and the files of the others are ignored from then on.
 */
async function sharedPasswordRecord(pool: Queryable, dataDir: string): Promise<PasswordRecord | null> {
  const stored = await postgresPasswordRecord(pool);
  if (stored) return stored;
  const own = readPasswordRecord(dataDir);
  if (!own) return null;
  await storePostgresPassword(pool, own, { firstOnly: true });
  const shared = await postgresPasswordRecord(pool);
  console.warn(shared?.id === own.id
    ? `[tidings] This node's app password (${passwordFile(dataDir)}) is now stored in the database for every node; the file is ignored from now on.`
    : `[tidings] The database holds another node's app password; this node's ${passwordFile(dataDir)} is ignored.`);
  return shared;
}
