/*
 * Decides whether `npm start` must build first: a production build is stale
 * when any source or config file changed after it was made. Plain Node (no
 * `server-only`): lib/server/start.ts runs it with tsx before Next exists.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** Folders whose files make up the app; a change in any of them needs a new build. */
export const SOURCE_DIRS = ['app', 'components', 'lib', 'public'] as const;

/** Files at the repository root that change what the build produces. */
export const CONFIG_FILES = [
  'package.json',
  'package-lock.json',
  'next.config.mjs',
  'postcss.config.mjs',
  'tsconfig.json',
  'instrumentation.ts',
  'proxy.ts',
  'middleware.ts',
] as const;

// Outputs of the build itself live in public/; counting them would make every
// build look stale the moment it finishes.
const GENERATED = new Set(['public/sw.js', 'public/sw.js.map']);

/** Why a build is needed (a sentence), or null when the existing build is current. */
export function staleBuildReason(root: string): string | null {
  const buildIdFile = path.join(root, '.next', 'BUILD_ID');
  if (!existsSync(buildIdFile)) return 'no production build yet';
  // The root layout reads the built stylesheet at run time (lib/server/app-styles.ts).
  if (!existsSync(path.join(root, 'generated', 'app.css'))) return 'the stylesheet was never built';
  // The build ends with steps after Next's own (the service worker), so it
  // finished when the last of its outputs was written.
  const builtAt = Math.max(
    statSync(buildIdFile).mtimeMs,
    ...[...GENERATED].map((file) => mtimeOrZero(path.join(root, file))),
  );

  for (const file of CONFIG_FILES) {
    const full = path.join(root, file);
    if (existsSync(full) && statSync(full).mtimeMs > builtAt) return `${file} changed since the last build`;
  }
  for (const dir of SOURCE_DIRS) {
    const changed = firstNewerFile(root, dir, builtAt);
    if (changed) return `${changed} changed since the last build`;
  }
  return null;
}

function mtimeOrZero(file: string): number {
  return existsSync(file) ? statSync(file).mtimeMs : 0;
}

// A folder's own mtime moves when a file in it is added, removed or renamed,
// so deletions count as changes too.
function firstNewerFile(root: string, dir: string, since: number): string | null {
  const full = path.join(root, dir);
  if (!existsSync(full)) return null;
  if (statSync(full).mtimeMs > since) return `${dir}/`;
  for (const entry of readdirSync(full, { withFileTypes: true })) {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) {
      const found = firstNewerFile(root, relative, since);
      if (found) return found;
    } else if (!GENERATED.has(relative) && statSync(path.join(root, relative)).mtimeMs > since) {
      return relative;
    }
  }
  return null;
}
