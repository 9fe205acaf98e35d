import 'server-only';
import { hashPassword, writePassword, type PasswordSource } from '@/lib/service/domain/app-password';
import { appPasswordSourceIn, passwordDatabaseUrl } from '@/lib/service/store/app-password-source';
import { storePostgresPassword } from '@/lib/service/store/postgres/app-password';
import { appStatePool } from './app-state/postgres';

// Every request reads the password; a few seconds' copy of the shared database's spares it those
// reads, at the cost of a password changed on another node taking that long to reach this one.
const sharedCacheMs = 5_000;
let sharedCache: { key: string; source: PasswordSource; until: number } | null = null;

/** The password in force for the app (see lib/service/store/app-password-source.ts for where it is kept). */
export async function appPasswordSource(dataDir: string): Promise<PasswordSource> {
  const url = passwordDatabaseUrl();
  if (!url) return appPasswordSourceIn(dataDir, null);
  const key = `${url}\n${dataDir}`;
  const now = Date.now();
  if (sharedCache?.key === key && sharedCache.until > now) return sharedCache.source;
  const source = await appPasswordSourceIn(dataDir, await appStatePool(url));
  sharedCache = { key, source, until: now + sharedCacheMs };
  return source;
}

/** Stores the app's first password unless one is stored already (false then). */
export async function storeFirstAppPassword(dataDir: string, password: string): Promise<boolean> {
  if ((await appPasswordSource(dataDir)).kind !== 'none') return false;
  const url = passwordDatabaseUrl();
  if (!url) {
    await writePassword(dataDir, password);
    return true;
  }
  // Two nodes offered the first password at once: the database keeps the one stored first.
  const stored = await storePostgresPassword(await appStatePool(url), await hashPassword(password), { firstOnly: true });
  sharedCache = null;
  return stored;
}
