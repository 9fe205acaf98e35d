/*
 * Builds kept apart from the one a server serves: the lock that lets one build run at a time,
 * the switch of the `.next` link, and which old builds are deleted. On temporary directories,
 * with real processes for the lock's owners; the refusal also through `npm run build` itself.
 */
import { execFile, spawnSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  acquireBuildLock, currentBuildDir, markServing, publishBuild, pruneBuilds, stagingBuildDir,
} from '@/lib/server/build-dirs';

let root: string;

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'tidings-builds-'));
});

afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

/** A finished build in the staging directory, as `npm run build`'s steps leave it. */
function stage(buildId: string): void {
  mkdirSync(path.join(root, stagingBuildDir, 'static'), { recursive: true });
  writeFileSync(path.join(root, stagingBuildDir, 'BUILD_ID'), buildId);
}

function deadPid(): number {
  return spawnSync(process.execPath, ['-e', '']).pid!;
}

describe('the build lock', () => {
  it('refuses a second build while one runs, naming its process', () => {
    const release = acquireBuildLock(root);
    expect(() => acquireBuildLock(root)).toThrow(`Another build is running (pid ${process.pid}); wait for it to finish.`);
    release();
    acquireBuildLock(root)();
  });

  it('is taken over when the build that held it died', () => {
    writeFileSync(path.join(root, '.next-build.lock'), String(deadPid()));
    const release = acquireBuildLock(root);
    expect(readFileSync(path.join(root, '.next-build.lock'), 'utf8')).toBe(String(process.pid));
    release();
  });

  it('makes `npm run build` refuse with that sentence before doing anything', async () => {
    const repository = path.resolve('.');
    const release = acquireBuildLock(repository);
    try {
      const run = await new Promise<{ code: number; stderr: string }>((resolve) => {
        execFile('npm', ['run', '-s', 'build'], { cwd: repository }, (error, _stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stderr }));
      });
      expect(run.stderr.trim()).toBe(`Another build is running (pid ${process.pid}); wait for it to finish.`);
      expect(run.code).toBe(1);
      expect(existsSync(path.join(repository, stagingBuildDir))).toBe(false);
    } finally {
      release();
    }
  }, 60_000);
});

describe('publishing a build', () => {
  it('points .next at the new build while the directory a server resolved keeps the old one', () => {
    stage('first');
    publishBuild(root, '.next-20260101000000000-1');
    const served = currentBuildDir(root)!;
    expect(served).toBe('.next-20260101000000000-1');

    stage('second');
    publishBuild(root, '.next-20260101000000001-1');
    expect(lstatSync(path.join(root, '.next')).isSymbolicLink()).toBe(true);
    expect(readFileSync(path.join(root, '.next', 'BUILD_ID'), 'utf8')).toBe('second');
    expect(readFileSync(path.join(root, served, 'BUILD_ID'), 'utf8')).toBe('first');
    expect(existsSync(path.join(root, stagingBuildDir))).toBe(false);
  });

  it('keeps a .next directory from before as a build of its own', () => {
    mkdirSync(path.join(root, '.next'));
    writeFileSync(path.join(root, '.next', 'BUILD_ID'), 'old');
    stage('new');
    publishBuild(root, '.next-20260101000000000-1');
    expect(readFileSync(path.join(root, '.next', 'BUILD_ID'), 'utf8')).toBe('new');
    const builds = readdirSync(root).filter((name) => name.startsWith('.next-')).sort();
    expect(builds).toEqual([expect.stringMatching(/^\.next-00000000000000000-before-\d+$/), '.next-20260101000000000-1']);
    expect(readFileSync(path.join(root, builds[0]!, 'BUILD_ID'), 'utf8')).toBe('old');
  });

  it('deletes builds beyond the last two, except one a running server serves', () => {
    for (const n of [1, 2, 3, 4, 5]) {
      stage(`build ${n}`);
      publishBuild(root, `.next-2026010100000000${n}-1`);
      // Build 1 is served by this (live) process, build 2 was served by one that died.
      if (n === 1) markServing(root, '.next-20260101000000001-1');
      if (n === 2) writeFileSync(path.join(root, '.next-20260101000000002-1', `serving.${deadPid()}`), '');
    }
    expect(pruneBuilds(root).sort()).toEqual(['.next-20260101000000002-1', '.next-20260101000000003-1']);
    expect(readdirSync(root).filter((name) => name.startsWith('.next-')).sort())
      .toEqual(['.next-20260101000000001-1', '.next-20260101000000004-1', '.next-20260101000000005-1']);
    expect(currentBuildDir(root)).toBe('.next-20260101000000005-1');
  });
});
