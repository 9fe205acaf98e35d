/*
 * `npm run build`: the stylesheet, Next's build, its startup scripts' compile hints, the service
 * worker and the Brotli copies, made in a directory of their own (lib/server/build-dirs.ts) and
 * published all at once when every step succeeded, so a server running meanwhile keeps serving its
 * own build. One build at a time: a second one is refused before it does anything.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { markStartupScripts } from './compile-hints';
import { acquireBuildLock, BuildRunning, carryBuildCache, clearStaging, newBuildName, publishBuild, pruneBuilds, stagingBuildDir } from './build-dirs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
let child: ChildProcess | null = null;

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    child = spawn(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, TIDINGS_DIST_DIR: stagingBuildDir } });
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      child = null;
      if (code === 0) resolve();
      else reject(new Error(`\`${[command, ...args].join(' ')}\` failed (${signal ?? `exit code ${code}`}); the current build stays in place.`));
    });
  });
}

// Next wrote next-env.d.ts (git-ignored) for the staging directory, which is renamed now: the link names the same build.
function pointTypesAtCurrentBuild(): void {
  const file = path.join(root, 'next-env.d.ts');
  if (existsSync(file)) writeFileSync(file, readFileSync(file, 'utf8').replaceAll(`./${stagingBuildDir}/`, './.next/'));
}

async function main(): Promise<void> {
  const release = acquireBuildLock(root);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => {
      child?.kill(signal);
      release();
      process.exit(130);
    });
  }
  try {
    clearStaging(root);
    carryBuildCache(root);
    await run(npm, ['run', '-s', 'build:css']);
    await run(process.execPath, [path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next'), 'build']);
    const marked = markStartupScripts(path.join(root, stagingBuildDir));
    console.log(`${stagingBuildDir}/static: ${marked} startup scripts marked for eager compiling (lib/server/compile-hints.ts)`);
    // The stylesheet and the worker belong to this build: a running server reads its own copies.
    copyFileSync(path.join(root, 'generated', 'app.css'), path.join(root, stagingBuildDir, 'app.css'));
    await run(npm, ['run', '-s', 'build:sw']);
    await run(npm, ['run', '-s', 'build:br']);
    const name = newBuildName();
    publishBuild(root, name);
    pointTypesAtCurrentBuild();
    // public/sw.js for tools and `next dev`; lib/server/serve.ts answers /sw.js from the build it serves.
    for (const file of ['sw.js', 'sw.js.map']) {
      const built = path.join(root, name, file);
      if (existsSync(built)) copyFileSync(built, path.join(root, 'public', file));
    }
    const removed = pruneBuilds(root);
    console.log(`Build ${name} is current (.next links to it)${removed.length ? `; removed ${removed.join(', ')}` : ''}. A running server keeps its build until restarted.`);
  } finally {
    clearStaging(root);
    release();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof BuildRunning || error instanceof Error ? error.message : error);
  process.exit(1);
});
