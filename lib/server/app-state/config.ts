/*
 * Whether the environment can keep the app's own state on a shared database. No `server-only` and no
 * driver here: `npm start` (lib/server/start.ts), a plain Node script, checks it before serving.
 */
import { postgresDatabaseUrl } from '../../service/store/database-url';

/** Why this environment cannot run on a shared database (DATABASE_URL without TIDINGS_SECRET), or null when it can. */
export function sharedSecretProblem(env: NodeJS.ProcessEnv = process.env): string | null {
  if (!postgresDatabaseUrl(env) || env.TIDINGS_SECRET) return null;
  return 'DATABASE_URL is set but TIDINGS_SECRET is not: every node on a shared database needs the same TIDINGS_SECRET, so set it (to one long random value) on each node and start again.';
}
