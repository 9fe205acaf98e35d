/*
 * Global setup of the end-to-end suite: checks Chromium, seeds a throwaway
 * data directory with the demo content when the seeding command exists, and
 * serves the production build against a copy of it for every test file. The
 * seeded directory itself stays untouched, for servers of a file's own.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { currentBuildDir } from '@/lib/server/build-dirs';
import { staleBuildReason } from '@/lib/server/build-freshness';
import { freePort, startProductionServer } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Origin of the running app, e.g. http://127.0.0.1:40123 (no trailing slash). */
    baseUrl: string;
    /** The server's TIDINGS_DATA_DIR, for tests that use the command line on the same data. */
    dataDir: string;
    /** A data directory seeded with the demo content and never served: servers of a file's own start from a copy. */
    demoDataDir: string;
    /** The Chromium executable the tests drive. */
    chromiumPath: string;
    /** The app's password (TIDINGS_APP_PASSWORD of the server); browser.ts signs contexts in with it. */
    appPassword: string;
    /** The server's newsletter SMTP port on 127.0.0.1 (TIDINGS_SMTP_PORT), for tests that send mail. */
    smtpPort: number;
    /** The build directory the server serves (absolute): it keeps it even when a test builds anew. */
    buildDir: string;
  }
}

const root = fileURLToPath(new URL('../..', import.meta.url));
const appPassword = 'e2e password for tidings';

function findChromium(): string {
  const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (!existsSync(chromiumPath)) {
    throw new Error(
      `Chromium not found at ${chromiumPath}. Install it with \`sudo apt-get install -y chromium\` (Debian/Ubuntu) or set CHROMIUM_PATH.`,
    );
  }
  return chromiumPath;
}

function seedDemo(env: NodeJS.ProcessEnv): void {
  if (!existsSync(path.join(root, 'lib/service/cli/seed-demo.ts'))) {
    console.warn('[e2e] lib/service/cli/seed-demo.ts is missing; the app starts with an empty data directory.');
    return;
  }
  const result = spawnSync('npm', ['run', '-s', 'seed:demo'], { cwd: root, env, encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(`npm run seed:demo failed (exit ${result.status}):\n${result.stdout}\n${result.stderr}`);
  }
}

/** Prepares Chromium, data and server; returns the teardown vitest calls at the end. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const chromiumPath = findChromium();
  const stale = staleBuildReason(root);
  if (stale) console.warn(`[e2e] The production build may be stale (${stale}); run \`npm run build\` first.`);

  const demoDataDir = mkdtempSync(path.join(tmpdir(), 'tidings-e2e-demo-'));
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tidings-e2e-'));
  const removeData = () => {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(demoDataDir, { recursive: true, force: true });
  };
  // A free port rather than the default 2525, which another server on this machine may hold.
  const smtpPort = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NEXT_TELEMETRY_DISABLED: '1',
    TIDINGS_DATA_DIR: demoDataDir,
    TIDINGS_ALLOW_PRIVATE_URLS: '1',
    TIDINGS_SMTP_PORT: String(smtpPort),
    // Every page needs a session; browser.ts signs each new context in with this password.
    TIDINGS_APP_PASSWORD: appPassword,
  };
  // Always local mode: a developer's hosted-service settings must not leak in.
  delete env.FEED_API_BASE_URL;
  delete env.FEED_API_KEY;
  try {
    seedDemo(env);
    cpSync(demoDataDir, dataDir, { recursive: true });
    const buildDir = path.join(root, currentBuildDir(root) ?? '.next');
    const server = await startProductionServer(root, { ...env, TIDINGS_DATA_DIR: dataDir });
    project.provide('baseUrl', server.baseUrl);
    project.provide('dataDir', dataDir);
    project.provide('demoDataDir', demoDataDir);
    project.provide('chromiumPath', chromiumPath);
    project.provide('appPassword', appPassword);
    project.provide('smtpPort', smtpPort);
    project.provide('buildDir', buildDir);
    return async () => {
      await server.stop();
      removeData();
    };
  } catch (error) {
    removeData();
    throw error;
  }
}
