import { describe, expect, it } from 'vitest';
import { refreshFeed } from '@/lib/service/domain/feeds/refresh-feed';
import { harnessWithFeedSite } from '../../harness-with-feed-site';

const { harness, site } = harnessWithFeedSite();

const feed = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel><title>Datas</title><link>https://datas.example/</link><language>pt-BR</language>
<item><guid>pt</guid><title>Com data</title><link>https://datas.example/pt</link><pubDate>Seg, 24 Set 2018 19:42:40 -0300</pubDate></item>
<item><guid>none</guid><title>Sem data</title><link>https://datas.example/none</link></item>
<item><guid>garbled</guid><title>Data ilegível</title><link>https://datas.example/garbled</link><pubDate>algum dia destes</pubDate></item>
</channel></rss>`;

type Listed = { id: string; title: string; published_at: string };

describe('items whose feed gives no readable date', () => {
  it('keep the date they were first seen, and a flag saying it is estimated, across refreshes', async () => {
    site.route('/datas.xml', (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/rss+xml' });
      response.end(feed);
    });
    const { key } = await harness().createUser({ plan: 'pro' });
    const subscribed = await harness().call('POST', '/v1/subscriptions', { key, body: { url: `${site.baseUrl}/datas.xml` } });
    expect(subscribed.status).toBe(201);
    const feedId = harness().service.db.prepare('SELECT feed_id FROM subscriptions WHERE id = ?').pluck().get(subscribed.body.subscription_id) as string;
    const listed = async () => {
      const answer = await harness().call('GET', '/v1/items', { key });
      return Object.fromEntries((answer.body.data as Listed[]).map((item) => [item.title, item]));
    };
    const first = await listed();
    expect(first['Com data'].published_at).toBe('2018-09-24T22:42:40Z');
    const firstSeen = first['Sem data'].published_at;
    expect(Date.now() - Date.parse(firstSeen)).toBeLessThan(60_000);

    for (const hoursLater of [1, 2]) {
      const outcome = await refreshFeed(harness().service, feedId, () => new Date(Date.now() + hoursLater * 3_600_000));
      expect(outcome).toMatchObject({ added: 0 });
      const again = await listed();
      expect(again['Sem data'].published_at).toBe(firstSeen);
      expect(again['Data ilegível'].published_at).toBe(first['Data ilegível'].published_at);
    }

    const detail = async (title: string) => (await harness().call('GET', `/v1/items/${first[title].id}`, { key })).body;
    expect((await detail('Sem data')).platform_metadata).toMatchObject({ date_estimated: true });
    expect((await detail('Data ilegível')).platform_metadata).toMatchObject({ date_estimated: true });
    expect((await detail('Com data')).platform_metadata).not.toHaveProperty('date_estimated');
  });
});
