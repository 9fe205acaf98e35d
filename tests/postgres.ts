/*
 * A PostgreSQL cluster for the tests: under vitest.config.mts one cluster is shared by each project's
 * whole run (tests/postgres-global-setup.ts gives a directory; the first file that needs it starts the
 * cluster there, the others wait for it, and the run's end stops it). Without that directory (the
 * e2e config) each file starts and removes a throwaway cluster of its own. Each call of
 * freshDatabase() answers the URL of a new, empty database. Without PostgreSQL's binaries the
 * PostgreSQL tests are skipped locally, and fail under CI.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { createDatabase, postgresMissing, skipPostgres, startCluster, stopCluster, type Cluster } from './postgres-cluster';

export { postgresMissing, skipPostgres } from './postgres-cluster';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The directory where this run's shared PostgreSQL cluster lives, once a file has started it. */
    postgresShared?: string;
  }
}

if (skipPostgres) console.warn(`[tests] Skipping the PostgreSQL tests: ${postgresMissing}.`);

/** The run's shared cluster: started here by the first file to ask, else waited for (another worker starts it). */
async function sharedCluster(shared: string): Promise<Cluster> {
  const ready = path.join(shared, 'cluster.json');
  const failed = path.join(shared, 'failed');
  try {
    mkdirSync(path.join(shared, 'starting'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    for (;;) {
      if (existsSync(ready)) return JSON.parse(readFileSync(ready, 'utf8')) as Cluster;
      if (existsSync(failed)) throw new Error(`The shared PostgreSQL cluster did not start: ${readFileSync(failed, 'utf8')}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  try {
    const cluster = await startCluster(path.join(shared, 'cluster'));
    writeFileSync(`${ready}.tmp`, JSON.stringify(cluster));
    renameSync(`${ready}.tmp`, ready);
    return cluster;
  } catch (error) {
    writeFileSync(failed, error instanceof Error ? error.message : String(error));
    throw error;
  }
}

let cluster: Cluster | null = null;
/** The databases this file made, dropped after it so the shared cluster does not grow all run long. */
const made: string[] = [];

/** Drops this file's databases; one still in use (a pool left open) stays until the cluster goes. */
async function dropDatabases(port: number): Promise<void> {
  const admin = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', database: 'postgres' });
  await admin.connect();
  try {
    for (const name of made.splice(0)) await admin.query(`DROP DATABASE IF EXISTS ${name}`).catch(() => undefined);
  } finally {
    await admin.end();
  }
}

/**
 * Gives this file a cluster before its tests: the run's shared one, or (without it) its own,
 * removed after them. Call once at the top level of a test file that uses freshDatabase();
 * does nothing when the tests are skipped.
 */
export function withPostgres(): void {
  if (skipPostgres) return;
  const shared = inject('postgresShared');
  beforeAll(async () => {
    cluster = shared ? await sharedCluster(shared) : await startCluster();
  }, 120_000);
  afterAll(async () => {
    if (cluster && shared) await dropDatabases(cluster.port);
    if (cluster && !shared) stopCluster(cluster.dir);
    cluster = null;
  });
}

/**
 * Creates a new database in the cluster and answers its postgres:// URL: empty, or a copy of the
 * database `template` (a database of this cluster with no connection open) when given.
 */
export async function freshDatabase(template?: string): Promise<string> {
  if (!cluster) throw new Error('withPostgres() starts the cluster: call it at the top of the test file.');
  // Unique across the files sharing the cluster, whichever process they run in.
  const name = `tidings_test_${randomUUID().replaceAll('-', '')}`;
  made.push(name);
  return createDatabase(cluster, name, template);
}

/**
 * The name of a database of the cluster made once for the whole run (every file and worker) by
 * `fill` (given its URL), to copy with freshDatabase(name): the first caller makes it, under an
 * advisory lock the others wait on. It stays until the cluster goes.
 */
export async function sharedTemplate(name: string, fill: (url: string) => Promise<void>): Promise<string> {
  if (!cluster) throw new Error('withPostgres() starts the cluster: call it at the top of the test file.');
  const admin = new pg.Client({ host: '127.0.0.1', port: cluster.port, user: 'postgres', database: 'postgres' });
  await admin.connect();
  try {
    await admin.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) {
      // Filled under another name and renamed when done, so a half-made template is never copied.
      const building = `${name}_building`;
      await admin.query(`DROP DATABASE IF EXISTS ${building}`);
      await fill(await createDatabase(cluster, building));
      // The filler's last connection may still be closing on the server (55006, object in use).
      for (let attempt = 1; ; attempt++) {
        try {
          await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
          break;
        } catch (error) {
          if ((error as { code?: string }).code !== '55006' || attempt === 50) throw error;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
    }
    return name;
  } finally {
    await admin.end();
  }
}
