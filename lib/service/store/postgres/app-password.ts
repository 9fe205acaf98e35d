import type { PasswordRecord } from '../../domain/app-password';
import type { Queryable } from './unit-of-work';

/*
 * The app's password in PostgreSQL (app_password, one row, created by app-state-schema.ts): with
 * DATABASE_URL every node reads it there instead of its own data directory's app-password.json.
 * The record is kept as that file holds it, so its id (which sessions name) survives a move.
 */

/** The stored password record, or null when none was set. */
export async function postgresPasswordRecord(db: Queryable): Promise<PasswordRecord | null> {
  const { rows } = await db.query<{ record: string }>('SELECT record FROM app_password WHERE id = 1');
  return rows[0] ? JSON.parse(rows[0].record) as PasswordRecord : null;
}

/** Stores the password record; with `firstOnly`, only when none is stored yet (false then if one was). */
export async function storePostgresPassword(db: Queryable, record: PasswordRecord, options: { firstOnly: boolean }): Promise<boolean> {
  const { rowCount } = await db.query(`INSERT INTO app_password (id, record) VALUES (1, $1)
    ON CONFLICT (id) DO ${options.firstOnly ? 'NOTHING' : 'UPDATE SET record = excluded.record'}`, [JSON.stringify(record)]);
  return rowCount === 1;
}
