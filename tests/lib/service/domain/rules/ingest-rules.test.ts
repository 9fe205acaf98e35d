import { describe, expect, it } from 'vitest';
import { refreshFeed } from '@/lib/service/domain/feeds/refresh-feed';
import { rss } from '../../feed-server';
import { harnessWithFeedSite } from '../../harness-with-feed-site';

const { harness, site } = harnessWithFeedSite();
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);

/** A feed on the local site whose items the test sets; answers them as RSS. */
function feedAt(path: string, titles: string[]) {
  const state = { titles };
  site.route(path, (_request, response) => {
    response.writeHead(200, { 'content-type': 'application/rss+xml' });
    response.end(rss(`Feed ${path}`, state.titles.map((title, index) => ({ guid: `${path}-${title}`, title, date: hoursAgo(index + 1) }))));
  });
  return state;
}

async function subscribe(key: string, path: string) {
  const answer = await harness().call('POST', '/v1/subscriptions', { key, body: { url: `${site.baseUrl}${path}` } });
  expect(answer.status).toBe(201);
  return answer.body.subscription_id as string;
}

async function listed(key: string, query: Record<string, string> = {}) {
  const answer = await harness().call('GET', '/v1/items', { key, query: { include_body: 'false', ...query } });
  return answer.body.data as { id: string; title: string; is_read: boolean; is_saved: boolean }[];
}

describe('rules at ingest', () => {
  it('marks read, saves, tags and hides the new items of a refreshed feed as its subscribers\' rules say', async () => {
    const feed = feedAt('/news.xml', ['Old post']);
    const { key, appToken } = await harness().createUser({ plan: 'pro' });
    const subscriptionId = await subscribe(key, '/news.xml');
    const feedId = harness().service.db.prepare('SELECT feed_id FROM subscriptions WHERE id = ?').pluck().get(subscriptionId) as string;
    const rules = [
      { fields: ['title'], match: 'any_words', words: ['release'], action: 'mark_read' },
      { fields: ['title'], match: 'any_words', words: ['release'], action: 'tag', tag: 'releases' },
      // Sees the tag the rule before it added.
      { fields: ['tags'], match: 'any_words', words: ['releases'], action: 'save' },
      { fields: ['title'], match: 'pattern', pattern: '^sponsored', action: 'hide', subscription_id: subscriptionId },
    ];
    for (const body of rules) expect((await harness().call('POST', '/v1/rules', { key: appToken, body })).status).toBe(201);

    feed.titles = ['Sponsored: a blender', 'Version 2 release notes', 'An ordinary post', 'Old post'];
    expect(await refreshFeed(harness().service, feedId)).toMatchObject({ result: 'updated', added: 3 });

    const items = await listed(key);
    expect(items.map((item) => item.title).sort()).toEqual(['An ordinary post', 'Old post', 'Version 2 release notes']);
    const release = items.find((item) => item.title === 'Version 2 release notes')!;
    expect(release).toMatchObject({ is_read: true, is_saved: true });
    expect(items.find((item) => item.title === 'An ordinary post')).toMatchObject({ is_read: false, is_saved: false });
    const detail = await harness().call('GET', `/v1/items/${release.id}`, { key });
    expect(detail.body.tags.map((tag: { name: string }) => tag.name)).toEqual(['releases']);
    const subscription = await harness().call('GET', `/v1/subscriptions/${subscriptionId}`, { key });
    expect(subscription.body.unread_count).toBe(2);
    const search = await harness().call('GET', '/v1/search', { key, query: { q: 'blender' } });
    expect(search.body.data.map((hit: { data: { title: string } }) => hit.data.title)).toEqual(['Sponsored: a blender']);
  });

  it('applies each subscriber\'s own rules only, a paused rule none, and a rule for another subscription not here', async () => {
    const feed = feedAt('/shared.xml', ['First']);
    const withRule = await harness().createUser({ plan: 'pro' });
    const without = await harness().createUser({ plan: 'pro' });
    const subscriptionId = await subscribe(withRule.key, '/shared.xml');
    await subscribe(without.key, '/shared.xml');
    feedAt('/elsewhere.xml', ['Else']);
    const elsewhere = await subscribe(withRule.key, '/elsewhere.xml');
    const post = (body: object) => harness().call('POST', '/v1/rules', { key: withRule.appToken, body });
    await post({ fields: ['title'], match: 'any_words', words: ['gadget'], action: 'mark_read' });
    await post({ fields: ['title'], match: 'any_words', words: ['gadget'], action: 'save', is_active: false });
    await post({ fields: ['title'], match: 'any_words', words: ['gadget'], action: 'hide', subscription_id: elsewhere });
    const feedId = harness().service.db.prepare('SELECT feed_id FROM subscriptions WHERE id = ?').pluck().get(subscriptionId) as string;

    feed.titles = ['New gadget', 'First'];
    await refreshFeed(harness().service, feedId);

    expect((await listed(withRule.key, { subscription_ids: subscriptionId })).find((item) => item.title === 'New gadget'))
      .toMatchObject({ is_read: true, is_saved: false });
    expect((await listed(without.key)).find((item) => item.title === 'New gadget')).toMatchObject({ is_read: false });
  });
});
