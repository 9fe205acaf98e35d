import 'server-only';
import {
  hashPassword, passwordFile, passwordSource, readPasswordRecord, storedPasswordSource, writePassword,
  type PasswordRecord, type PasswordSource,
} from '@/lib/service/domain/app-password';
import type { Queryable } from '@/lib/service/store/postgres/unit-of-work';
import { postgresPasswordRecord, storePostgresPassword } from '@/lib/service/store/postgres/app-password';
import { postgresDatabaseUrl } from '@/lib/service/store/database-url';
import { appStatePool } from './app-state/postgres';

/*
 * Where the app's password is kept: with DATABASE_URL in the shared database (app_password), so
 * every node signs in with the same one; else in the data directory's app-password.json.
 * TIDINGS_APP_PASSWORD takes precedence over both.
 */

// Every request reads the password; a few seconds' copy spares the database those reads, at the
// cost of a password changed on another node taking that long to reach this one.
const sharedCacheMs = 5_000;
let sharedCache: { key: string; source: PasswordSource; until: number } | null = null;

/** The password in force for the app. */
export async function appPasswordSource(dataDir: string): Promise<PasswordSource> {
  const url = postgresDatabaseUrl();
  const envPassword = process.env.TIDINGS_APP_PASSWORD;
  if (!url || envPassword) return passwordSource(dataDir, envPassword);
  const key = `${url}\n${dataDir}`;
  const now = Date.now();
  if (sharedCache?.key === key && sharedCache.until > now) return sharedCache.source;
  const source = storedPasswordSource(await sharedPasswordRecord(await appStatePool(url), dataDir));
  sharedCache = { key, source, until: now + sharedCacheMs };
  return source;
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

/** Stores the app's first password unless one is stored already (false then). */
export async function storeFirstAppPassword(dataDir: string, password: string): Promise<boolean> {
  if ((await appPasswordSource(dataDir)).kind !== 'none') return false;
  const url = postgresDatabaseUrl();
  if (!url) {
    await writePassword(dataDir, password);
    return true;
  }
  // Two nodes offered the first password at once: the database keeps the one stored first.
  const stored = await storePostgresPassword(await appStatePool(url), await hashPassword(password), { firstOnly: true });
  sharedCache = null;
  return stored;
}
