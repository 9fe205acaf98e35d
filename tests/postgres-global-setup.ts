/*
 * vitest's global setup for the unit suite: a directory for the run's one PostgreSQL cluster,
 * which the first test file needing it starts (tests/postgres.ts); at the end of the run the
 * cluster, if one was started, is stopped and the directory removed. Starting a cluster costs
 * seconds (initdb), once per run rather than once per file.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openToPostgres, stopCluster } from './postgres-cluster';

export default function setup(project: TestProject): () => void {
  const shared = mkdtempSync(path.join(tmpdir(), 'tidings-pg-run-'));
  openToPostgres(shared);
  project.provide('postgresShared', shared);
  return () => {
    try {
      stopCluster(path.join(shared, 'cluster'));
    } finally {
      rmSync(shared, { recursive: true, force: true });
    }
  };
}
