/*
 * Builds the app's stylesheet before `next build`: app/globals.css through Tailwind (the
 * classes used anywhere in the sources), minified, into generated/app.css. The root layout
 * inlines that file into each page's <head> (components/shell/app-styles.tsx), so the first
 * paint needs no stylesheet request. Next's own inlined CSS (experimental.inlineCss) put
 * the same 31 KB into the page three times (the <style>, and twice in the RSC payload for
 * the layout and the global error page): the reader's HTML was 26 KB compressed, 12 KB
 * without the two payload copies, one network round trip less on a phone.
 * Run: `npm run build:css` (part of `npm run build` and `npm run dev`).
 */
import tailwind from '@tailwindcss/postcss';
import { transform } from 'lightningcss';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import postcss from 'postcss';
import { APP_STYLESHEET } from './shared';

// Next's default browser targets ("baseline widely available"), as its own CSS pipeline used:
// light-dark() is lowered for Safari before 17.5, and so on.
const version = (major: number, minor = 0) => (major << 16) | (minor << 8);
const targets = { chrome: version(111), edge: version(111), firefox: version(111), safari: version(16, 4), ios_saf: version(16, 4) };


/** app/globals.css of the app at `root` through Tailwind (classes found under `root`), lowered for the targets and minified. */
export async function compileStylesheet(root: string): Promise<string> {
  const from = path.join(root, 'app', 'globals.css');
  const to = path.join(root, APP_STYLESHEET);
  const { css } = await postcss([tailwind({ base: root, optimize: false })]).process(readFileSync(from, 'utf8'), { from, to });
  return transform({ filename: to, code: Buffer.from(css), minify: true, targets }).code.toString();
}

/** Writes the stylesheet of the app at `root` to generated/app.css; answers its size in bytes. */
export async function buildStylesheet(root: string): Promise<number> {
  const css = await compileStylesheet(root);
  const to = path.join(root, APP_STYLESHEET);
  mkdirSync(path.dirname(to), { recursive: true });
  writeFileSync(to, css);
  return Buffer.byteLength(css);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
  const bytes = await buildStylesheet(root);
  console.log(`${APP_STYLESHEET}: ${(bytes / 1024).toFixed(1)} KB`);
}
