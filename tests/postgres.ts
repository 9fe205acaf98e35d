/*
 * A throwaway PostgreSQL cluster for the tests of one file (started by tests/postgres-cluster.ts:
 * `initdb` into a temporary directory, a free port on 127.0.0.1); stopped and removed when the
 * file is done. Each call of freshDatabase() answers the URL of a new, empty database.
 * Without PostgreSQL's binaries the PostgreSQL tests are skipped locally, and fail under CI.
 */
import { afterAll, beforeAll } from 'vitest';
import { createDatabase, postgresMissing, startCluster, stopCluster, type Cluster } from './postgres-cluster';

/** Whether PostgreSQL tests are skipped: only when the binaries are missing and this is not CI, where they must run. */
export const skipPostgres = postgresMissing !== null && !process.env.CI;

if (skipPostgres) console.warn(`[tests] Skipping the PostgreSQL tests: ${postgresMissing}.`);

let cluster: Cluster | null = null;
let databases = 0;

/**
 * Starts this file's cluster before its tests and removes it after them. Call once at the top
 * level of a test file that uses freshDatabase(); does nothing when the tests are skipped.
 */
export function withPostgres(): void {
  if (skipPostgres) return;
  beforeAll(async () => {
    if (postgresMissing) throw new Error(`${postgresMissing}; CI must run the PostgreSQL tests.`);
    cluster = await startCluster();
  }, 120_000);
  afterAll(() => {
    if (cluster) stopCluster(cluster);
    cluster = null;
  });
}

/**
 * Creates a new database in this file's cluster and answers its postgres:// URL: empty, or a copy
 * of the database `template` (a database of this cluster with no connection open) when given.
 */
export async function freshDatabase(template?: string): Promise<string> {
  if (!cluster) throw new Error('withPostgres() starts the cluster: call it at the top of the test file.');
  databases += 1;
  return createDatabase(cluster, `tidings_test_${process.pid}_${databases}`, template);
}
