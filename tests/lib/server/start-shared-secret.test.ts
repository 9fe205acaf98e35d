/*
 * `npm start` with DATABASE_URL and no TIDINGS_SECRET: each node would invent its own key and
 * sign the others' sessions out, so it refuses, in one sentence, before building or serving.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const startScript = fileURLToPath(new URL('../../../lib/server/start.ts', import.meta.url));

function start(env: Record<string, string>) {
  const dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'tidings-start-')), 'data');
  const base = { ...process.env };
  delete base.TIDINGS_SECRET;
  try {
    const run = spawnSync(process.execPath, ['--import', 'tsx', startScript], {
      // No PATH: should it go on to build, npm cannot be found, so a failing run ends at once instead of building.
      env: { ...base, PATH: '', PORT: '1', TIDINGS_DATA_DIR: dataDir, ...env }, encoding: 'utf8', timeout: 60_000,
    });
    return { ...run, dataDirMade: existsSync(dataDir) };
  } finally {
    rmSync(path.dirname(dataDir), { recursive: true, force: true });
  }
}

describe('npm start on a shared database', () => {
  it('refuses DATABASE_URL without TIDINGS_SECRET in one sentence, before it makes a data directory or builds', () => {
    const run = start({ DATABASE_URL: 'postgres://tidings@127.0.0.1:9/tidings' });
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe('DATABASE_URL is set but TIDINGS_SECRET is not: every node on a shared database needs the same TIDINGS_SECRET, so set it (to one long random value) on each node and start again.');
    expect(run.stdout).not.toMatch(/Building/);
    expect(run.dataDirMade).toBe(false);
  });
});
