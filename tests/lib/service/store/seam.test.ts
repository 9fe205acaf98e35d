import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const domainDir = path.resolve(__dirname, '../../../../lib/service/domain');

/**
 * The domain areas converted to the storage seam (issue 26): their files hold no SQL and reach
 * storage only through lib/service/store's interfaces. The list grows area by area (a folder, or
 * single files of an area not wholly converted).
 */
const convertedAreas = ['folders', 'tags', 'saved-searches', 'accounts.ts', 'up-next', 'items/playback.ts',
  'opml/export-opml.ts', 'opml/import-fetch.ts', 'opml/read-opml.ts',
  // search-feeds.ts and search-items.ts wait for the subscriptions and items areas.
  'search/search-records.ts', 'search/paging.ts',
  'rules', 'stories',
  // Read-later links live beside their services' API clients, outside domain/, under the same rule.
  '../read-later/links.ts',
  'items/chapters.ts', 'items/full-content.ts', 'items/ai-summary.ts', 'feeds/feed-icons.ts', 'feeds/full-articles.ts', 'feeds/failure-sentence.ts',
  // The sync protocols' reads and episode actions, outside domain/, under the same rule (their HTTP adapters import http/;
  // fever-write and gpodder-subscriptions still call the items and subscriptions areas with the connection).
  '../sync/fever/fever-read.ts', '../sync/gpodder/gpodder-episodes.ts',
  'subscriptions', 'feeds/subscribe-user.ts', 'opml/import-opml.ts',
  'items/get-item.ts', 'items/item-view.ts', 'items/list-items.ts', 'items/item-filter.ts', 'items/cursor.ts',
  'items/item-state.ts', 'items/tags.ts', 'items/suggested-tags.ts', 'search/search-items.ts',
  'search/search-feeds.ts', 'items/similar-items.ts',
  // Google Reader's reads and writes through the greader store; mail's newsletter lookup through the subscriptions store.
  '../sync/greader/greader-read.ts', '../sync/greader/greader-write.ts', '../sync/greader/greader-atom.ts', '../sync/greader/greader-ids.ts',
  '../sync/greader/greader-subscriptions.ts', '../mail/smtp-listener.ts',
  // The refresh: the whole feeds folder (its indexing moved to intelligence/ingest-queue.ts), and the scheduler that claims due feeds.
  'feeds', '../scheduler.ts',
  // seed:demo's seeding and demo content (its entry point, cli/seed-demo.ts, opens the data directory).
  '../cli/demo-seed.ts', '../cli/demo-icons.ts', '../cli/demo-items.ts', '../cli/demo-media.ts', '../cli/demo-content.ts',
  // Indexing behind ingestion reads items through the indexing store; mail stores a newsletter's item through the feeds store.
  '../intelligence/ingest-queue.ts', '../mail/receive-mail.ts'];

/**
 * HTTP adapters of the sync protocols, mail and /v1's authentication: the same rules, except that
 * they may import lib/service/http (they answer requests), and do.
 */
const convertedAdapters = ['../sync/greader/greader-api.ts', '../sync/greader/greader-auth.ts', '../sync/gpodder/gpodder-api.ts',
  '../sync/gpodder/gpodder-auth.ts', '../sync/gpodder/gpodder-session.ts', '../mail/inbound-http.ts', '../http/authenticate.ts'];

function sourceFiles(target: string): string[] {
  if (!statSync(target).isDirectory()) return [target];
  return readdirSync(target, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(target, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|mts|mjs)$/.test(entry.name) ? [full] : [];
  });
}

function importsOf(text: string): string[] {
  return [...text.matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)].map((match) => match[1]);
}

const forbiddenImport = (target: string) => ['better-sqlite3', 'pg', 'postgres'].includes(target)
  || /(^|\/)http(\/|$)/.test(target) || /(^|\/)store\/sqlite(\/|$)/.test(target) || /(^|\/)store\/database$/.test(target);

/**
 * SQL in a file's text: a connection's prepare() (not the feed preparer's `prepare(source, …)`,
 * feeds/feed-preparer.ts, which parses a document), an exec() of the connection or of a string
 * (a RegExp's exec() runs no SQL), or the connection itself.
 */
const sqlPatterns = [/(?<!reparer(\(\))?\.)\bprepare\((?!source[,:])/, /\bdb\.exec\(/, /\.exec\(\s*['"`]/, /\bdb\./, /\bdb\b\s*[,)]/];

/** What breaks the rules in an area's files: SQL, or an import of a database (or of lib/service/http unless `httpAllowed`). */
function offendersIn(area: string, httpAllowed = false): string[] {
  const files = sourceFiles(path.join(domainDir, area));
  expect(files.length).toBeGreaterThan(0);
  return files.flatMap((file) => {
    const text = readFileSync(file, 'utf8');
    const name = path.relative(domainDir, file);
    const forbidden = (target: string) => forbiddenImport(target) && !(httpAllowed && /(^|\/)http(\/|$)/.test(target));
    return [
      ...importsOf(text).filter(forbidden).map((target) => `${name} imports ${target}`),
      ...sqlPatterns.filter((pattern) => pattern.test(text)).map((pattern) => `${name} matches ${pattern}`),
    ];
  });
}

describe('the storage seam', () => {
  it.each(convertedAreas)('leaves no SQL and no database import in the domain area %s', (area) => {
    expect(offendersIn(area)).toEqual([]);
  });

  it.each(convertedAdapters)('leaves no SQL and no database import in the HTTP adapter %s', (area) => {
    expect(offendersIn(area, true)).toEqual([]);
  });

  it('tells SQL run on a connection from a regular expression\'s exec()', () => {
    const sqlIn = (text: string) => sqlPatterns.some((pattern) => pattern.test(text));
    expect(sqlIn("db.exec('DELETE FROM items')")).toBe(true);
    expect(sqlIn('connection.exec(`UPDATE feeds SET title = 1`)')).toBe(true);
    expect(sqlIn('tx.exec( "VACUUM")')).toBe(true);
    expect(sqlIn('const port = /listening (\\d+)/.exec(output)?.[1];')).toBe(false);
    expect(sqlIn('const match = datePattern.exec(value);')).toBe(false);
  });
});
