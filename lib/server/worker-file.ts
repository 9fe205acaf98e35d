/*
 * The service worker belongs to the build that made it (its precache lists that build's files),
 * so the production server answers /sw.js from the build directory it serves rather than from
 * public/, which the next build rewrites. Plain Node, no Next imports.
 */
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';

const files: Record<string, string> = {
  '/sw.js': 'application/javascript; charset=UTF-8',
  '/sw.js.map': 'application/json; charset=UTF-8',
};

/** Answers a GET or HEAD of /sw.js (or its map) from `buildDir`; false to leave the request to Next (no such file there). */
export function serveWorkerFile(request: IncomingMessage, response: ServerResponse, buildDir: string): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const pathname = (request.url ?? '').split('?')[0]!;
  const type = files[pathname];
  if (!type) return false;
  let body: Buffer;
  try {
    body = readFileSync(path.join(buildDir, pathname.slice(1)));
  } catch {
    return false;
  }
  response.writeHead(200, {
    'content-type': type,
    'content-length': body.length,
    // As Next sends public files: browsers check for a new worker on every visit.
    'cache-control': 'public, max-age=0',
    'x-content-type-options': 'nosniff',
  });
  response.end(request.method === 'HEAD' ? undefined : body);
  return true;
}
