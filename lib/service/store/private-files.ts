import { chmodSync, closeSync, mkdirSync, openSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/*
 * The data directory holds the databases, the encryption key and the password hash: readable
 * by the owner only. Files are created 0600 in a 0700 directory, and a directory or file left
 * looser (an older version, a copy, a umask of 022) is tightened when it is opened again.
 * SQLite gives a database's -wal and -shm files the mode of the database file itself. Only the
 * files Tidings keeps there are tightened: a data directory pointed at a folder holding other
 * things (a home directory) must not have those changed.
 */

const groupAndOthers = 0o077;
const ownFile = /^((service|app)\.db(-wal|-shm|-journal)?|app-password\.json|app-secret\.key)$/;
const ownFolder = /^\.(before-restore|restoring)-/;

/** Creates a directory owner-only (0700), tightening it and the files Tidings keeps in it when looser. */
export function privateDirectory(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  tighten(dir, 0o700);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isFile() && ownFile.test(entry.name)) tighten(path.join(dir, entry.name), 0o600);
    else if (entry.isDirectory() && ownFolder.test(entry.name)) tighten(path.join(dir, entry.name), 0o700);
  }
}

/** Creates a file owner-only (0600) in a private directory when missing, tightening it when looser. */
export function privateFile(file: string): void {
  privateDirectory(path.dirname(file));
  closeSync(openSync(file, 'a', 0o600));
  tighten(file, 0o600);
}

// Only what this user owns: a database file pointed into a shared directory leaves that directory alone.
function tighten(file: string, mode: number): void {
  const stats = statSync(file);
  if ((stats.mode & groupAndOthers) !== 0 && stats.uid === process.getuid?.()) chmodSync(file, mode);
}
