import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const domainDir = path.resolve(__dirname, '../../../../lib/service/domain');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|mts|mjs)$/.test(entry.name) ? [full] : [];
  });
}

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)].map((match) => match[1]);
}

describe('the domain seam', () => {
  it('has no domain file importing the HTTP layer or a database driver', () => {
    const offenders = sourceFiles(domainDir).flatMap((file) =>
      importsOf(file)
        .filter((target) => /(^|\/)http(\/|$)/.test(target) || target === 'better-sqlite3' || target === 'pg' || target === 'postgres')
        .map((target) => `${path.relative(domainDir, file)} imports ${target}`));
    expect(offenders).toEqual([]);
  });
});
