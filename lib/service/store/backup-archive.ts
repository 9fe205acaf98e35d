import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { closeSync, fsyncSync, openSync, readSync, writeSync } from 'node:fs';
import path from 'node:path';

/*
 * A backup is one SQLite file holding the data directory's files as blobs: a table of the
 * files (name, size, SHA-256) and their bytes in chunks of 4 MiB, so neither writing nor
 * restoring holds a whole database in memory. SQLite makes the archive itself atomic on
 * commit and readable with any sqlite3 shell; the checksums catch a copy damaged later.
 */

const format = 'tidings-backup';
const version = 1;
const chunkBytes = 4 * 1024 * 1024;

/** A file an archive holds. */
export type ArchivedFile = { name: string; size: number; sha256: string };

/** The file is not a Tidings backup, or it was damaged after it was made. */
export class DamagedArchive extends Error {}

/** Writes files into a new archive at `file` in one transaction; answers what it holds. */
export function writeArchive(file: string, sources: { name: string; path: string }[], createdAt = new Date()): ArchivedFile[] {
  // It holds the encryption key and the password hash: the owner's alone, like the data directory.
  closeSync(openSync(file, 'wx', 0o600));
  const db = new Database(file);
  try {
    db.exec(`
      CREATE TABLE archive (format TEXT NOT NULL, version INTEGER NOT NULL, created_at TEXT NOT NULL);
      CREATE TABLE files (name TEXT PRIMARY KEY, size INTEGER NOT NULL, sha256 TEXT NOT NULL);
      CREATE TABLE chunks (name TEXT NOT NULL, seq INTEGER NOT NULL, data BLOB NOT NULL, PRIMARY KEY (name, seq));
    `);
    const addChunk = db.prepare('INSERT INTO chunks (name, seq, data) VALUES (?, ?, ?)');
    const addFile = db.prepare('INSERT INTO files (name, size, sha256) VALUES (?, ?, ?)');
    return db.transaction(() => {
      db.prepare('INSERT INTO archive (format, version, created_at) VALUES (?, ?, ?)').run(format, version, createdAt.toISOString());
      return sources.map(({ name, path: source }) => {
        const hash = createHash('sha256');
        let size = 0;
        forEachChunk(source, (chunk, seq) => {
          hash.update(chunk);
          size += chunk.length;
          addChunk.run(name, seq, chunk);
        });
        const archived = { name, size, sha256: hash.digest('hex') };
        addFile.run(archived.name, archived.size, archived.sha256);
        return archived;
      });
    })();
  } finally {
    db.close();
  }
}

function forEachChunk(file: string, take: (chunk: Buffer, seq: number) => void): void {
  const fd = openSync(file, 'r');
  try {
    const buffer = Buffer.alloc(chunkBytes);
    for (let seq = 0; ; seq++) {
      const read = readSync(fd, buffer, 0, chunkBytes, null);
      if (read === 0) return;
      take(buffer.subarray(0, read), seq);
    }
  } finally {
    closeSync(fd);
  }
}

/** Opens an archive and checks every file against its size and checksum; throws DamagedArchive. */
export function openArchive(file: string): { files: ArchivedFile[]; createdAt: string; extract(name: string, to: string): void; close(): void } {
  const notBackup = () => new DamagedArchive(`${path.basename(file)} is not a Tidings backup (or it is damaged).`);
  let db: Database.Database;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
  } catch {
    throw notBackup();
  }
  try {
    const header = db.prepare('SELECT format, version, created_at FROM archive').get() as { format: string; version: number; created_at: string } | undefined;
    if (header?.format !== format || header.version !== version) throw new Error('no header');
    const files = db.prepare('SELECT name, size, sha256 FROM files ORDER BY name').all() as ArchivedFile[];
    const chunks = db.prepare('SELECT data FROM chunks WHERE name = ? ORDER BY seq').pluck();
    for (const archived of files) {
      if (!isPlainName(archived.name)) throw new DamagedArchive(`${path.basename(file)} names a file outside the data directory ("${archived.name}").`);
      const hash = createHash('sha256');
      let size = 0;
      for (const data of chunks.iterate(archived.name) as Iterable<Buffer>) {
        hash.update(data);
        size += data.length;
      }
      if (size !== archived.size || hash.digest('hex') !== archived.sha256) throw new DamagedArchive(`${path.basename(file)} is damaged: ${archived.name} does not match its checksum.`);
    }
    const extract = (name: string, to: string) => {
      const fd = openSync(to, 'wx', 0o600);
      try {
        for (const data of chunks.iterate(name) as Iterable<Buffer>) writeSync(fd, data);
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
    };
    return { files, createdAt: header.created_at, extract, close: () => db.close() };
  } catch (error) {
    db.close();
    throw error instanceof DamagedArchive ? error : notBackup();
  }
}

/** A name that stays in the data directory: no folders, no hidden files. */
function isPlainName(name: string): boolean {
  return name !== '' && !name.startsWith('.') && path.basename(name) === name && !name.includes('\\');
}
