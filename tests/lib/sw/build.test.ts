import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { precacheEntries } from '@/lib/sw/build';

let root: string;

function write(relative: string, content: string): void {
  const file = path.join(root, relative);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
}

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'tidings-sw-build-'));
  write('.next/BUILD_ID', 'build-1\n');
  write('.next/static/chunks/app.js', 'console.log(1)');
  write('.next/static/chunks/app.js.map', '{}');
  write('.next/static/build-1/_buildManifest.js', 'self.__BUILD_MANIFEST={}');
  write('.next/static/media/font.woff2', 'font');
  write('.next/server/app/offline.html', '<html>offline</html>');
  write('public/icons/icon.svg', '<svg/>');
});

afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

describe('the precache manifest', () => {
  it('lists every static file of the build under /_next/static, the icons and the offline page, without source maps', () => {
    const urls = precacheEntries(root).map((entry) => entry.url);
    expect(urls).toEqual([
      '/_next/static/build-1/_buildManifest.js',
      '/_next/static/chunks/app.js',
      '/_next/static/media/font.woff2',
      '/icons/icon.svg',
      '/offline',
    ]);
  });

  it('revises an entry when its content changes and only then', () => {
    const before = new Map(precacheEntries(root).map((entry) => [entry.url, entry.revision]));
    write('.next/static/chunks/app.js', 'console.log(2)');
    const after = new Map(precacheEntries(root).map((entry) => [entry.url, entry.revision]));

    expect(after.get('/_next/static/chunks/app.js')).not.toBe(before.get('/_next/static/chunks/app.js'));
    expect(after.get('/offline')).toBe(before.get('/offline'));
    expect(after.get('/icons/icon.svg')).toBe(before.get('/icons/icon.svg'));
  });
});
