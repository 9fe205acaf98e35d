/*
 * Where production builds live, so that a build never changes files a running server reads.
 * Each build is made in `.next-build` and then renamed to `.next-<id>`; `.next` is a symbolic
 * link to the current one, switched by renaming a new link over it (atomic). A server resolves
 * the link once at start and serves that directory until it is restarted, so a build made
 * meanwhile is picked up by the next start. The last two builds are kept, and any older one a
 * running server still serves. Plain Node (no `server-only`): the build script and
 * lib/server/serve.ts use it.
 */
import {
  closeSync, existsSync, lstatSync, mkdirSync, openSync, readdirSync, readFileSync, realpathSync, renameSync, rmSync, symlinkSync, unlinkSync,
  writeFileSync, writeSync,
} from 'node:fs';
import path from 'node:path';

/** The link to the current build, where Next looks by default. */
export const currentBuildLink = '.next';
/** Where a build is made before it is published (Next's distDir during `npm run build`). */
export const stagingBuildDir = '.next-build';
const lockFile = '.next-build.lock';
const buildPrefix = '.next-';
const servingPrefix = 'serving.';

/** Another build holds the lock: nothing was done. */
export class BuildRunning extends Error {}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the build lock of `root` for this process, or throws BuildRunning; a lock whose process died is taken over. */
export function acquireBuildLock(root: string): () => void {
  const file = path.join(root, lockFile);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number(readFileSync(file, 'utf8').trim());
      if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) {
        throw new BuildRunning(`Another build is running (pid ${pid}); wait for it to finish.`);
      }
      // Left by a build that was killed: no one holds it.
      rmSync(file, { force: true });
    }
  }
  throw new BuildRunning('Another build is starting at the same moment; wait for it to finish.');
}

/** A new build's name: sortable by time, unique. */
export function newBuildName(now = new Date()): string {
  return `${buildPrefix}${now.toISOString().replace(/[-:.TZ]/g, '').slice(0, 17)}-${process.pid}`;
}

/** The build directory the link names now (relative to root), or null when there is no build. */
export function currentBuildDir(root: string): string | null {
  const link = path.join(root, currentBuildLink);
  if (!existsSync(link)) return null;
  return path.relative(realpathSync(root), realpathSync(link));
}

/**
 * Publishes a finished build: renames the staging directory to `name` and points `.next` at it.
 * A `.next` that is still a real directory (a build from before builds were kept apart) is
 * renamed to a build of its own first.
 */
export function publishBuild(root: string, name: string): void {
  renameSync(path.join(root, stagingBuildDir), path.join(root, name));
  const link = path.join(root, currentBuildLink);
  if (existsSync(link) && !lstatSync(link).isSymbolicLink()) renameSync(link, path.join(root, `${buildPrefix}00000000000000000-before-${Date.now()}`));
  const temporary = path.join(root, `${currentBuildLink}.${process.pid}.link`);
  rmSync(temporary, { force: true });
  symlinkSync(name, temporary);
  renameSync(temporary, link);
}

/** Records that this process serves `buildDir`, so that no later build deletes it; removed on exit. */
export function markServing(root: string, buildDir: string): void {
  const marker = path.join(root, buildDir, `${servingPrefix}${process.pid}`);
  writeFileSync(marker, '');
  process.once('exit', () => rmSync(marker, { force: true }));
}

function servedByLiveProcess(dir: string): boolean {
  return readdirSync(dir).some((name) => name.startsWith(servingPrefix) && isAlive(Number(name.slice(servingPrefix.length))));
}

/** Deletes builds other than the newest `keep` (the current one among them), unless a running server serves them. */
export function pruneBuilds(root: string, keep = 2): string[] {
  const current = currentBuildDir(root);
  const builds = readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name.startsWith(buildPrefix) && entry.name !== stagingBuildDir)
    .map((entry) => entry.name).sort().reverse();
  const kept = new Set([current, ...builds.slice(0, keep)]);
  const removed = builds.filter((name) => !kept.has(name) && !servedByLiveProcess(path.join(root, name)));
  for (const name of removed) rmSync(path.join(root, name), { recursive: true, force: true });
  return removed;
}

/** Moves Turbopack's build cache from the current build into the staging directory: a build from scratch takes longer. */
export function carryBuildCache(root: string): void {
  const current = currentBuildDir(root);
  const cache = current && path.join(root, current, 'cache', 'turbopack');
  if (!cache || !existsSync(cache)) return;
  mkdirSync(path.join(root, stagingBuildDir, 'cache'), { recursive: true });
  renameSync(cache, path.join(root, stagingBuildDir, 'cache', 'turbopack'));
}

/** Removes what a build cut short left in the staging directory (the caller holds the lock). */
export function clearStaging(root: string): void {
  rmSync(path.join(root, stagingBuildDir), { recursive: true, force: true });
  const stray = path.join(root, `${currentBuildLink}.${process.pid}.link`);
  if (existsSync(stray)) unlinkSync(stray);
}
