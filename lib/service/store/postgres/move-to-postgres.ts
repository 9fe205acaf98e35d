import type Database from 'better-sqlite3';
import pg from 'pg';
import { migrateAppState } from './app-state-schema';
import { copyTables, sqliteTablesOf, type CopiedTable } from './copy-sqlite';
import { migratePostgres } from './migrate';

/** The move cannot be done as asked (a bad URL, an unreachable server, a database holding data); nothing was written. */
export class MoveRefusal extends Error {}

/**
 * A SQLite database to move and the name it goes by in messages (service.db, app.db). Each of its
 * tables must find its PostgreSQL twin, unless `skipUnknownTables` (then such tables are reported).
 */
export type SqliteSource = { name: string; db: Database.Database; skipUnknownTables?: boolean };

/** Work done inside the move's transaction once the tables are copied, before the counts are compared and the copy committed. */
export type AfterCopy = (client: pg.PoolClient) => Promise<void>;

/** What one move did: every table's counts, and the tables of a source that PostgreSQL has no place for. */
export type MoveReport = { tables: CopiedTable[]; skipped: { source: string; table: string }[] };

/** Where a postgres:// URL points, without its password, for messages. */
export function describeTarget(url: string): string {
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port || 5432}${parsed.pathname}`;
}

/** The URL given, checked for its shape, or a refusal saying what one looks like. */
export function checkTargetUrl(url: string): string {
  let parsed: URL | null = null;
  try {
    parsed = new URL(url);
  } catch { /* answered below */ }
  if (!parsed || !/^postgres(ql)?:$/.test(parsed.protocol) || !parsed.hostname || parsed.pathname.length < 2) {
    throw new MoveRefusal('--to must be a PostgreSQL URL naming a database, such as postgres://user:password@host:5432/tidings; nothing was written.');
  }
  return url;
}

/** Tables (besides the migrations' bookkeeping) that hold at least one row: then the database is not empty. */
async function tablesHoldingData(client: Pick<pg.Pool, 'query'> | pg.ClientBase): Promise<string[]> {
  const { rows } = await client.query<{ schemaname: string; tablename: string }>(`SELECT schemaname, tablename FROM pg_tables
    WHERE schemaname NOT IN ('pg_catalog', 'information_schema') AND tablename NOT IN ('schema_migrations', 'app_state_migrations')`);
  const holding: string[] = [];
  for (const { schemaname, tablename } of rows) {
    const { rows: found } = await client.query(`SELECT 1 FROM "${schemaname}"."${tablename}" LIMIT 1`);
    if (found.length) holding.push(tablename);
  }
  return holding;
}

async function connect(url: string): Promise<pg.Pool> {
  const pool = new pg.Pool({ connectionString: url, max: 1, connectionTimeoutMillis: 10_000 });
  pool.on('error', () => undefined);
  try {
    await pool.query('SELECT 1');
    return pool;
  } catch (error) {
    await pool.end().catch(() => undefined);
    const reason = error instanceof Error && error.message ? error.message : String((error as { code?: string }).code ?? error);
    throw new MoveRefusal(`Cannot reach PostgreSQL at ${describeTarget(url)} (${reason}); nothing was written.`);
  }
}

/**
 * Moves SQLite databases into the empty PostgreSQL database at `url`: creates the service's and
 * the app state's schema, copies every table both sides know in one transaction, and commits
 * only when each table's count in PostgreSQL matches SQLite's (`afterCopy` runs just before that
 * check). Refuses a database that already holds rows. Once the schema exists a failed copy leaves
 * it empty, so the move can simply run again.
 */
export async function moveToPostgres(url: string, sources: SqliteSource[], afterCopy?: AfterCopy): Promise<MoveReport> {
  const pool = await connect(checkTargetUrl(url));
  try {
    const holding = await tablesHoldingData(pool);
    if (holding.length) {
      throw new MoveRefusal(`PostgreSQL database ${describeTarget(url)} already holds data (in ${holding.slice(0, 5).join(', ')}${holding.length > 5 ? ', …' : ''}): migrate copies into an empty database only; nothing was written.`);
    }
    await migratePostgres(pool);
    await migrateAppState(pool);
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      // Checked again inside the transaction, with the tables locked: a node that started meanwhile may have written.
      const { rows } = await client.query<{ tablename: string }>("SELECT tablename FROM pg_tables WHERE schemaname = current_schema()");
      const known = new Set(rows.map((row) => row.tablename));
      for (const table of known) await client.query(`LOCK TABLE "${table}" IN EXCLUSIVE MODE`);
      const written = await tablesHoldingData(client);
      if (written.length) throw new MoveRefusal(`PostgreSQL database ${describeTarget(url)} received data while the move began (in ${written.join(', ')}); nothing was written.`);
      const report: MoveReport = { tables: [], skipped: [] };
      for (const source of sources) {
        const tables = sqliteTablesOf(source.db, ['schema_migrations']);
        const unknown = source.skipUnknownTables ? tables.filter((name) => !known.has(name)) : [];
        for (const table of unknown) report.skipped.push({ source: source.name, table });
        report.tables.push(...await copyTables(client, source.db, source.name, tables.filter((name) => !unknown.includes(name))));
      }
      await afterCopy?.(client);
      const wrong = report.tables.filter((table) => table.rows !== table.copied);
      if (wrong.length) {
        throw new Error(`The counts differ after copying (${wrong.map((table) => `${table.table}: ${table.rows} in ${table.source}, ${table.copied} in PostgreSQL`).join('; ')}); nothing was copied.`);
      }
      await client.query('COMMIT');
      return report;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  } finally {
    await pool.end();
  }
}
