/*
 * A throwaway PostgreSQL cluster: `initdb` into a temporary directory (as the `postgres` user when
 * run as root, since PostgreSQL refuses root), trust authentication on 127.0.0.1, a free port, a
 * socket in the same directory, durability off. The tests (tests/postgres.ts) and the bench
 * (bench/engines.ts) start theirs here; it needs no test runner.
 */
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
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

/** Why no cluster can start here, or null when one can. */
export const postgresMissing: string | null = bin ? null : 'PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb; apt-get install postgresql)';

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

/** A running cluster: its directory (data, socket, log) and port. */
export type Cluster = { dir: string; port: number };

/** Starts a cluster in a new temporary directory; throws when PostgreSQL is missing or does not start. */
export async function startCluster(): Promise<Cluster> {
  if (postgresMissing) throw new Error(postgresMissing);
  const dir = mkdtempSync(path.join(tmpdir(), 'tidings-pg-'));
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  const data = path.join(dir, 'data');
  try {
    runPg('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
    const port = await freePort();
    const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
    runPg('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', '-t', '60', 'start']);
    return { dir, port };
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

/** Stops the cluster at once and removes its directory. */
export function stopCluster(cluster: Cluster): void {
  try {
    runPg('pg_ctl', ['-D', path.join(cluster.dir, 'data'), '-m', 'immediate', '-w', 'stop']);
  } finally {
    rmSync(cluster.dir, { recursive: true, force: true });
  }
}

/**
 * Creates the database `name` in the cluster and answers its postgres:// URL: empty, or a copy of
 * the database `template` (a database of this cluster with no connection open) when given.
 */
export async function createDatabase(cluster: Cluster, name: string, template?: string): Promise<string> {
  const admin = new pg.Client({ host: '127.0.0.1', port: cluster.port, user: 'postgres', database: 'postgres' });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  } finally {
    await admin.end();
  }
  return `postgres://postgres@127.0.0.1:${cluster.port}/${name}`;
}
