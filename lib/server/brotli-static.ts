/*
 * Brotli copies of the build's static files. `next start` compresses with gzip only; Brotli
 * makes the scripts of a first load about 14 % smaller (bench: lighthouse counts the bytes),
 * which a phone on a slow link feels before it can do anything. The build writes a `.br`
 * beside each script and stylesheet once; the server (lib/server/serve.ts) answers with it when
 * the browser takes Brotli, and leaves everything else to Next. Plain Node, no Next imports.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { acceptsEncoding } from './gzip-answer';

/** Where Next serves the build's static files from, and the folder they are in. */
export const STATIC_PREFIX = '/_next/static/';

const contentTypes: Record<string, string> = {
  '.js': 'application/javascript; charset=UTF-8',
  '.css': 'text/css; charset=UTF-8',
};

function* filesUnder(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else yield full;
  }
}

/** Writes a `.br` copy beside every script and stylesheet under `staticDir`; answers how many and their sizes. */
export function precompressStatic(staticDir: string): { files: number; bytes: number; brotliBytes: number } {
  let files = 0, bytes = 0, brotliBytes = 0;
  for (const file of filesUnder(staticDir)) {
    if (!(path.extname(file) in contentTypes)) continue;
    const source = readFileSync(file);
    const compressed = brotliCompressSync(source, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: source.length },
    });
    writeFileSync(`${file}.br`, compressed);
    files += 1;
    bytes += source.length;
    brotliBytes += compressed.length;
  }
  return { files, bytes, brotliBytes };
}

function takesBrotli(request: IncomingMessage): boolean {
  return acceptsEncoding(request.headers['accept-encoding'], 'br');
}

// The copies never change while a build is served (a new build restarts the server), so each is
// read from disk once; only copies that exist are kept, so odd paths cannot grow the map.
const copies = new Map<string, Buffer>();

function brotliCopy(file: string): Buffer | null {
  const kept = copies.get(file);
  if (kept) return kept;
  try {
    const copy = readFileSync(`${file}.br`);
    copies.set(file, copy);
    return copy;
  } catch {
    return null;
  }
}

/**
 * Answers a GET or HEAD of a static script or stylesheet with its Brotli copy when the browser
 * takes Brotli and the copy exists; true when it answered, false to leave the request to Next.
 */
export function serveBrotliStatic(request: IncomingMessage, response: ServerResponse, staticDir: string): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const pathname = (request.url ?? '').split('?')[0]!;
  if (!pathname.startsWith(STATIC_PREFIX) || !takesBrotli(request)) return false;
  let relative: string;
  try {
    relative = decodeURIComponent(pathname.slice(STATIC_PREFIX.length));
  } catch {
    return false;
  }
  const file = path.resolve(staticDir, relative);
  const type = contentTypes[path.extname(file)];
  // Only files inside the static folder, with a copy the build made.
  if (!type || !file.startsWith(staticDir + path.sep)) return false;
  const copy = brotliCopy(file);
  if (!copy) return false;
  response.writeHead(200, {
    'content-type': type,
    'content-encoding': 'br',
    'content-length': copy.length,
    // As Next sends them: the names carry a content hash.
    'cache-control': 'public, max-age=31536000, immutable',
    vary: 'Accept-Encoding',
    // As next.config.mjs's headers say for every other answer.
    'x-content-type-options': 'nosniff',
  });
  response.end(request.method === 'HEAD' ? undefined : copy);
  return true;
}
