/*
 * `tidings opml import|export` on a temporary data directory, subscribing to feeds served from
 * 127.0.0.1 and checked through the real service on the same file. The first import runs as a
 * real child process (the entry point's exit code and output); the other runs use its entry
 * function in-process.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ensureUser, issueCredential } from '@/lib/service/domain/accounts';
import { readOpml } from '@/lib/service/domain/opml/read-opml';
import { createService, type SqliteService } from '@/lib/service/service';
import { document, FeedServer, rss } from '../feed-server';
import { runTidings, spawnTidings } from './tidings-cli';

// The spawned test starts `tsx`: on a busy two-core machine it can take longer than the default 20 s.
vi.setConfig({ testTimeout: 60_000 });

let dataDir: string;
let service: SqliteService;
let site: FeedServer;
let key: string;

const settings = () => ({ TIDINGS_DATA_DIR: dataDir, TIDINGS_ALLOW_PRIVATE_URLS: '1' });
const tidings = (...args: string[]) => runTidings(settings(), args);
const spawned = (...args: string[]) => spawnTidings(settings(), args);

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'tidings-cli-opml-'));
  service = createService({ databaseFile: path.join(dataDir, 'service.db') });
  const user = await ensureUser(service.store, 'importer@example.com', { plan: 'pro' });
  key = (await issueCredential(service.store, user.id, 'api_key', 'test')).secret;
  site = await new FeedServer().start();
});

afterAll(async () => {
  await site.stop();
  service.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('tidings opml', () => {
  it('imports a file into folders, then exports the same layout', async () => {
    const item = [{ guid: 'one', title: 'One', date: new Date(Date.now() - 3_600_000) }];
    const river = site.route('/river.xml', document(rss('River Notes', item)));
    const hill = site.route('/hill.xml', document(rss('Hill Diary', item)));
    const file = path.join(dataDir, 'mine.opml');
    writeFileSync(file, `<opml version="2.0"><body><outline text="River" xmlUrl="${river}"/>
      <outline text="Reading"><outline text="Hill" xmlUrl="${hill}"/><outline text="Nope" xmlUrl="${site.baseUrl}/nope.xml"/></outline></body></opml>`);

    const imported = await spawned('opml', 'import', '--email', 'importer@example.com', file);
    expect(imported.code).toBe(0);
    expect(imported.stderr).toBe('3 imported, 0 already subscribed, 0 failed. 1 imported but not fetched.\n');
    expect(imported.stdout).toMatch(new RegExp(`^not fetched  ${site.baseUrl}/nope.xml  The feed server answered 404`));

    const listed = await service.fetch(new Request('http://x/v1/subscriptions?all=true', { headers: { authorization: `Bearer ${key}` } }));
    expect(((await listed.json()) as { data: { title: string }[] }).data.map((s) => s.title)).toEqual(['Hill Diary', 'Nope', 'River Notes']);

    const again = await tidings('opml', 'import', '--email', 'importer@example.com', '--json', file);
    expect(JSON.parse(again.stdout)).toMatchObject({ imported: 0, already_subscribed: 3, failed: [], not_fetched: [] });

    const exported = await tidings('opml', 'export', '--email', 'importer@example.com');
    expect(exported.code).toBe(0);
    expect(readOpml(exported.stdout)).toEqual([
      { url: river, title: 'River Notes', folder: null },
      { url: hill, title: 'Hill Diary', folder: 'Reading' },
      { url: `${site.baseUrl}/nope.xml`, title: 'Nope', folder: 'Reading' },
    ]);
  });

  it('fails clearly: no file (2), an unknown user, a missing file or a document that is not OPML (1)', async () => {
    const noFile = await tidings('opml', 'import', '--email', 'importer@example.com');
    expect(noFile.code).toBe(2);
    expect(noFile.stderr).toMatch(/OPML file is required/);
    const extra = await tidings('opml', 'export', '--email', 'importer@example.com', 'stray');
    expect(extra.code).toBe(2);

    const bad = path.join(dataDir, 'bad.opml');
    writeFileSync(bad, 'this is not xml');
    const cases: [string[], RegExp][] = [
      [['--email', 'nobody@example.com', bad], /No user with email nobody@example.com/],
      [['--email', 'importer@example.com', path.join(dataDir, 'absent.opml')], /Cannot read .*absent\.opml/],
      [['--email', 'importer@example.com', bad], /not an OPML document/],
    ];
    for (const [args, message] of cases) {
      const run = await tidings('opml', 'import', ...args);
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(message);
    }
  });
});
