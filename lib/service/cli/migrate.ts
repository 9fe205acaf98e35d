import Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { passwordFile, readPasswordRecord } from '../domain/app-password';
import { resealUnderSecret } from '../secret-box';
import { openDatabase } from '../store/database';
import { storePostgresPassword } from '../store/postgres/app-password';
import { checkTargetUrl, describeTarget, MoveRefusal, moveToPostgres, type AfterCopy, type SqliteSource } from '../store/postgres/move-to-postgres';
import { resealValues, type ResealedColumn } from '../store/postgres/sealed-values';
import { CommandFailure, requireOption, table, UsageError, type DirectoryCommand } from './command';

/** What the move did besides copying tables, so that nodes on PostgreSQL sign in and open links as this install did. */
type AppStateMove = { password: 'moved' | 'none'; sealed: ResealedColumn[] };

/**
 * The app's password goes into the shared database (every node reads it there), kept as it is so
 * its sessions stay signed in; values sealed with the data directory's key file are sealed again
 * under TIDINGS_SECRET, which every node shares (the key file itself stays behind: a key kept
 * beside what it seals would protect nothing).
 */
function moveAppState(dataDir: string, secret: string | undefined): { afterCopy: AfterCopy; done: AppStateMove } {
  const done: AppStateMove = { password: 'none', sealed: [] };
  return {
    done,
    async afterCopy(client) {
      const record = readPasswordRecord(dataDir);
      if (record) {
        await storePostgresPassword(client, record, { firstOnly: false });
        done.password = 'moved';
      }
      // Without TIDINGS_SECRET the values stay as they are, only counted.
      done.sealed = await resealValues(client, (sealed, context) => (secret ? resealUnderSecret(dataDir, sealed, context, secret) : sealed));
    },
  };
}

/** The report's lines on the password and, with TIDINGS_SECRET, the sealed values. */
function appStateLines(dataDir: string, done: AppStateMove, resealed: boolean): string[] {
  const lines = [done.password === 'moved'
    ? `Moved the app's password (${passwordFile(dataDir)}) into PostgreSQL: every node with DATABASE_URL signs in with it, and its sessions stay signed in.`
    : 'No app password was stored in the data directory: the first visit from a node\'s own machine chooses one, or run `password set` with DATABASE_URL.'];
  if (!resealed) return lines;
  const again = done.sealed.filter((column) => column.resealed > 0);
  lines.push(again.length
    ? `Sealed again under TIDINGS_SECRET (they were sealed with the data directory's key file): ${again.map((column) => `${column.resealed} ${column.what}`).join(', ')}.`
    : 'Nothing needed sealing again: every sealed value already opens under TIDINGS_SECRET.');
  const unopened = done.sealed.filter((column) => column.unopened > 0);
  if (unopened.length) {
    lines.push(`Opened by neither TIDINGS_SECRET nor the key file, so copied as they were, of no use to the nodes: ${unopened.map((column) => `${column.unopened} ${column.what}`).join(', ')}.`);
  }
  return lines;
}

/** `migrate --to postgres://…`: copies the data directory's databases into an empty PostgreSQL database. */
export const migrateCommand: DirectoryCommand = {
  summary: 'Copy the data directory\'s databases (service.db, and app.db\'s sessions and share links) and the app\'s password into an empty PostgreSQL database, sealed values again under TIDINGS_SECRET, then compare the counts',
  usage: '--to <postgres://user:password@host:5432/database>',
  options: { to: { type: 'string' } },
  async run(context, values) {
    const url = requireOption(values, 'to');
    try {
      checkTargetUrl(url);
    } catch (error) {
      throw new UsageError((error as Error).message);
    }
    const { dataDir } = context.config;
    const serviceFile = path.join(dataDir, 'service.db');
    if (!existsSync(serviceFile)) throw new CommandFailure(`${dataDir} holds no service.db, so there is nothing to move (TIDINGS_DATA_DIR names the data directory); nothing was written.`);

    const sources: SqliteSource[] = [{ name: 'service.db', db: openDatabase(serviceFile) }];
    const appFile = path.join(dataDir, 'app.db');
    if (existsSync(appFile)) sources.push({ name: 'app.db', db: new Database(appFile, { readonly: true, fileMustExist: true }), skipUnknownTables: true });
    const secret = process.env.TIDINGS_SECRET || undefined;
    const appState = moveAppState(dataDir, secret);
    try {
      const report = await moveToPostgres(url, sources, appState.afterCopy);
      const rows = report.tables.map((copied) => [copied.table, copied.source, String(copied.rows), String(copied.copied)]);
      for (const line of table(['Table', 'From', 'SQLite', 'PostgreSQL'], rows)) context.out(line);
      for (const skipped of report.skipped) context.note(`Skipped ${skipped.source}'s table ${skipped.table}: PostgreSQL has no place for it.`);
      for (const line of appStateLines(dataDir, appState.done, Boolean(secret))) context.out(line);
      const total = report.tables.reduce((sum, copied) => sum + copied.copied, 0);
      context.out(`Copied ${total} rows of ${report.tables.length} tables from ${dataDir} into ${describeTarget(url)}; every table's count matches.`);
      if (!secret && appState.done.sealed.some((column) => column.unchanged > 0)) {
        context.note('TIDINGS_SECRET was not set, so the session keys, share links and read-later links copied stay sealed with the data directory\'s key file, which nodes on PostgreSQL (they need TIDINGS_SECRET) cannot open: sign in, share and link those again.');
      }
      if (process.env.TIDINGS_APP_PASSWORD) context.note('Note: TIDINGS_APP_PASSWORD is set here; each node where it is set signs in with it rather than the stored password.');
    } catch (error) {
      if (error instanceof MoveRefusal) throw new CommandFailure(error.message);
      throw error;
    } finally {
      for (const source of sources) source.db.close();
    }
  },
};
