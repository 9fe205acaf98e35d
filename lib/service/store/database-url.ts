/*
 * Which database an install keeps its state in, read from the environment: no driver here, so
 * plain scripts (`npm start`, the CLI) can check it before loading one.
 */

/** The PostgreSQL URL set in DATABASE_URL, or null when the install stays on SQLite files in its data directory. */
export function postgresDatabaseUrl(env: NodeJS.ProcessEnv = process.env): string | null {
  const url = env.DATABASE_URL?.trim();
  return url && /^postgres(ql)?:\/\//.test(url) ? url : null;
}
