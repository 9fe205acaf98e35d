/*
 * `server-only` throws unless imported under React's server condition, which Next's bundles set
 * and plain Node does not. The production server (lib/server/serve.ts) runs some of the app's
 * server modules itself (the /api/v1 proxy), in a process that is all server: there the marker
 * resolves to its empty module, as in Next's server bundle. Plain Node, no Next.
 */
import { createRequire, register } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** Lets modules imported from now on in this process import `server-only` (a resolve hook; the marker's empty module). */
export function allowServerOnly(): void {
  const marker = createRequire(import.meta.url).resolve('server-only');
  const empty = pathToFileURL(path.join(path.dirname(marker), 'empty.js')).href;
  const hook = `export function resolve(specifier, context, next) {
    return specifier === 'server-only' ? { url: ${JSON.stringify(empty)}, shortCircuit: true } : next(specifier, context);
  }`;
  register(`data:text/javascript,${encodeURIComponent(hook)}`);
}
