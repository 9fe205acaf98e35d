/**
 * The yardstick of bench/bundle-size.ts: a bare Next.js page (app/layout + app/page, nothing
 * else) built with this repository's own next and react (its node_modules linked in) by the
 * same `next build`, in a directory under the system temp folder. The build is kept there,
 * keyed by the next and react versions, so later runs only start it. Not a bench module itself.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startProductionServer, type RunningServer } from '../tests/e2e/server';
import { pathToFileURL } from 'node:url';
import type { NextConfig } from 'next';
import { root } from './app-under-test';

const require = createRequire(import.meta.url);
const appConfig = ((await import(pathToFileURL(path.join(root, 'next.config.mjs')).href)) as { default: NextConfig }).default;

function version(pkg: string): string {
  return (JSON.parse(readFileSync(path.join(root, 'node_modules', pkg, 'package.json'), 'utf8')) as { version: string }).version;
}

const files: Record<string, string> = {
  'package.json': '{ "name": "bare-next", "private": true, "type": "module" }\n',
  'app/layout.jsx': [
    "export const metadata = { title: 'Bare' };",
    'export default function RootLayout({ children }) {',
    '  return <html lang="en"><body>{children}</body></html>;',
    '}',
  ].join('\n'),
  'app/page.jsx': 'export default function Page() {\n  return <h1>Hello</h1>;\n}\n',
};

// Turbopack compiles nothing outside its root, and the linked node_modules lives in the
// repository, so the root is the deepest folder holding both.
function commonAncestor(a: string, b: string): string {
  const left = a.split(path.sep);
  const right = b.split(path.sep);
  let shared = 0;
  while (shared < left.length && left[shared] === right[shared]) shared++;
  return left.slice(0, shared).join(path.sep) || path.sep;
}

/** Builds the bare app unless an earlier run already did; answers its directory. */
export function bareNextApp(): { dir: string; next: string; react: string; built_now: boolean } {
  const next = version('next');
  const react = version('react');
  // Built the same way as the app: its experimental settings (chunking) apply to the bare page too.
  const experimental = JSON.stringify(appConfig.experimental ?? {});
  const settings = createHash('sha256').update(experimental).digest('hex').slice(0, 8);
  const dir = path.join(tmpdir(), `tidings-bench-bare-next-${next}-react-${react}-${settings}`);
  if (existsSync(path.join(dir, '.next', 'BUILD_ID'))) {
    // The kept build is shared by every checkout on the machine: the one whose node_modules it
    // links may be gone since (a removed worktree), so it serves from this one's, the same versions.
    const modules = path.join(dir, 'node_modules');
    if (!existsSync(path.join(modules, 'next', 'package.json'))) {
      rmSync(modules, { force: true });
      symlinkSync(path.join(root, 'node_modules'), modules, 'dir');
    }
    return { dir, next, react, built_now: false };
  }
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(path.join(dir, 'app'), { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  writeFileSync(path.join(dir, 'next.config.mjs'), `export default { turbopack: { root: ${JSON.stringify(commonAncestor(dir, root))} }, experimental: ${experimental} };\n`);
  symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  const built = spawnSync(process.execPath, [require.resolve('next/dist/bin/next'), 'build'], {
    cwd: dir, env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' }, encoding: 'utf8',
  });
  if (built.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`next build of the bare page failed:\n${built.stdout}\n${built.stderr}`);
  }
  return { dir, next, react, built_now: true };
}

/** Serves the bare app's build with `next start` on a free port, over plain HTTP whatever the shell sets. */
export function startBareNext(dir: string): Promise<RunningServer> {
  const env: NodeJS.ProcessEnv = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' };
  delete env.TIDINGS_TLS_CERT;
  delete env.TIDINGS_TLS_KEY;
  return startProductionServer(dir, env);
}
