import 'server-only';
import {
  hashPassword, passwordSource, readPasswordRecord, storedPasswordSource, writePassword, type PasswordSource,
} from '@/lib/service/domain/app-password';
import { postgresPasswordRecord, storePostgresPassword } from '@/lib/service/store/postgres/app-password';
import { appStateDatabaseUrl } from './app-state/config';
import { appStatePool } from './app-state/postgres';

/*
 * Where the app's password is kept: with DATABASE_URL in the shared database (app_password), so
 * every node signs in with the same one; else in the data directory's app-password.json (also a
 * node's fallback while the database holds none). TIDINGS_APP_PASSWORD takes precedence over both.
 */

/** The password in force for the app. */
export async function appPasswordSource(dataDir: string): Promise<PasswordSource> {
  const url = appStateDatabaseUrl();
  const envPassword = process.env.TIDINGS_APP_PASSWORD;
  if (!url || envPassword) return passwordSource(dataDir, envPassword);
  // A node whose password was set in its own data directory keeps it until one is stored in the database.
  return storedPasswordSource((await postgresPasswordRecord(await appStatePool(url))) ?? readPasswordRecord(dataDir));
}

/** Stores the app's first password unless one is stored already (false then). */
export async function storeFirstAppPassword(dataDir: string, password: string): Promise<boolean> {
  if ((await appPasswordSource(dataDir)).kind !== 'none') return false;
  const url = appStateDatabaseUrl();
  if (!url) {
    await writePassword(dataDir, password);
    return true;
  }
  // Two nodes offered the first password at once: the database keeps the one stored first.
  return storePostgresPassword(await appStatePool(url), await hashPassword(password), { firstOnly: true });
}
