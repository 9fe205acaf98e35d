import Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../store/database';
import { checkTargetUrl, describeTarget, MoveRefusal, moveToPostgres, type SqliteSource } from '../store/postgres/move-to-postgres';
import { CommandFailure, requireOption, table, UsageError, type DirectoryCommand } from './command';

// Values sealed without TIDINGS_SECRET use the data directory's key file, which nodes on PostgreSQL do not read.
const sealedTables = ['read_later_links', 'share_links'];

/** `migrate --to postgres://…`: copies the data directory's databases into an empty PostgreSQL database. */
export const migrateCommand: DirectoryCommand = {
  summary: 'Copy the data directory\'s databases (service.db, and app.db\'s sessions and share links) into an empty PostgreSQL database, then compare the counts',
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
    try {
      const report = await moveToPostgres(url, sources);
      const rows = report.tables.map((copied) => [copied.table, copied.source, String(copied.rows), String(copied.copied)]);
      for (const line of table(['Table', 'From', 'SQLite', 'PostgreSQL'], rows)) context.out(line);
      for (const skipped of report.skipped) context.note(`Skipped ${skipped.source}'s table ${skipped.table}: PostgreSQL has no place for it.`);
      const total = report.tables.reduce((sum, copied) => sum + copied.copied, 0);
      context.out(`Copied ${total} rows of ${report.tables.length} tables from ${dataDir} into ${describeTarget(url)}; every table's count matches.`);
      const sealed = report.tables.filter((copied) => sealedTables.includes(copied.table) && copied.copied > 0);
      if (!process.env.TIDINGS_SECRET && sealed.length) {
        context.note('TIDINGS_SECRET was not set, so the read-later links and share links copied were sealed with the data directory\'s key file: nodes on PostgreSQL (which need TIDINGS_SECRET) cannot open them; link those services and share those items again.');
      }
    } catch (error) {
      if (error instanceof MoveRefusal) throw new CommandFailure(error.message);
      throw error;
    } finally {
      for (const source of sources) source.db.close();
    }
  },
};
