import 'server-only';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { shareStylesheet } from '@/lib/styles/shared';

let stylesheet: string | null = null;

/**
 * Reads the built stylesheet (generated/app.css, from `npm run build:css`) once per server
 * process and hands it to the server render of components/shell/app-styles.tsx. Called by
 * the root layout, which renders before the client components it holds.
 */
export function provideAppStyles(): void {
  if (stylesheet === null || process.env.NODE_ENV === 'development') {
    // A literal path: the build traces exactly this file into the server's output.
    const file = path.join(process.cwd(), 'generated', 'app.css');
    try {
      stylesheet = readFileSync(file, 'utf8');
    } catch {
      throw new Error(`The app's stylesheet ${file} is missing: run \`npm run build:css\` (part of \`npm run build\` and \`npm run dev\`).`);
    }
  }
  shareStylesheet(stylesheet);
}
