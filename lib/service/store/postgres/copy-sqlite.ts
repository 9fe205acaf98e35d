import type Database from 'better-sqlite3';
import type { PoolClient } from 'pg';

/*
 * Copies SQLite tables into PostgreSQL tables of the same names, column by column, knowing
 * nothing of what the tables mean: the service's tables (service.db) and the app's own
 * (app.db) alike. The caller holds the transaction; this only writes rows and counts them.
 */

/** One table's copy: rows in SQLite, rows then in PostgreSQL. */
export type CopiedTable = { source: string; table: string; rows: number; copied: number };

/** One SQLite table to copy: the columns to read (as PostgreSQL names them) and what it holds. */
type Plan = { table: string; columns: string[]; rows: number };

// PostgreSQL takes at most 65,535 parameters a statement; batches stay well below.
const parametersPerBatch = 30_000;
const rowsPerBatch = 1_000;

/** The tables of a SQLite file worth copying: not SQLite's own, not FTS5 tables and their shadow tables. */
export function sqliteTablesOf(db: Database.Database, skip: string[] = []): string[] {
  const rows = db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").all() as { name: string; sql: string }[];
  const virtual = rows.filter((row) => /^CREATE VIRTUAL TABLE/i.test(row.sql)).map((row) => row.name);
  return rows.map((row) => row.name)
    .filter((name) => !skip.includes(name) && !virtual.some((table) => name === table || name.startsWith(`${table}_`)));
}

/** Orders tables so that each comes after the tables its foreign keys point at. */
function parentsFirst(db: Database.Database, tables: string[]): string[] {
  const ordered: string[] = [];
  const visit = (table: string, path: string[]) => {
    if (ordered.includes(table) || path.includes(table)) return;
    const parents = db.prepare(`PRAGMA foreign_key_list("${table}")`).all() as { table: string }[];
    for (const parent of parents) if (tables.includes(parent.table) && parent.table !== table) visit(parent.table, [...path, table]);
    ordered.push(table);
  };
  for (const table of tables) visit(table, []);
  return ordered;
}

async function postgresColumns(client: PoolClient, table: string): Promise<{ name: string; generated: boolean }[]> {
  const { rows } = await client.query<{ column_name: string; is_generated: string }>(
    "SELECT column_name, is_generated FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1", [table]);
  return rows.map((row) => ({ name: row.column_name, generated: row.is_generated === 'ALWAYS' }));
}

/** What to copy of each table, or an error naming a table or column PostgreSQL lacks (so nothing is lost silently). */
async function planCopy(client: PoolClient, db: Database.Database, source: string, tables: string[]): Promise<Plan[]> {
  const plans: Plan[] = [];
  for (const table of parentsFirst(db, tables)) {
    const target = await postgresColumns(client, table);
    if (!target.length) throw new Error(`PostgreSQL has no table ${table} for ${source}'s.`);
    const columns = (db.prepare(`PRAGMA table_info("${table}")`).all() as { name: string }[]).map((column) => column.name);
    const missing = columns.filter((column) => !target.some((candidate) => candidate.name === column));
    if (missing.length) throw new Error(`PostgreSQL's ${table} lacks the column${missing.length > 1 ? 's' : ''} ${missing.join(', ')} of ${source}'s.`);
    // A `rowid` column stands for SQLite's implicit one (items.rowid, which entries point at): copied as it is.
    if (target.some((column) => column.name === 'rowid' && !column.generated) && !columns.includes('rowid')) columns.unshift('rowid');
    const rows = Number(db.prepare(`SELECT COUNT(*) FROM "${table}"`).pluck().get());
    plans.push({ table, columns, rows });
  }
  return plans;
}

// better-sqlite3 gives integers as BigInt here (safeIntegers), so none beyond 2^53 is rounded; pg sends strings.
const toParameter = (value: unknown) => (typeof value === 'bigint' ? value.toString() : value);

async function insertBatch(client: PoolClient, plan: Plan, batch: unknown[][]): Promise<void> {
  const width = plan.columns.length;
  const values = batch.map((_, row) => `(${plan.columns.map((__, column) => `$${row * width + column + 1}`).join(', ')})`);
  await client.query(`INSERT INTO "${plan.table}" (${plan.columns.map((column) => `"${column}"`).join(', ')}) VALUES ${values.join(', ')}`,
    batch.flat().map(toParameter));
}

/** Sets an identity column's next value past the copied rows, so rows made later do not take a copied number. */
async function advanceIdentities(client: PoolClient, table: string): Promise<void> {
  const { rows } = await client.query<{ column_name: string }>(
    "SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1 AND is_identity = 'YES'", [table]);
  for (const { column_name: column } of rows) {
    await client.query(`SELECT setval(pg_get_serial_sequence($1, $2), COALESCE(MAX("${column}"), 0) + 1, false) FROM "${table}"`, [table, column]);
  }
}

/** Copies one table in batches, its triggers off meanwhile; answers the counts on both sides. */
async function copyTable(client: PoolClient, db: Database.Database, source: string, plan: Plan): Promise<CopiedTable> {
  await client.query(`ALTER TABLE "${plan.table}" DISABLE TRIGGER USER`);
  const read = db.prepare(`SELECT ${plan.columns.map((column) => `"${column}"`).join(', ')} FROM "${plan.table}"`).raw(true).safeIntegers(true);
  const batchSize = Math.max(1, Math.min(rowsPerBatch, Math.floor(parametersPerBatch / plan.columns.length)));
  let batch: unknown[][] = [];
  for (const row of read.iterate() as Iterable<unknown[]>) {
    batch.push(row);
    if (batch.length === batchSize) {
      await insertBatch(client, plan, batch);
      batch = [];
    }
  }
  if (batch.length) await insertBatch(client, plan, batch);
  await client.query(`ALTER TABLE "${plan.table}" ENABLE TRIGGER USER`);
  await advanceIdentities(client, plan.table);
  const { rows } = await client.query<{ count: string }>(`SELECT COUNT(*) AS count FROM "${plan.table}"`);
  return { source, table: plan.table, rows: plan.rows, copied: Number(rows[0]!.count) };
}

/**
 * Copies `tables` of the SQLite database `db` (named `source` in messages) into the PostgreSQL
 * tables of the same names through `client`, in batches, parents before children; the tables'
 * own triggers are off meanwhile, since derived tables (entry_counts) are copied as they are.
 * Answers each table's count on both sides; the caller compares them and commits or rolls back.
 */
export async function copyTables(client: PoolClient, db: Database.Database, source: string, tables: string[]): Promise<CopiedTable[]> {
  const plans = await planCopy(client, db, source, tables);
  const copied: CopiedTable[] = [];
  for (const plan of plans) {
    try {
      copied.push(await copyTable(client, db, source, plan));
    } catch (error) {
      throw new Error(`Copying ${source}'s ${plan.table} failed (${error instanceof Error ? error.message : String(error)}); nothing was copied.`);
    }
  }
  return copied;
}
