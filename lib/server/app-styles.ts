import 'server-only';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { shareStylesheet } from '@/lib/styles/shared';

let stylesheet: string | null = null;

/**
 * Reads the built stylesheet once per server process and hands it to the server render of
 * components/shell/app-styles.tsx: the copy in the build the server serves (TIDINGS_DIST_DIR,
 * set by lib/server/serve.ts), so a build made meanwhile does not restyle it, else
 * generated/app.css (from `npm run build:css`: `next dev`, and the build's own prerendering).
 * Called by the root layout, which renders before the client components it holds.
 */
export function provideAppStyles(): void {
  if (stylesheet === null || process.env.NODE_ENV === 'development') {
    const distDir = process.env.TIDINGS_DIST_DIR;
    const built = distDir ? path.join(/*turbopackIgnore: true*/ process.cwd(), distDir, 'app.css') : null;
    // A literal path: the build traces exactly this file into the server's output.
    const file = built && existsSync(built) ? built : path.join(process.cwd(), 'generated', 'app.css');
    try {
      stylesheet = readFileSync(file, 'utf8');
    } catch {
      throw new Error(`The app's stylesheet ${file} is missing: run \`npm run build:css\` (part of \`npm run build\` and \`npm run dev\`).`);
    }
  }
  shareStylesheet(stylesheet);
}
