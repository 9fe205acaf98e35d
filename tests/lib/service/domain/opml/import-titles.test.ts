/*
 * The titles an OPML import gives subscriptions, through /v1/opml/import and Google Reader's
 * subscription/import alike, against the real service and feeds served from 127.0.0.1: the file's
 * title is the person's name for a feed already known here, kept through later fetches; a feed new
 * here is named by its channel once fetched, as before.
 */
import { describe, expect, it } from 'vitest';
import { refreshFeeds } from '@/lib/service/domain/feeds/refresh-feed';
import type { TestUser } from '../../harness';
import { document, rss } from '../../feed-server';
import { harnessWithFeedSite } from '../../harness-with-feed-site';

const { harness, site } = harnessWithFeedSite();

const post = (guid: string) => [{ guid, title: `Post ${guid}`, date: new Date(Date.now() - 3_600_000) }];
const outline = (title: string, url: string) => `<outline type="rss" text="${title}" title="${title}" xmlUrl="${url}"/>`;
const opml = (...outlines: string[]) => `<?xml version="1.0" encoding="UTF-8"?>
<opml version="2.0"><head><title>From another reader</title></head><body>${outlines.join('\n')}</body></opml>`;

async function titles(account: TestUser): Promise<Record<string, string>> {
  const answer = await harness().call('GET', '/v1/subscriptions', { key: account.key, query: { all: true } });
  const feedIds = harness().service.db.prepare('SELECT s.id, f.url FROM subscriptions s JOIN feeds f ON f.id = s.feed_id WHERE s.user_id = ?')
    .all(account.user.id) as { id: string; url: string }[];
  const urlOf = new Map(feedIds.map((row) => [row.id, row.url]));
  return Object.fromEntries(answer.body.data.map((entry: { id: string; title: string }) => [urlOf.get(entry.id), entry.title]));
}

async function refreshAll(): Promise<void> {
  const ids = harness().service.db.prepare('SELECT id FROM feeds WHERE url IS NOT NULL').pluck().all() as string[];
  await refreshFeeds(harness().service, ids);
}

describe('titles of imported subscriptions', () => {
  it('keeps the file\'s title for a feed already known here (/v1 import), unless it is the feed\'s own, and through refreshes', async () => {
    const known = site.route('/known.xml', document(rss('Known Channel', post('k1'))));
    const same = site.route('/same.xml', document(rss('Same Name', post('s1'))));
    const fresh = site.route('/fresh.xml', document(rss('Fresh Channel', post('f1'))));
    const bob = await harness().createUser({ plan: 'pro' });
    for (const url of [known, same]) expect((await harness().call('POST', '/v1/subscriptions', { key: bob.key, body: { url } })).status).toBe(201);

    const alice = await harness().createUser({ plan: 'pro' });
    const answer = await harness().call('POST', '/v1/opml/import', {
      key: alice.appToken, body: { opml: opml(outline('My Known', known), outline('Same Name', same), outline('My Fresh', fresh)) },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ imported: 3, failed: [] });
    while ((await harness().call('GET', '/v1/opml/import/progress', { key: alice.appToken })).body.running) await new Promise((resolve) => setTimeout(resolve, 20));
    // The new feed was fetched behind the import, which named it.
    expect(await titles(alice)).toEqual({ [known]: 'My Known', [same]: 'Same Name', [fresh]: 'Fresh Channel' });

    // The channels rename themselves: the subscription named by the file stays as it was named.
    site.route('/known.xml', document(rss('Known Channel Renamed', post('k1'))));
    site.route('/same.xml', document(rss('Same Name Renamed', post('s1'))));
    site.route('/fresh.xml', document(rss('Fresh Channel Renamed', post('f1'))));
    await refreshAll();
    expect(await titles(alice)).toEqual({ [known]: 'My Known', [same]: 'Same Name Renamed', [fresh]: 'Fresh Channel Renamed' });
    // Bob named nothing: his subscriptions follow the channels.
    expect(await titles(bob)).toEqual({ [known]: 'Known Channel Renamed', [same]: 'Same Name Renamed' });
  });

  it('keeps the file\'s title for a known feed through Google Reader\'s subscription/import', async () => {
    const known = site.route('/greader-known.xml', document(rss('Greader Channel', post('g1'))));
    const bob = await harness().createUser({ plan: 'pro' });
    expect((await harness().call('POST', '/v1/subscriptions', { key: bob.key, body: { url: known } })).status).toBe(201);

    const carol = await harness().createUser({ plan: 'pro', email: 'carol@example.com' });
    const login = await fetch(`${harness().baseUrl}/greader/accounts/ClientLogin`, {
      method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ Email: 'carol@example.com', Passwd: carol.key }).toString(),
    });
    const auth = /Auth=(\S+)/.exec(await login.text())![1];
    const imported = await fetch(`${harness().baseUrl}/greader/reader/api/0/subscription/import`, {
      method: 'POST', headers: { authorization: `GoogleLogin auth=${auth}`, 'content-type': 'text/xml' },
      body: opml(`<outline text="Reading"><outline type="rss" text="Imported &amp; title &#x2603;" xmlUrl="${known}"/></outline>`),
    });
    expect(imported.status).toBe(200);
    const list = await fetch(`${harness().baseUrl}/greader/reader/api/0/subscription/list?output=json`, { headers: { authorization: `GoogleLogin auth=${auth}` } });
    expect((await list.json()).subscriptions).toEqual([expect.objectContaining({
      url: known, title: 'Imported & title ☃', categories: [{ id: 'user/-/label/Reading', label: 'Reading' }],
    })]);
  });

  it('leaves the title of a subscription that already existed as it was', async () => {
    const url = site.route('/kept.xml', document(rss('Kept Channel', post('c1'))));
    const dora = await harness().createUser({ plan: 'pro' });
    expect((await harness().call('POST', '/v1/subscriptions', { key: dora.key, body: { url } })).status).toBe(201);
    const answer = await harness().call('POST', '/v1/opml/import', { key: dora.appToken, body: { opml: opml(outline('Another Name', url)) } });
    expect(answer.body).toMatchObject({ imported: 0, already_subscribed: 1 });
    expect(await titles(dora)).toEqual({ [url]: 'Kept Channel' });
  });
});
