import Database from 'better-sqlite3';
import {
  closeSync, existsSync, fsyncSync, mkdirSync, mkdtempSync, openSync, readdirSync, readSync, renameSync, rmSync, statSync,
} from 'node:fs';
import path from 'node:path';
import { openArchive, writeArchive, type ArchivedFile } from './backup-archive';
import { privateDirectory } from './private-files';

/*
 * Backing up the whole data directory while Tidings runs, and bringing it back on a stopped
 * instance. Each SQLite database is copied with SQLite's online backup in a single step, that is
 * within one read transaction: a consistent snapshot even while the server writes (in WAL mode
 * writers do not wait for it, and the copy never restarts). Other files (the key, the password)
 * are replaced only by rename, so a plain read is consistent too.
 */

/** Why a backup or restore was not done, in one sentence for the operator; nothing was changed. */
export class DataDirectoryRefusal extends Error {}

const allPages = 0x7fffffff;
const asidePrefix = '.before-restore-';

/** Files SQLite keeps beside a database while it is open; the snapshot already holds their content. */
function isDatabaseCompanion(name: string): boolean {
  return /-(wal|shm|journal)$/.test(name) || name.endsWith('.tmp');
}

function isSqliteFile(file: string): boolean {
  const fd = openSync(file, 'r');
  try {
    const header = Buffer.alloc(16);
    return readSync(fd, header, 0, 16, 0) === 16 && header.toString('latin1') === 'SQLite format 3\0';
  } finally {
    closeSync(fd);
  }
}

/** The regular files directly in the data directory that a backup takes. */
function dataFiles(dataDir: string): string[] {
  return readdirSync(dataDir, { withFileTypes: true })
    .filter((entry) => entry.isFile() && !entry.name.startsWith('.') && !isDatabaseCompanion(entry.name))
    .map((entry) => entry.name).sort();
}

/** Copies the data directory, databases through SQLite's online backup, into one archive file at `target`. */
export async function backupDataDirectory(dataDir: string, target: string, options: { replace: boolean }): Promise<ArchivedFile[]> {
  const names = existsSync(dataDir) ? dataFiles(dataDir) : [];
  if (names.length === 0) throw new DataDirectoryRefusal(`There is nothing to back up: ${dataDir} holds no data.`);
  if (existsSync(target) && !options.replace) throw new DataDirectoryRefusal(`${target} already exists: choose another name, or add --force to replace it.`);
  const folder = path.dirname(target);
  if (!existsSync(folder)) throw new DataDirectoryRefusal(`The folder ${folder} does not exist.`);
  // Snapshots and the archive are made beside the target, then renamed: a backup cut short leaves no file that looks whole.
  const work = mkdtempSync(path.join(folder, '.tidings-backup-'));
  try {
    const sources = [];
    for (const name of names) {
      const file = path.join(dataDir, name);
      if (isSqliteFile(file)) {
        const snapshot = path.join(work, name);
        await snapshotDatabase(file, snapshot);
        sources.push({ name, path: snapshot });
      } else {
        sources.push({ name, path: file });
      }
    }
    const partial = path.join(work, 'archive');
    const archived = writeArchive(partial, sources);
    renameSync(partial, target);
    syncDirectory(folder);
    return archived;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

async function snapshotDatabase(file: string, snapshot: string): Promise<void> {
  const source = new Database(file, { readonly: true, fileMustExist: true });
  try {
    source.pragma('busy_timeout = 5000');
    // better-sqlite3 copies 100 pages a step by default, and restarts when a writer changed the file between steps.
    await source.backup(snapshot, { progress: () => allPages });
  } finally {
    source.close();
  }
}

/**
 * Refuses when another process has one of the data directory's databases open: an exclusive
 * lock is granted only when no connection holds the file (WAL connections keep a shared lock).
 */
function refuseWhenInUse(dataDir: string, names: string[]): void {
  for (const name of names) {
    const file = path.join(dataDir, name);
    if (isDatabaseCompanion(name) || !statSync(file).isFile() || !isSqliteFile(file)) continue;
    const db = new Database(file, { fileMustExist: true, timeout: 0 });
    try {
      db.pragma('locking_mode = EXCLUSIVE');
      db.exec('BEGIN EXCLUSIVE; COMMIT');
    } catch {
      throw new DataDirectoryRefusal(`${dataDir} is in use: ${name} is open in another process. Stop Tidings (npm start, tidings commands) and try again; nothing was changed.`);
    } finally {
      db.close();
    }
  }
}

/**
 * Restores an archive into a data directory that no process uses. A directory holding data is
 * refused unless `replace`; then its files are moved into a `.before-restore-<time>` folder
 * inside it rather than deleted. Files come back 0600 in a 0700 directory.
 */
export function restoreDataDirectory(archiveFile: string, dataDir: string, options: { replace: boolean }, now = new Date()):
  { files: ArchivedFile[]; createdAt: string; movedAside: string | null } {
  if (!existsSync(archiveFile)) throw new DataDirectoryRefusal(`${archiveFile} does not exist.`);
  const archive = openArchive(archiveFile);
  try {
    const present = existsSync(dataDir) ? readdirSync(dataDir).filter((name) => !name.startsWith(asidePrefix)) : [];
    refuseWhenInUse(dataDir, present);
    if (present.length > 0 && !options.replace) {
      throw new DataDirectoryRefusal(`${dataDir} already holds data (${present.length} ${present.length === 1 ? 'file' : 'files'}): restore into an empty or new directory, or add --force to replace its files (they are kept in ${asidePrefix}… inside it).`);
    }
    privateDirectory(dataDir);
    // Staged in the data directory itself, so every move below is a rename on one file system.
    const staging = mkdtempSync(path.join(dataDir, '.restoring-'));
    let movedAside: string | null = null;
    try {
      for (const { name } of archive.files) archive.extract(name, path.join(staging, name));
      if (present.length > 0) {
        movedAside = path.join(dataDir, `${asidePrefix}${now.toISOString().replace(/[:.]/g, '-')}`);
        mkdirSync(movedAside, { mode: 0o700 });
        // The old -wal and -shm go too: left beside a restored database, SQLite would replay them into it.
        for (const name of present) renameSync(path.join(dataDir, name), path.join(movedAside, name));
      }
      for (const { name } of archive.files) renameSync(path.join(staging, name), path.join(dataDir, name));
      syncDirectory(dataDir);
    } finally {
      rmSync(staging, { recursive: true, force: true });
    }
    privateDirectory(dataDir);
    return { files: archive.files, createdAt: archive.createdAt, movedAside };
  } finally {
    archive.close();
  }
}

function syncDirectory(dir: string): void {
  const fd = openSync(dir, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
