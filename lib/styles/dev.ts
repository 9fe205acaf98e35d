/*
 * `npm run dev`: `next dev` beside a watcher that rebuilds generated/app.css whenever a source
 * changes, because the stylesheet is built by lib/styles/build.ts, not by Next's pipeline, and
 * Tailwind must see new class names. The development server reads the file on every request,
 * so a reload shows the change.
 */
import { spawn } from 'node:child_process';
import { watch } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildStylesheet } from './build';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
/** Where class names and the stylesheet's own source live. */
const watched = ['app', 'components', 'lib'];
const sources = /\.(css|tsx?|mdx?)$/;

let timer: ReturnType<typeof setTimeout> | null = null;

/** Rebuilds once a burst of saves has settled; a failed build keeps the last stylesheet. */
function rebuildSoon(): void {
  if (timer) clearTimeout(timer);
  timer = setTimeout(() => {
    buildStylesheet(root).catch((error: unknown) => console.error(`The stylesheet did not build: ${(error as Error).message}`));
  }, 150);
}

await buildStylesheet(root);
for (const dir of watched) {
  watch(path.join(root, dir), { recursive: true }, (_event, file) => {
    if (file && sources.test(file)) rebuildSoon();
  });
}

const nextBin = createRequire(import.meta.url).resolve('next/dist/bin/next');
const next = spawn(process.execPath, [nextBin, 'dev', ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
next.once('exit', (code) => process.exit(code ?? 0));
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => next.kill(signal));
