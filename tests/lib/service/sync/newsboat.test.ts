/*
 * newsboat, Debian's terminal feed reader, against the real service's /greader over real HTTP:
 * its Google-Reader-compatible source (`urls-source "feedhq"`, which reads the Atom form
 * reader/atom/<stream>) must list exactly the unread items /v1 lists, and follow read changes made
 * in Tidings. The items come from feeds served on 127.0.0.1. Skipped where newsboat is missing.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { document, rss } from '../feed-server';
import { harnessWithFeedSite } from '../harness-with-feed-site';
import type { TestUser } from '../harness';

const installed = spawnSync('newsboat', ['--version']).status === 0;
if (!installed) console.warn('newsboat tests skipped: install Debian\'s newsboat with `apt-get install -y newsboat`.');

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

describe.skipIf(!installed)('newsboat against /greader', () => {
  const { harness, site } = harnessWithFeedSite();
  let home: string;
  let reader: TestUser;

  beforeAll(() => {
    home = mkdtempSync(path.join(tmpdir(), 'tidings-newsboat-'));
  });
  afterAll(() => rmSync(home, { recursive: true, force: true }));

  /** Runs `newsboat -x reload print-unread` headless on its own config and cache; answers what it printed. */
  async function reload(): Promise<string> {
    writeFileSync(path.join(home, 'config'), [
      'urls-source "feedhq"', `feedhq-url "${harness().baseUrl}/greader"`,
      `feedhq-login "${reader.user.email}"`, `feedhq-password "${reader.key}"`, '',
    ].join('\n'));
    writeFileSync(path.join(home, 'urls'), '');
    // Not spawnSync: the service newsboat calls runs in this process.
    const child = spawn('newsboat', ['-C', path.join(home, 'config'), '-u', path.join(home, 'urls'), '-c', path.join(home, 'cache.db'),
      '-x', 'reload', 'print-unread'], { env: { ...process.env, HOME: home, XDG_CONFIG_HOME: home, XDG_DATA_HOME: home }, timeout: 15_000 });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => { output += chunk; });
    child.stderr.on('data', (chunk: Buffer) => { output += chunk; });
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    if (code !== 0) throw new Error(`newsboat failed: ${output}`);
    return output.trim();
  }

  /** The titles of the items newsboat holds unread in its cache. */
  function newsboatUnread(): string[] {
    return newsboatUnreadWithUrls().map((one) => one.title);
  }

  /** The items newsboat holds unread in its cache: title and link, by title. */
  function newsboatUnreadWithUrls(): { title: string; url: string }[] {
    const cache = new Database(path.join(home, 'cache.db'), { readonly: true });
    try {
      return cache.prepare('SELECT title, url FROM rss_item WHERE unread = 1 AND deleted = 0 ORDER BY title').all() as { title: string; url: string }[];
    } finally {
      cache.close();
    }
  }

  /** Every item /v1 lists unread, all pages: title and link, by title. */
  async function v1UnreadWithUrls(): Promise<{ title: string; url: string }[]> {
    const items: { title: string; url: string }[] = [];
    let cursor: string | undefined;
    do {
      const page = await harness().call('GET', '/v1/items', { key: reader.key, query: { is_read: 'unread', limit: 100, cursor } });
      expect(page.status).toBe(200);
      items.push(...(page.body.data as Json[]).map((item) => ({ title: item.title as string, url: item.canonical_url as string })));
      cursor = page.body.pagination?.next_cursor ?? undefined;
    } while (cursor);
    return items.sort((a, b) => (a.title < b.title ? -1 : 1));
  }

  async function idsByTitle(): Promise<Map<string, string>> {
    const ids = new Map<string, string>();
    let cursor: string | undefined;
    do {
      const page = await harness().call('GET', '/v1/items', { key: reader.key, query: { limit: 100, cursor } });
      for (const item of page.body.data as Json[]) ids.set(item.title, item.id);
      cursor = page.body.pagination?.next_cursor ?? undefined;
    } while (cursor);
    return ids;
  }

  const mark = async (action: 'mark_read' | 'mark_unread', ids: string[]) =>
    expect((await harness().call('PATCH', '/v1/items', { key: reader.key, body: { item_ids: ids, action } })).status).toBe(200);

  const feed = (name: string, count: number) => site.route(`/${name}.xml`, document(rss(name, Array.from({ length: count }, (_, index) => ({
    guid: `${name}-${index + 1}`, title: `${name} ${index + 1}`, date: new Date(Date.now() - (index + 1) * 3_600_000),
  })))));

  it('lists exactly the unread items /v1 lists, and follows read changes made in Tidings', async () => {
    const h = harness();
    reader = await h.createUser({ plan: 'pro', email: 'reader@example.com' });
    // A title with characters that are markup in HTML must come through as the same text.
    const odd = site.route('/odd.xml', document(rss('Odd', [{ guid: 'odd-1', title: 'Q&amp;amp;A &amp;lt;live&amp;gt; caf&#233;', date: new Date() }])));
    for (const url of [feed('Alpha', 3), feed('Beta', 2), odd]) {
      expect((await h.call('POST', '/v1/subscriptions', { key: reader.key, body: { url } })).status).toBe(201);
    }
    const ids = await idsByTitle();
    await mark('mark_read', [ids.get('Alpha 2')!]);

    expect(await reload()).toBe('5 unread articles');
    expect(newsboatUnread()).toEqual(['Alpha 1', 'Alpha 3', 'Beta 1', 'Beta 2', 'Q&A <live> café']);
    expect(newsboatUnreadWithUrls()).toEqual(await v1UnreadWithUrls());

    // Read in Tidings, and unread again: the next reload on the same cache agrees.
    await mark('mark_unread', [ids.get('Alpha 2')!]);
    await mark('mark_read', [ids.get('Alpha 1')!, ids.get('Beta 2')!]);
    expect(await reload()).toBe('4 unread articles');
    expect(newsboatUnread()).toEqual(['Alpha 2', 'Alpha 3', 'Beta 1', 'Q&A <live> café']);
    expect(newsboatUnreadWithUrls()).toEqual(await v1UnreadWithUrls());
  });

  it('lists unread items older than the newest twenty that newsboat asks for, and hears when they are read', async () => {
    const h = harness();
    reader = await h.createUser({ plan: 'pro', email: 'longreader@example.com' });
    rmSync(path.join(home, 'cache.db'), { force: true });
    expect((await h.call('POST', '/v1/subscriptions', { key: reader.key, body: { url: feed('Long', 30) } })).status).toBe(201);
    const ids = await idsByTitle();
    // The 25 newest are read; the 5 oldest stay unread, past newsboat's n=20.
    await mark('mark_read', Array.from({ length: 25 }, (_, index) => ids.get(`Long ${index + 1}`)!));

    expect(await reload()).toBe('5 unread articles');
    expect(newsboatUnread()).toEqual(['Long 26', 'Long 27', 'Long 28', 'Long 29', 'Long 30']);
    expect(newsboatUnreadWithUrls()).toEqual(await v1UnreadWithUrls());

    // Read in Tidings past the twenty newest: newsboat, which keeps what it saw unread, hears of it.
    await mark('mark_read', [ids.get('Long 28')!]);
    expect(await reload()).toBe('4 unread articles');
    expect(newsboatUnreadWithUrls()).toEqual(await v1UnreadWithUrls());
  });
});
