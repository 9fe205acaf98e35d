import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressStatic, serveBrotliStatic } from '@/lib/server/brotli-static';

let root: string;
let staticDir: string;
let server: Server;
let base: string;
const script = `console.log(${JSON.stringify('tidings '.repeat(2000))});`;

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'tidings-brotli-'));
  staticDir = path.join(root, '.next', 'static');
  mkdirSync(path.join(staticDir, 'chunks'), { recursive: true });
  mkdirSync(path.join(staticDir, 'media'), { recursive: true });
  writeFileSync(path.join(staticDir, 'chunks', 'app.js'), script);
  writeFileSync(path.join(staticDir, 'chunks', 'app.css'), 'body{color:red}'.repeat(200));
  writeFileSync(path.join(staticDir, 'media', 'icon.png'), 'not really a png');
  writeFileSync(path.join(root, 'secret.js'), 'the rest of the disk');
  writeFileSync(path.join(root, 'secret.js.br'), 'the rest of the disk');
  // What the server leaves alone reaches Next; here a stand-in that says so.
  server = createServer((request, response) => {
    if (serveBrotliStatic(request, response, staticDir)) return;
    response.writeHead(299).end('next');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

afterAll(() => {
  server.close();
  rmSync(root, { recursive: true, force: true });
});

/** The raw answer (no decoding), as a browser receives it. */
function get(pathname: string, headers: Record<string, string>, method = 'GET'): Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(`${base}${pathname}`, { method, headers }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, body: Buffer.concat(chunks) }));
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

describe('Brotli copies of the static files', () => {
  it('writes a copy beside each script and stylesheet that decompresses to it, and none for other files', () => {
    const made = precompressStatic(staticDir);
    expect(made.files).toBe(2);
    expect(made.brotliBytes).toBeLessThan(made.bytes / 10);
    const copy = readFileSync(path.join(staticDir, 'chunks', 'app.js.br'));
    expect(brotliDecompressSync(copy).toString()).toBe(script);
    expect(existsSync(path.join(staticDir, 'media', 'icon.png.br'))).toBe(false);
  });

  it('answers a script with its copy when the browser takes Brotli, cached for good', async () => {
    const answer = await get('/_next/static/chunks/app.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(answer.status).toBe(200);
    expect(answer.headers).toMatchObject({
      'content-encoding': 'br', 'content-type': 'application/javascript; charset=UTF-8',
      'cache-control': 'public, max-age=31536000, immutable', vary: 'Accept-Encoding', 'x-content-type-options': 'nosniff',
    });
    expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
    expect(brotliDecompressSync(answer.body).toString()).toBe(script);
    const head = await get('/_next/static/chunks/app.css', { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.headers).toMatchObject({ 'content-encoding': 'br', 'content-type': 'text/css; charset=UTF-8' });
    expect(head.body.length).toBe(0);
  });

  it('leaves to Next a browser without Brotli, other methods, files without a copy and paths outside the static folder', async () => {
    const leftToNext = [
      await get('/_next/static/chunks/app.js', { 'accept-encoding': 'gzip' }),
      await get('/_next/static/chunks/app.js', { 'accept-encoding': 'br;q=0, gzip' }),
      await get('/_next/static/chunks/app.js', { 'accept-encoding': 'br' }, 'POST'),
      await get('/_next/static/media/icon.png', { 'accept-encoding': 'br' }),
      await get('/_next/static/chunks/missing.js', { 'accept-encoding': 'br' }),
      await get('/_next/static/..%2f..%2fsecret.js', { 'accept-encoding': 'br' }),
      await get('/_next/static/%E0%A4%A.js', { 'accept-encoding': 'br' }),
      await get('/inbox', { 'accept-encoding': 'br' }),
    ];
    for (const answer of leftToNext) {
      expect(answer.status).toBe(299);
      expect(answer.body.toString()).toBe('next');
    }
  });
});
