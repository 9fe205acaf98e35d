/*
 * Starting and stopping a throwaway PostgreSQL cluster: `initdb` into a directory (as the
 * `postgres` user when the tests run as root, since PostgreSQL refuses root), trust
 * authentication on 127.0.0.1, a free port, a socket in the same directory. Used by tests/postgres.ts
 * in the test files, by tests/postgres-global-setup.ts, which shares one cluster per test run, and
 * by the bench (bench/engines.ts); it needs no test runner.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

/** The directory of the newest installed PostgreSQL's binaries (Debian's layout), or null. */
function binaries(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root).filter((name) => existsSync(path.join(root, name, 'bin', 'initdb'))).sort((a, b) => Number(b) - Number(a));
  return versions.length ? path.join(root, versions[0]!, 'bin') : null;
}

const bin = binaries();

/** Why the PostgreSQL tests cannot run here, or null when they can. */
export const postgresMissing: string | null = bin ? null : 'PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb; apt-get install postgresql)';

/** Whether PostgreSQL tests are skipped: only when the binaries are missing and this is not CI, where they must run. */
export const skipPostgres = postgresMissing !== null && !process.env.CI;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

const asRoot = process.getuid?.() === 0;

/** Runs a PostgreSQL binary, as the postgres user when we are root. */
function runPg(command: string, args: string[]): void {
  const file = path.join(bin!, command);
  if (asRoot) execFileSync('runuser', ['-u', 'postgres', '--', file, ...args], { stdio: 'pipe' });
  else execFileSync(file, args, { stdio: 'pipe' });
}

/** A running cluster: its directory (data, socket and log) and its port on 127.0.0.1. */
export type Cluster = { dir: string; port: number };

/** Starts a cluster in `dir` (created; a new temporary directory when absent). */
export async function startCluster(dir?: string): Promise<Cluster> {
  if (postgresMissing) throw new Error(`${postgresMissing}; CI must run the PostgreSQL tests.`);
  if (dir) mkdirSync(dir, { mode: 0o700 });
  else dir = mkdtempSync(path.join(tmpdir(), 'tidings-pg-'));
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  const data = path.join(dir, 'data');
  runPg('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;
  runPg('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', '-t', '60', 'start']);
  return { dir, port };
}

/** Starts a throwaway cluster for a benchmark, or answers why there is none (the bench then reports SQLite alone). */
export async function startClusterOrReason(): Promise<Cluster | string> {
  if (postgresMissing) return postgresMissing;
  try {
    return await startCluster();
  } catch (error) {
    return `no PostgreSQL cluster could start (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`;
  }
}

/** Stops the cluster in `dir`, if one runs there, and removes the directory. */
export function stopCluster(dir: string): void {
  try {
    if (existsSync(path.join(dir, 'data', 'postmaster.pid'))) runPg('pg_ctl', ['-D', path.join(dir, 'data'), '-m', 'immediate', '-w', 'stop']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Makes a directory of ours passable for the postgres user, so a cluster can live inside it. */
export function openToPostgres(dir: string): void {
  if (asRoot) chmodSync(dir, 0o711);
}

/**
 * Creates the database `name` in the cluster and answers its postgres:// URL: empty, or a copy of
 * the database `template` (a database of this cluster with no connection open) when given.
 */
export async function createDatabase(cluster: Cluster, name: string, template?: string): Promise<string> {
  const admin = new pg.Client({ host: '127.0.0.1', port: cluster.port, user: 'postgres', database: 'postgres' });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''} STRATEGY = FILE_COPY`);
  } finally {
    await admin.end();
  }
  return `postgres://postgres@127.0.0.1:${cluster.port}/${name}`;
}
