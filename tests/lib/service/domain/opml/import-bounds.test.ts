import { describe, expect, it } from 'vitest';
import { maxImportFeeds } from '@/lib/service/domain/opml/import-opml';
import type { TestUser } from '../../harness';
import { rss } from '../../feed-server';
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
    const account = harness().createUser({ plan: 'plus' });
    const urls = Array.from({ length: maxImportFeeds + 1 }, (_, i) => `${site.baseUrl}/many/${i}.xml`);
    const answer = await harness().call('POST', '/v1/opml/import', { key: account.appToken, body: { opml: opmlOf(urls) } });
    expect(answer.status).toBe(413);
    expect(answer.body.message).toBe('opml lists 1,001 feeds, more than the 1,000 one import takes; split the file into smaller ones.');
    expect([...site.hits.keys()].filter((path) => path.startsWith('/many/'))).toEqual([]);
    expect(await subscriptionCount(account)).toBe(0);
    expect(await folderCount(account)).toBe(0);
  });

  it(`takes a file of exactly ${maxImportFeeds} feeds, counting repeated outlines apart from that limit`, async () => {
    const account = harness().createUser({ plan: 'plus' });
    // Feeds the instance already stores are subscribed without a fetch, so this stays quick.
    const urls = Array.from({ length: maxImportFeeds }, (_, i) => `${site.baseUrl}/known/${i}.xml`);
    for (const url of urls) harness().createFeed({ url, title: `Known ${url}` });
    const answer = await harness().call('POST', '/v1/opml/import', { key: account.appToken, body: { opml: opmlOf([...urls, urls[0], urls[1]]) } });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ imported: maxImportFeeds, already_subscribed: 0, duplicates: 2, failed: [] });
  });

  it('stops subscribing once the request is aborted: feeds under way are not kept and the rest are never fetched', async () => {
    const account = harness().createUser({ plan: 'pro' });
    const waiting: Array<() => void> = [];
    const started: string[] = [];
    let gaveUp = false;
    const urls = Array.from({ length: 8 }, (_, i) => site.route(`/slow/${i}.xml`, (request, response) => {
      started.push(request.url!);
      const answer = () => {
        response.writeHead(200, { 'content-type': 'application/rss+xml' });
        response.end(rss(`Slow ${i}`, [{ guid: `slow-${i}`, title: `Slow post ${i}`, date: new Date() }]));
      };
      // Feeds asked for before the caller gives up answer only after it has.
      if (gaveUp) answer();
      else waiting.push(answer);
    }));
    const caller = new AbortController();
    const answering = harness().service.fetch(new Request(`${harness().baseUrl}/v1/opml/import`, {
      method: 'POST', signal: caller.signal,
      headers: { authorization: `Bearer ${account.appToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ opml: opmlOf(urls) }),
    }));
    // Four feeds are under way: two fetching, two waiting for a slot on the (one) host.
    while (started.length < 2) await new Promise((resolve) => setTimeout(resolve, 10));
    caller.abort();
    gaveUp = true;
    for (const answer of waiting.splice(0)) answer();
    const response = await answering;
    expect(response.status).toBe(503);
    expect((await response.json()).message).toBe(
      'The import took longer than the app waits, so it stopped after subscribing to 0 of 8 feeds; import the file again to add the rest.',
    );
    // The two waiting for a slot get one only after the abort, and send nothing.
    expect(started.sort()).toEqual(['/slow/0.xml', '/slow/1.xml']);
    expect(await subscriptionCount(account)).toBe(0);
    expect(await folderCount(account)).toBe(0);
  });

  it('closes the connections of feeds being fetched once the request is aborted, and subscribes to nothing more', async () => {
    const account = harness().createUser({ plan: 'pro' });
    const quick = site.route('/held-import/quick.xml', (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/rss+xml' });
      response.end(rss('Quick', [{ guid: 'quick-1', title: 'Quick post', date: new Date() }]));
    });
    // The other feeds never answer: only the service closing its side ends these requests.
    const held: Array<{ path: string; closed: Promise<void> }> = [];
    const urls = Array.from({ length: 5 }, (_, i) => site.route(`/held-import/${i}.xml`, (request, response) => {
      held.push({ path: request.url!, closed: new Promise((resolve) => response.once('close', () => resolve())) });
    }));
    const caller = new AbortController();
    const answering = harness().service.fetch(new Request(`${harness().baseUrl}/v1/opml/import`, {
      method: 'POST', signal: caller.signal,
      headers: { authorization: `Bearer ${account.appToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ opml: opmlOf([quick, ...urls]) }),
    }));
    // The quick feed is subscribed; two held ones fill the host's two slots, the others wait.
    while (held.length < 2 || (await subscriptionCount(account)) < 1) await new Promise((resolve) => setTimeout(resolve, 10));
    caller.abort();
    // A fetch's own deadline is 15 s: a close well before it is the abort reaching the connection.
    let stillOpen: ReturnType<typeof setTimeout> | undefined;
    const closedInTime = await Promise.race([
      Promise.all(held.map((request) => request.closed)).then(() => true),
      new Promise<false>((resolve) => { stillOpen = setTimeout(() => resolve(false), 5_000); }),
    ]);
    clearTimeout(stillOpen);
    expect(closedInTime).toBe(true);
    const response = await answering;
    expect(response.status).toBe(503);
    expect((await response.json()).message).toBe(
      'The import took longer than the app waits, so it stopped after subscribing to 1 of 6 feeds; import the file again to add the rest.',
    );
    expect(held.map((request) => request.path).sort()).toEqual(['/held-import/0.xml', '/held-import/1.xml']);
    expect(await subscriptionCount(account)).toBe(1);
  });
});
