import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseOpml } from 'feedsmith';
import { beforeAll, describe, expect, it } from 'vitest';
import { readOpml } from '@/lib/service/domain/opml/read-opml';
import { normalizeFeedUrl } from '@/lib/service/domain/subscriptions/subscribe';
import type { TestUser } from '../../harness';
import { document, rss } from '../../feed-server';
import { harnessWithFeedSite } from '../../harness-with-feed-site';

const { harness, site } = harnessWithFeedSite();

const posts = (name: string) => [1, 2].map((n) => ({ guid: `${name}-${n}`, title: `${name} post ${n}`, date: new Date(Date.now() - n * 3_600_000) }));
const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

type Outline = { text?: string; title?: string; type?: string; xmlUrl?: string; htmlUrl?: string; outlines?: Outline[] };

/** Folder name (or '' for none) → sorted feed URLs, as an OPML document lays them out. */
function layout(opml: string): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const feed of readOpml(opml)) (out[feed.folder ?? ''] ??= []).push(feed.url);
  for (const urls of Object.values(out)) urls.sort();
  return out;
}

async function folderNames(account: TestUser): Promise<string[]> {
  return (await harness().call('GET', '/v1/folders', { key: account.appToken })).body.data.map((f: { name: string }) => f.name);
}

async function importDoc(account: TestUser, opml: string) {
  const answer = await harness().call('POST', '/v1/opml/import', { key: account.appToken, body: { opml } });
  expect(answer.status).toBe(200);
  return answer.body;
}

/** Polls the import's progress until the new feeds' background fetch is over, and answers it. */
async function fetchedImport(account: TestUser) {
  for (;;) {
    const progress = await harness().call('GET', '/v1/opml/import/progress', { key: account.appToken });
    expect(progress.status).toBe(200);
    if (!progress.body.running) return progress.body;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('OPML import and export', () => {
  const urls: Record<string, string> = {};
  beforeAll(() => {
    for (const name of ['alpha', 'beta', 'gamma']) urls[name] = site.route(`/${name}.xml`, document(rss(`${name[0].toUpperCase()}${name.slice(1)} Blog`, posts(name))));
    urls.page = site.route('/no-feed.html', document('<!doctype html><title>Nothing here</title><p>No feed.</p>', 'text/html'));
    urls.missing = `${site.baseUrl}/gone.xml`;
  });

  const sourceDocument = () => `<?xml version="1.0" encoding="UTF-8"?>
<opml version="2.0"><head><title>From another reader</title></head><body>
  <outline text="Alpha" type="rss" xmlUrl="${escape(urls.alpha)}"/>
  <outline text="Tech">
    <outline text="Beta" type="rss" xmlUrl="${escape(urls.beta)}"/>
    <outline text="Alpha again" type="rss" xmlUrl="${escape(urls.alpha)}"/>
  </outline>
  <outline text="Outer"><outline text="Inner"><outline text="Gamma" type="rss" xmlUrl="${escape(urls.gamma)}"/></outline></outline>
  <outline text="Broken">
    <outline text="Gone" type="rss" xmlUrl="${escape(urls.missing)}"/>
    <outline text="A page" type="rss" xmlUrl="${escape(urls.page)}"/>
  </outline>
</body></opml>`;

  it('imports each distinct feed once, counting the repeated outline, recreating folders from the nesting; feeds that fail their first fetch are reported by URL', async () => {
    const account = await harness().createUser();
    const result = await importDoc(account, sourceDocument());
    expect(result).toEqual({ imported: 5, already_subscribed: 0, duplicates: 1, failed: [] });
    expect(await folderNames(account)).toEqual(['Broken', 'Outer / Inner', 'Tech']);
    expect(await fetchedImport(account)).toEqual({
      total: 5, fetched: 5, running: false,
      failed: expect.arrayContaining([
        { url: urls.missing, message: expect.stringMatching(/404/) },
        { url: urls.page, message: expect.stringMatching(/feed/) },
      ]),
    });

    const exported = await harness().call('GET', '/v1/opml', { key: account.appToken });
    expect(layout(exported.body.opml)).toEqual({ '': [urls.alpha], Broken: [urls.missing, urls.page].sort(), 'Outer / Inner': [urls.gamma], Tech: [urls.beta] });
    expect((await harness().call('GET', '/v1/items', { key: account.key })).body.pagination.total).toBe(6);
    const failing = (await harness().call('GET', '/v1/feed-health', { key: account.appToken })).body.data;
    expect(failing.map((health: { status: string }) => health.status)).toEqual(['failing', 'failing']);
  });

  it('counts feeds the user already follows as already_subscribed, leaving them where they are', async () => {
    const account = await harness().createUser();
    await importDoc(account, sourceDocument());
    await fetchedImport(account);
    const again = await importDoc(account, sourceDocument());
    expect(again).toEqual({ imported: 0, already_subscribed: 5, duplicates: 1, failed: [] });
    expect(await folderNames(account)).toEqual(['Broken', 'Outer / Inner', 'Tech']);
  });

  it('exports OPML 2.0: feeds without a folder first, then one outline per folder, newsletters left out', async () => {
    const account = await harness().createUser();
    await importDoc(account, sourceDocument());
    await fetchedImport(account);
    await harness().call('POST', '/v1/subscriptions/newsletters', { key: account.appToken, body: { title: 'Letters' } });
    await harness().call('POST', '/v1/folders', { key: account.appToken, body: { name: 'Empty shelf' } });

    const answer = await harness().call('GET', '/v1/opml', { key: account.appToken });
    expect(answer.status).toBe(200);
    expect(answer.body.filename).toMatch(/^tidings-subscriptions-\d{4}-\d{2}-\d{2}\.opml$/);
    expect(answer.body.opml).toMatch(/^<\?xml version="1.0" encoding="utf-8"\?>\s*<opml version="2.0">/);
    const parsed = parseOpml(answer.body.opml) as { head?: { title?: string }; body?: { outlines?: Outline[] } };
    expect(parsed.head?.title).toBe('Tidings subscriptions');
    expect(parsed.body?.outlines).toEqual([
      // The feeds were known already (an earlier test imported them): the names this file gives them are this person's.
      { text: 'Alpha', title: 'Alpha', type: 'rss', xmlUrl: urls.alpha, htmlUrl: 'https://example.org/' },
      // Imported, never fetched: the names the file gave them.
      { text: 'Broken', title: 'Broken', outlines: [
        { text: 'A page', title: 'A page', type: 'rss', xmlUrl: urls.page },
        { text: 'Gone', title: 'Gone', type: 'rss', xmlUrl: urls.missing },
      ] },
      { text: 'Outer / Inner', title: 'Outer / Inner', outlines: [
        { text: 'Gamma', title: 'Gamma', type: 'rss', xmlUrl: urls.gamma, htmlUrl: 'https://example.org/' },
      ] },
      { text: 'Tech', title: 'Tech', outlines: [
        { text: 'Beta', title: 'Beta', type: 'rss', xmlUrl: urls.beta, htmlUrl: 'https://example.org/' },
      ] },
    ]);
    expect(answer.body.opml).not.toContain('Letters');
  });

  it('exports a valid, empty OPML document for an account with no feeds', async () => {
    const account = await harness().createUser();
    const answer = await harness().call('GET', '/v1/opml', { key: account.appToken });
    expect(answer.status).toBe(200);
    const parsed = parseOpml(answer.body.opml) as { head?: { title?: string }; body?: { outlines?: Outline[] } };
    expect(parsed.head?.title).toBe('Tidings subscriptions');
    expect(parsed.body?.outlines ?? []).toEqual([]);
  });

  it('round-trips: another user importing the export gets the same feeds in the same folders, without refetching', async () => {
    const first = await harness().createUser();
    await importDoc(first, sourceDocument());
    await fetchedImport(first);
    const exported = (await harness().call('GET', '/v1/opml', { key: first.appToken })).body.opml;
    const hitsBefore = [...site.hits.values()].reduce((a, b) => a + b, 0);

    const second = await harness().createUser();
    expect(await importDoc(second, exported)).toEqual({ imported: 5, already_subscribed: 0, duplicates: 0, failed: [] });
    expect(await fetchedImport(second)).toMatchObject({ total: 0, running: false });
    expect([...site.hits.values()].reduce((a, b) => a + b, 0)).toBe(hitsBefore);
    const reexported = (await harness().call('GET', '/v1/opml', { key: second.appToken })).body.opml;
    expect(layout(reexported)).toEqual(layout(exported));
    expect(await folderNames(second)).toEqual(await folderNames(first));
  });

  it('puts imported feeds into an existing folder of the same name, in any case', async () => {
    const account = await harness().createUser();
    const tech = (await harness().call('POST', '/v1/folders', { key: account.appToken, body: { name: 'TECH' } })).body;
    await importDoc(account, sourceDocument());
    await fetchedImport(account);
    expect(await folderNames(account)).toEqual(['Broken', 'Outer / Inner', 'TECH']);
    const inTech = await harness().call('GET', '/v1/subscriptions', { key: account.key, query: { folder_id: tech.id } });
    // Beta was known already: the file's name for it is this person's subscription title.
    expect(inTech.body.data.map((s: { title: string }) => s.title)).toEqual(['Beta']);
  });

  it('answers 422 for a document that is not OPML, and imports nothing from one without feeds', async () => {
    const account = await harness().createUser();
    for (const opml of ['', 'plain text', '<rss version="2.0"><channel><title>x</title></channel></rss>']) {
      const answer = await harness().call('POST', '/v1/opml/import', { key: account.appToken, body: { opml } });
      expect(answer.status).toBe(422);
      expect(answer.body.message).toMatch(/opml/);
    }
    expect(await importDoc(account, '<opml version="2.0"><head/><body><outline text="Folder only"/></body></opml>'))
      .toEqual({ imported: 0, already_subscribed: 0, duplicates: 0, failed: [] });
    expect(await folderNames(account)).toEqual([]);
  });
});

const realWorld = path.resolve(process.cwd(), '../shared/feeds/real-world');
const hasRealWorld = existsSync(path.join(realWorld, 'Subs.opml'));
if (!hasRealWorld) console.warn(`skipped importing the real-world OPML: ${realWorld} is absent`);

describe.skipIf(!hasRealWorld)('importing the real-world Subs.opml (feeds already known to the instance)', () => {
  // No network in tests: every feed of the file is stored first, so subscribing takes the known-feed path.
  beforeAll(async () => {
    const text = readFileSync(path.join(realWorld, 'Subs.opml'), 'utf8');
    const known = new Set(readOpml(text).map((feed) => normalizeFeedUrl(feed.url)!));
    for (const url of known) await harness().createFeed({ url, title: `Known ${url}` });
  });
  const subs = () => readFileSync(path.join(realWorld, 'Subs.opml'), 'utf8');

  it('subscribes to the 206 distinct feeds (Katie Floyd is listed twice) in the four folders', async () => {
    const account = await harness().createUser({ plan: 'plus' });
    expect(await importDoc(account, subs())).toEqual({ imported: 206, already_subscribed: 0, duplicates: 1, failed: [] });
    const folders = (await harness().call('GET', '/v1/folders', { key: account.appToken })).body.data as { id: string; name: string }[];
    expect(folders.map((f) => f.name)).toEqual(['Macintosh', 'Programming', 'Weblogs', 'Writers']);
    const counts: Record<string, number> = {};
    for (const folder of folders) {
      counts[folder.name] = (await harness().call('GET', '/v1/subscriptions', { key: account.key, query: { folder_id: folder.id, limit: 100 } })).body.pagination.total;
    }
    expect(counts).toEqual({ Programming: 33, Macintosh: 5, Weblogs: 97, Writers: 3 });
    expect((await harness().call('GET', '/v1/subscriptions', { key: account.key })).body.pagination.total).toBe(68);
  });

  it('stops at the free plan’s 50 feeds, reporting each feed beyond it', async () => {
    const account = await harness().createUser({ plan: 'free' });
    const result = await importDoc(account, subs());
    expect(result.imported).toBe(50);
    expect(result.failed).toHaveLength(156);
    expect(result.failed[0].message).toMatch(/50/);
  });
});
