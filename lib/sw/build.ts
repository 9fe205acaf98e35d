/*
 * Builds the service worker after `next build`: bundles lib/sw/sw.ts with esbuild into
 * sw.js in the build's directory (TIDINGS_DIST_DIR during `npm run build`, else .next) and
 * injects the precache manifest computed from the build output (every file of its static
 * folder, the icons, the offline page) with content-hash revisions.
 * Next 16 builds with Turbopack, where webpack plugins for workers emit nothing.
 * Run: `npm run build:sw` (part of `npm run build`).
 */
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export type PrecacheEntry = { url: string; revision: string };

const publicFiles = ['icons/icon.svg', 'icons/icon-192.png', 'icons/icon-512.png', 'icons/icon-maskable-512.png'];
/** Pages precached with the shell; their revision is the hash of the prerendered HTML (or the build id). */
const precachedPages = [{ url: '/offline', prerendered: 'offline.html' }];

function hashOf(file: string): string {
  return createHash('sha256').update(readFileSync(file)).digest('hex').slice(0, 16);
}

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : [full];
  });
}

/** The build directory of `npm run build`'s steps, relative to the root. */
function buildDir(): string {
  return process.env.TIDINGS_DIST_DIR || '.next';
}

/** The precache manifest of a built app at `root` (which holds the build directory and public). */
export function precacheEntries(root: string, distDir = buildDir()): PrecacheEntry[] {
  const nextDir = path.join(root, distDir);
  const buildId = readFileSync(path.join(nextDir, 'BUILD_ID'), 'utf8').trim();
  const staticDir = path.join(nextDir, 'static');
  const entries: PrecacheEntry[] = walk(staticDir)
    .filter((file) => !file.endsWith('.map'))
    .map((file) => ({ url: `/_next/static/${path.relative(staticDir, file).split(path.sep).join('/')}`, revision: hashOf(file) }));
  for (const file of publicFiles) {
    const full = path.join(root, 'public', file);
    if (existsSync(full)) entries.push({ url: `/${file}`, revision: hashOf(full) });
  }
  for (const page of precachedPages) {
    const html = path.join(nextDir, 'server', 'app', page.prerendered);
    entries.push({ url: page.url, revision: existsSync(html) ? hashOf(html) : buildId });
  }
  return entries.sort((a, b) => a.url.localeCompare(b.url));
}

/** Bundles the worker into the build directory's sw.js with the build id and the manifest injected. */
export async function buildServiceWorker(root: string, distDir = buildDir()): Promise<{ entries: number; precacheBytes: number; workerBytes: number }> {
  const buildId = readFileSync(path.join(root, distDir, 'BUILD_ID'), 'utf8').trim();
  const entries = precacheEntries(root, distDir);
  const outfile = path.join(root, distDir, 'sw.js');
  await build({
    entryPoints: [path.join(root, 'lib', 'sw', 'sw.ts')],
    outfile,
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: ['chrome100', 'firefox100', 'safari15'],
    minify: true,
    legalComments: 'none',
    tsconfig: path.join(root, 'tsconfig.json'),
    define: {
      __TIDINGS_BUILD_ID__: JSON.stringify(buildId),
      __TIDINGS_PRECACHE__: JSON.stringify(entries),
      'process.env.NODE_ENV': '"production"',
    },
    logLevel: 'warning',
  });
  const precacheBytes = entries.reduce((sum, entry) => {
    const file = entry.url.startsWith('/_next/static/')
      ? path.join(root, distDir, 'static', entry.url.slice('/_next/static/'.length))
      : path.join(root, 'public', entry.url.slice(1));
    return sum + (existsSync(file) ? statSync(file).size : 0);
  }, 0);
  return { entries: entries.length, precacheBytes, workerBytes: statSync(outfile).size };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const root = path.resolve(fileURLToPath(new URL('../..', import.meta.url)));
  buildServiceWorker(root).then(
    ({ entries, precacheBytes, workerBytes }) => {
      console.log(`${buildDir()}/sw.js: ${(workerBytes / 1024).toFixed(1)} KB, precaching ${entries} files (${(precacheBytes / 1024).toFixed(0)} KB)`);
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
