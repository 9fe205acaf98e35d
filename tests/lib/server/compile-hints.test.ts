import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { COMPILE_HINT, markStartupScripts, startupScripts } from '@/lib/server/compile-hints';

let dist: string;

/** A file of the build, written with its folders. */
function write(file: string, text: string): void {
  mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
  writeFileSync(path.join(dist, file), text);
}

const read = (file: string) => readFileSync(path.join(dist, file), 'utf8');

/** A client reference manifest as Next 16 writes it: a script that assigns the route's entry. */
function clientReferenceManifest(route: string, entryJSFiles: Record<string, string[]>): string {
  return `globalThis.__RSC_MANIFEST = globalThis.__RSC_MANIFEST || {};\nglobalThis.__RSC_MANIFEST[${JSON.stringify(route)}] = ${JSON.stringify({ clientModules: { x: { chunks: ['/_next/static/chunks/lazy.js'] } }, entryJSFiles })};\n`;
}

beforeEach(() => {
  dist = mkdtempSync(path.join(tmpdir(), 'tidings-compile-hints-'));
  write('build-manifest.json', JSON.stringify({ polyfillFiles: ['static/chunks/polyfill.js'], rootMainFiles: ['static/chunks/runtime.js', 'static/chunks/turbopack.js'] }));
  write('server/app/inbox/page_client-reference-manifest.js', clientReferenceManifest('/inbox/page', {
    '[project]/app/layout': ['static/chunks/layout.js', 'static/chunks/layout.css'],
    '[project]/app/inbox/page': ['static/chunks/layout.js', 'static/chunks/inbox.js'],
  }));
  write('server/app/items/[id]/page_client-reference-manifest.js', clientReferenceManifest('/items/[id]/page', {
    '[project]/app/items/[id]/page': ['static/chunks/reader.js'],
  }));
  for (const name of ['runtime', 'turbopack', 'layout', 'inbox', 'lazy', 'polyfill']) write(`static/chunks/${name}.js`, `console.log(${JSON.stringify(name)});\n`);
  write('static/chunks/reader.js', 'console.log("reader");\n//# sourceMappingURL=reader.js.map\n');
  write('static/chunks/reader.js.map', JSON.stringify({ version: 3, sections: [{ offset: { line: 0, column: 0 }, map: { version: 3, mappings: 'AAAA' } }] }));
  write('static/chunks/layout.css', 'body{}');
});

afterEach(() => rmSync(dist, { recursive: true, force: true }));

describe('compile hints on the startup scripts', () => {
  it('finds the scripts every route loads with its HTML: the runtime and each route entry, not lazy chunks, stylesheets or polyfills', () => {
    expect(startupScripts(dist)).toEqual(['inbox', 'layout', 'reader', 'runtime', 'turbopack'].map((name) => `static/chunks/${name}.js`));
  });

  it('puts the hint on their first line once, and leaves lazy chunks as Next wrote them', () => {
    expect(markStartupScripts(dist)).toBe(5);
    expect(read('static/chunks/inbox.js')).toBe(`${COMPILE_HINT}\nconsole.log("inbox");\n`);
    expect(read('static/chunks/lazy.js')).toBe('console.log("lazy");\n');
    expect(read('static/chunks/polyfill.js')).toBe('console.log("polyfill");\n');
    // A second build step over the same files changes nothing.
    expect(markStartupScripts(dist)).toBe(0);
    expect(read('static/chunks/inbox.js').split(COMPILE_HINT)).toHaveLength(2);
  });

  it('moves a marked script\'s source map one line down with it', () => {
    markStartupScripts(dist);
    const map = JSON.parse(read('static/chunks/reader.js.map')) as { sections: { offset: { line: number } }[] };
    expect(map.sections[0]!.offset.line).toBe(1);
  });

  it('refuses a client reference manifest it cannot read, rather than mark too little', () => {
    write('server/app/odd/page_client-reference-manifest.js', 'module.exports = {};\n');
    expect(() => startupScripts(dist)).toThrow(/does not hold a client reference manifest/);
  });
});
