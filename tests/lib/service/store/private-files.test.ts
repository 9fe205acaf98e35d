/*
 * The data directory is private: what the embedded service and the app server create in it
 * (databases with their -wal and -shm files, the encryption key, the password file) is the
 * owner's alone, whatever the umask, and a directory left looser is tightened when opened again.
 */
import { randomUUID } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { closeAppDatabases } from '@/lib/server/app-database';
import { sessionStore } from '@/lib/server/session-store';
import { writePassword } from '@/lib/service/domain/app-password';
import { sealSecret } from '@/lib/service/secret-box';
import { createService } from '@/lib/service/service';

vi.mock('server-only', () => ({}));

let root: string;
let umask: number;

beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), 'tidings-private-'));
  // The usual umask, which by itself would leave every file readable by anyone.
  umask = process.umask(0o022);
});

afterEach(() => closeAll());

afterAll(() => {
  process.umask(umask);
  rmSync(root, { recursive: true, force: true });
});

const services: Array<{ close(): void }> = [];

/** Opens what a running server opens in a data directory; the databases stay open, so their -wal and -shm files exist. */
async function openAll(dataDir: string): Promise<void> {
  services.push(createService({ config: { dataDir } }));
  await sessionStore(dataDir).insert({
    id: randomUUID(), kind: 'password', password_id: 'p', api_key: null, created_at: 1, last_seen_at: 1, expires_at: Date.now() + 60_000,
  });
  sealSecret(dataDir, 'a secret', 'context');
  await writePassword(dataDir, 'a long enough password');
}

function closeAll(): void {
  closeAppDatabases();
  for (const service of services.splice(0)) service.close();
}

function modes(dataDir: string): Record<string, string> {
  const result: Record<string, string> = { '.': (statSync(dataDir).mode & 0o777).toString(8) };
  for (const name of readdirSync(dataDir)) result[name] = (statSync(path.join(dataDir, name)).mode & 0o777).toString(8);
  return result;
}

describe('the data directory', () => {
  it('is created 0700 with every database, key and password file 0600, -wal and -shm included', async () => {
    const dataDir = path.join(root, 'fresh', 'data');
    await openAll(dataDir);
    const found = modes(dataDir);
    expect(Object.keys(found).sort()).toEqual(expect.arrayContaining([
      'app-password.json', 'app-secret.key', 'app.db', 'app.db-shm', 'app.db-wal', 'service.db', 'service.db-shm', 'service.db-wal',
    ]));
    expect(found).toEqual(Object.fromEntries(Object.keys(found).map((name) => [name, name === '.' ? '700' : '600'])));
  });

  it('is tightened when opened again after it was left readable by others', async () => {
    const dataDir = path.join(root, 'loose');
    await openAll(dataDir);
    closeAll();
    chmodSync(dataDir, 0o755);
    for (const name of readdirSync(dataDir)) chmodSync(path.join(dataDir, name), 0o644);
    // What Tidings did not make there is left alone: a data directory may be pointed at a folder holding other things.
    writeFileSync(path.join(dataDir, 'notes.txt'), 'left by hand');
    chmodSync(path.join(dataDir, 'notes.txt'), 0o664);
    mkdirSync(path.join(dataDir, 'scripts'));
    chmodSync(path.join(dataDir, 'scripts'), 0o755);

    await openAll(dataDir);
    const { 'notes.txt': notes, scripts, ...found } = modes(dataDir);
    expect(found).toEqual(Object.fromEntries(Object.keys(found).map((name) => [name, name === '.' ? '700' : '600'])));
    expect([notes, scripts]).toEqual(['664', '755']);
  });
});
