/*
 * A step of `npm run build` (after Next's own): marks the scripts a page loads first with V8's
 * explicit compile hint (`//# allFunctionsCalledOnLoad`, Chrome 136 and later; other browsers read
 * a comment). Nearly every function in them runs while the page hydrates; unmarked, each is
 * compiled on the main thread at its first call, inside the long task that boots the page. Marked,
 * Chrome compiles them while the script streams in, on a background thread. Chunks loaded later
 * (React.lazy, next/dynamic) stay lazy: most of their code may never run.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** V8's magic comment; it counts only on a script's first line. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

type BuildManifest = { rootMainFiles?: string[] };
type ClientReferenceManifest = { entryJSFiles?: Record<string, string[]> };

/** The client reference manifests Next wrote for every route, under `server/app`. */
function clientReferenceManifests(appDir: string): string[] {
  if (!existsSync(appDir)) return [];
  return readdirSync(appDir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('_client-reference-manifest.js'))
    .map((file) => path.join(appDir, file));
}

/** What a manifest file assigns to `globalThis.__RSC_MANIFEST[route]`, read as data (never run). */
function readClientReferenceManifest(file: string): ClientReferenceManifest {
  const text = readFileSync(file, 'utf8');
  const assignment = text.indexOf('__RSC_MANIFEST[');
  const start = assignment < 0 ? -1 : text.indexOf('= {', assignment);
  if (start < 0) throw new Error(`${file} does not hold a client reference manifest Next 16 would write.`);
  return JSON.parse(text.slice(start + 2).trim().replace(/;$/, '')) as ClientReferenceManifest;
}

/** The scripts pages load with their HTML (Next's runtime and every route's entry chunks), relative to the build. */
export function startupScripts(distDir: string): string[] {
  const manifest = JSON.parse(readFileSync(path.join(distDir, 'build-manifest.json'), 'utf8')) as BuildManifest;
  const files = new Set((manifest.rootMainFiles ?? []).filter((file) => file.endsWith('.js')));
  for (const file of clientReferenceManifests(path.join(distDir, 'server', 'app'))) {
    for (const chunks of Object.values(readClientReferenceManifest(file).entryJSFiles ?? {})) {
      for (const chunk of chunks) if (chunk.endsWith('.js')) files.add(chunk);
    }
  }
  return [...files].sort();
}

/** Moves a source map's mappings one line down, as the hint's line moved the script's. */
function shiftSourceMap(script: string, code: string): void {
  const name = /\/\/# sourceMappingURL=(\S+)\s*$/.exec(code)?.[1];
  const map = name && !name.startsWith('data:') ? path.join(path.dirname(script), name) : null;
  if (!map || !existsSync(map)) return;
  const parsed = JSON.parse(readFileSync(map, 'utf8')) as { mappings?: string; sections?: unknown[] };
  if (typeof parsed.mappings === 'string') parsed.mappings = `;${parsed.mappings}`;
  else if (Array.isArray(parsed.sections)) {
    for (const section of parsed.sections as { offset?: { line: number } }[]) if (section.offset) section.offset.line += 1;
  }
  writeFileSync(map, JSON.stringify(parsed));
}

/** Puts the hint on the first line of every startup script that lacks it; answers how many it marked. */
export function markStartupScripts(distDir: string): number {
  let marked = 0;
  for (const file of startupScripts(distDir)) {
    const script = path.join(distDir, file);
    const code = readFileSync(script, 'utf8');
    if (code.startsWith(COMPILE_HINT)) continue;
    writeFileSync(script, `${COMPILE_HINT}\n${code}`);
    shiftSourceMap(script, code);
    marked += 1;
  }
  return marked;
}
