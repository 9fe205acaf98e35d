import { describe, expect, it } from 'vitest';
import { maxImportFeeds } from '@/lib/service/domain/opml/import-opml';
import type { TestUser } from '../../harness';
import { document, rss } from '../../feed-server';
import { harnessWithFeedSite } from '../../harness-with-feed-site';

const { harness, site } = harnessWithFeedSite();

/** An OPML document with one outline per URL, all in the folder "Bound". */
function opmlOf(urls: string[]): string {
  const outlines = urls.map((url, i) => `<outline text="Feed ${i}" type="rss" xmlUrl="${url}"/>`).join('\n');
  return `<?xml version="1.0"?><opml version="2.0"><head/><body><outline text="Bound">${outlines}</outline></body></opml>`;
}

async function subscriptionCount(account: TestUser): Promise<number> {
  return (await harness().call('GET', '/v1/subscriptions', { key: account.key, query: { all: 'true' } })).body.pagination.total;
}

async function folderCount(account: TestUser): Promise<number> {
  return (await harness().call('GET', '/v1/folders', { key: account.appToken })).body.data.length;
}

describe('bounds of an OPML import', () => {
  it(`refuses an OPML file with more than ${maxImportFeeds} feeds with a 413 whose one sentence names the field and the limit, and keeps nothing`, async () => {
    const account = await harness().createUser({ plan: 'plus' });
    const urls = Array.from({ length: maxImportFeeds + 1 }, (_, i) => `${site.baseUrl}/many/${i}.xml`);
    const answer = await harness().call('POST', '/v1/opml/import', { key: account.appToken, body: { opml: opmlOf(urls) } });
    expect(answer.status).toBe(413);
    expect(answer.body.message).toBe('opml lists 1,001 feeds, more than the 1,000 one import takes; split the file into smaller ones.');
    expect([...site.hits.keys()].filter((path) => path.startsWith('/many/'))).toEqual([]);
    expect(await subscriptionCount(account)).toBe(0);
    expect(await folderCount(account)).toBe(0);
  });

  it(`takes a file of exactly ${maxImportFeeds} feeds, counting repeated outlines apart from that limit`, async () => {
    const account = await harness().createUser({ plan: 'plus' });
    // Feeds the instance already stores are subscribed without a fetch, so this stays quick.
    const urls = Array.from({ length: maxImportFeeds }, (_, i) => `${site.baseUrl}/known/${i}.xml`);
    for (const url of urls) await harness().createFeed({ url, title: `Known ${url}` });
    const answer = await harness().call('POST', '/v1/opml/import', { key: account.appToken, body: { opml: opmlOf([...urls, urls[0], urls[1]]) } });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ imported: maxImportFeeds, already_subscribed: 0, duplicates: 2, failed: [] });
  });

  it('answers once the subscriptions exist, before any feed has answered, and fetches them in the background with progress reaching the total', async () => {
    const account = await harness().createUser({ plan: 'pro' });
    const waiting: Array<() => void> = [];
    const urls = Array.from({ length: 8 }, (_, i) => site.route(`/slow/${i}.xml`, (_request, response) => {
      // Every feed holds its answer until the test lets it go, after the import has answered.
      waiting.push(() => {
        response.writeHead(200, { 'content-type': 'application/rss+xml' });
        response.end(rss(`Slow ${i}`, [{ guid: `slow-${i}`, title: `Slow post ${i}`, date: new Date() }]));
      });
    }));
    const answer = await harness().call('POST', '/v1/opml/import', { key: account.appToken, body: { opml: opmlOf(urls) } });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ imported: 8, already_subscribed: 0, duplicates: 0, failed: [] });
    expect(await subscriptionCount(account)).toBe(8);
    expect(await folderCount(account)).toBe(1);
    const progress = () => harness().call('GET', '/v1/opml/import/progress', { key: account.appToken });
    expect((await progress()).body).toEqual({ total: 8, fetched: 0, running: true, failed: [] });

    let last;
    do {
      for (const release of waiting.splice(0)) release();
      await new Promise((resolve) => setTimeout(resolve, 20));
      last = (await progress()).body;
      expect(last.fetched).toBeLessThanOrEqual(8);
    } while (last.running);
    expect(last).toEqual({ total: 8, fetched: 8, running: false, failed: [] });
    expect((await harness().call('GET', '/v1/items', { key: account.key })).body.pagination.total).toBe(8);
  });

  it('searches an imported address that is a web page for its feed, as subscribing does, and fetches that', async () => {
    const account = await harness().createUser({ plan: 'pro' });
    const feed = site.route('/found/feed.xml', document(rss('Found Feed', [{ guid: 'found-1', title: 'Found post', date: new Date() }])));
    const page = site.route('/found/', document(`<!doctype html><html><head><title>A site</title>
      <link rel="alternate" type="application/rss+xml" href="${feed}"></head><body>Hello</body></html>`, 'text/html'));
    expect((await harness().call('POST', '/v1/opml/import', { key: account.appToken, body: { opml: opmlOf([page]) } })).body.imported).toBe(1);
    let progress;
    do {
      await new Promise((resolve) => setTimeout(resolve, 20));
      progress = (await harness().call('GET', '/v1/opml/import/progress', { key: account.appToken })).body;
    } while (progress.running);
    expect(progress).toEqual({ total: 1, fetched: 1, running: false, failed: [] });
    const items = (await harness().call('GET', '/v1/items', { key: account.key })).body.data;
    expect(items.map((item: { title: string }) => item.title)).toEqual(['Found post']);
    const subscriptions = (await harness().call('GET', '/v1/subscriptions', { key: account.key, query: { all: 'true' } })).body.data;
    expect(subscriptions.map((entry: { title: string }) => entry.title)).toEqual(['Found Feed']);
    expect(harness().service.db.prepare('SELECT url FROM feeds WHERE title = ?').pluck().all('Found Feed')).toEqual([feed]);
  });

  it('answers the progress of nothing fetched to a person who imported nothing, and only to the first-party app', async () => {
    const account = await harness().createUser();
    expect((await harness().call('GET', '/v1/opml/import/progress', { key: account.appToken })).body)
      .toEqual({ total: 0, fetched: 0, running: false, failed: [] });
    expect((await harness().call('GET', '/v1/opml/import/progress', { key: account.key })).status).toBe(403);
  });
});
