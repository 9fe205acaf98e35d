import { describe, expect, it } from 'vitest';
import { document } from '../../feed-server';
import { corpusFile, hasSharedFeeds, missingFeedsMessage } from '../../ingest/shared-feeds';
import { realWorldFeeds } from '../../ingest/real-world-expectations';
import { harnessWithFeedSite } from '../../harness-with-feed-site';

const contentTypes = { rss: 'application/rss+xml', atom: 'application/atom+xml', rdf: 'application/rdf+xml', json: 'application/feed+json' };

describe.skipIf(!hasSharedFeeds)('real-world feeds subscribed through the service', () => {
  const { harness, site } = harnessWithFeedSite();

  for (const expected of realWorldFeeds) {
    it(`stores ${expected.file} with its title, link, items, dates and enclosures`, async () => {
      const { key } = await harness().createUser({ plan: 'plus' });
      // Served without a charset so the service has to find the encoding itself.
      const url = site.route(`/${expected.file}`, document(corpusFile('real-world', expected.file), contentTypes[expected.format]));
      const created = await harness().call('POST', '/v1/subscriptions', { key, body: { url } });
      expect(created.status).toBe(201);
      expect(created.body.title).toBe(expected.title || new URL(url).hostname);
      const detail = await harness().call('GET', `/v1/subscriptions/${created.body.subscription_id}`, { key });
      expect(detail.body.website).toBe(expected.website);
      expect(detail.body.source_type).toBe(expected.podcast ? 'podcast' : detail.body.source_type);

      const items = await harness().call('GET', '/v1/items', { key, query: { subscription_ids: created.body.subscription_id, limit: 100 } });
      expect(items.body.pagination.total).toBe(expected.count);
      const first = items.body.data.find((item: { canonical_url: string | null; title: string }) =>
        item.canonical_url === expected.first.url && item.title === expected.first.title);
      expect(first, `the first item of ${expected.file}`).toBeDefined();
      if (expected.first.published_at) expect(Date.parse(first.published_at)).toBe(Date.parse(expected.first.published_at));
      if (expected.podcast) {
        expect(first.item_type).toBe('episode');
        expect(first.audio_url).toBe(expected.podcast.audio_url);
        expect(first.duration_seconds).toBe(expected.podcast.duration_seconds);
      }
    });
  }
});

describe.skipIf(hasSharedFeeds)('real-world feeds subscribed through the service', () => {
  it.skip(missingFeedsMessage, () => {});
});
