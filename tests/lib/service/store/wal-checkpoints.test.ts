/*
 * The service's database checkpoints its WAL every 10,000 pages (40 MB), not SQLite's 1,000:
 * indexing behind a refresh commits a few MB of the same pages again and again, and a checkpoint
 * after nearly every commit copied and synced them each time. The file is cut back after a checkpoint.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '@/lib/service/store/database';

let dir: string;
let db: Db;

afterEach(() => {
  db?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the service database', () => {
  it('keeps 8 MB of commits in its WAL instead of checkpointing them after every 4 MB, and cuts it back to 64 MB', () => {
    dir = mkdtempSync(path.join(tmpdir(), 'tidings-wal-'));
    const file = path.join(dir, 'service.db');
    db = openDatabase(file);
    expect(db.pragma('journal_size_limit', { simple: true })).toBe(64 * 1024 * 1024);
    db.exec('CREATE TABLE filler (n INTEGER PRIMARY KEY, text TEXT NOT NULL)');
    const insert = db.prepare('INSERT INTO filler (text) VALUES (?)');
    // Eight commits of about a megabyte each: under SQLite's default the second checkpoint would have emptied the WAL.
    for (let commit = 0; commit < 8; commit++) db.transaction(() => { for (let i = 0; i < 250; i++) insert.run('x'.repeat(4000)); })();
    expect(statSync(`${file}-wal`).size).toBeGreaterThan(8 * 1024 * 1024);
  });
});
