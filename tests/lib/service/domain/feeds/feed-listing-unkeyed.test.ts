/*
 * Items with neither guid nor link are told apart by their title and text when stored; a feed's
 * listing records them the same way, so a newcomer to a feed the install stores gets the ones the
 * feed lists now (and not those it stopped listing), whether the listing came from the fetch that
 * created the feed or from a refresh.
 */
import { describe, expect, it } from 'vitest';
import { refreshFeeds } from '@/lib/service/domain/feeds/refresh-feed';
import { document } from '../../feed-server';
import { harnessWithFeedSite } from '../../harness-with-feed-site';

const { harness, site } = harnessWithFeedSite();

/** The feed at `path` now lists these items, an hour apart, each with a title and text only. */
function serve(path: string, titles: string[]): string {
  const items = titles.map((title, i) => `<item><title>${title}</title><description>Text of ${title}.</description>
    <pubDate>${new Date(Date.now() - (i + 1) * 3_600_000).toUTCString()}</pubDate></item>`).join('\n');
  return site.route(path, document(`<?xml version="1.0"?><rss version="2.0"><channel><title>Keyless</title>
    <link>https://keyless.example.com/</link><description>No guids, no links</description>${items}</channel></rss>`));
}

async function titlesOf(key: string, subscriptionId: string): Promise<string[]> {
  const items = await harness().call('GET', '/v1/items', { key, query: { subscription_ids: subscriptionId, limit: 100 } });
  return items.body.data.map((item: { title: string }) => item.title).sort();
}

async function subscribeAs(url: string): Promise<{ key: string; subscriptionId: string }> {
  const { key } = await harness().createUser({ plan: 'pro' });
  const answer = await harness().call('POST', '/v1/subscriptions', { key, body: { url } });
  expect(answer.status).toBe(201);
  return { key, subscriptionId: answer.body.subscription_id };
}

describe('a feed whose items have neither guid nor link', () => {
  it('gives a newcomer the items it lists now, after the first fetch and after a refresh', async () => {
    const url = serve('/keyless.xml', ['Alpha', 'Beta', 'Gamma']);
    const alice = await subscribeAs(url);
    expect(await titlesOf(alice.key, alice.subscriptionId)).toEqual(['Alpha', 'Beta', 'Gamma']);

    const bob = await subscribeAs(url);
    expect(await titlesOf(bob.key, bob.subscriptionId)).toEqual(['Alpha', 'Beta', 'Gamma']);

    serve('/keyless.xml', ['Delta', 'Epsilon', 'Gamma']);
    const feedId = harness().service.db.prepare('SELECT id FROM feeds WHERE url = ?').pluck().get(url) as string;
    await refreshFeeds(harness().service, [feedId]);
    expect(await titlesOf(alice.key, alice.subscriptionId)).toEqual(['Alpha', 'Beta', 'Delta', 'Epsilon', 'Gamma']);

    const carol = await subscribeAs(url);
    expect(await titlesOf(carol.key, carol.subscriptionId)).toEqual(['Delta', 'Epsilon', 'Gamma']);
  });
});
