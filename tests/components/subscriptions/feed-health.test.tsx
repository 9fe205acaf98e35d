// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SubscriptionDetails } from '@/components/subscriptions/subscription-details';
import { SubscriptionsList } from '@/components/subscriptions/subscriptions-list';
import { callApi } from '@/lib/client/api-client';
import { refreshFeed } from '@/lib/service/domain/feeds/refresh-feed';
import { FeedServer, rss } from '../../lib/service/feed-server';
import { startLocalService, type LocalService } from '../local-service';
import { renderRouted } from '../render-routed';

afterEach(() => cleanup());

describe('a failing subscription says what is wrong', () => {
  let local: LocalService;
  const site = new FeedServer();
  const feed = { gone: false };
  let subscriptionId: string;
  let feedId: string;
  const hits = () => site.hits.get('/flaky.xml') ?? 0;
  /** Moves the feed's last fetch back in time, as if the seconds "Try now" waits had passed. */
  const lastTriedSecondsAgo = (seconds: number) => local.service.db.prepare('UPDATE feeds SET last_fetched_at = ? WHERE id = ?')
    .run(new Date(Date.now() - seconds * 1000).toISOString(), feedId);

  beforeAll(async () => {
    local = await startLocalService({ config: { allowPrivateUrls: true } });
    await site.start();
    site.route('/flaky.xml', (_request, response) => {
      if (feed.gone) { response.writeHead(404, { 'content-type': 'text/plain' }); return response.end('gone'); }
      response.writeHead(200, { 'content-type': 'application/rss+xml' });
      response.end(rss('Flaky Gazette', [{ guid: 'a', title: 'First post', date: new Date(Date.now() - 3_600_000) }]));
    });
    subscriptionId = (await callApi('POST', '/v1/subscriptions', { body: { url: `${site.baseUrl}/flaky.xml` } })).subscription_id;
    feedId = local.service.db.prepare('SELECT feed_id FROM subscriptions WHERE id = ?').pluck().get(subscriptionId) as string;
    feed.gone = true;
    await refreshFeed(local.service, feedId);
  });
  afterAll(async () => {
    await site.stop();
    await local.close();
  });

  it('in the list: the error in a line, when it was tried, and a Try now that says when it was too soon', async () => {
    const user = userEvent.setup();
    renderRouted(<SubscriptionsList selection={{ folder: 'all', sort: 'name', type: null }} withFolders />);
    const list = await screen.findByRole('list', { name: 'Subscriptions' });
    expect(await within(list).findByText('The feed server answered 404: the feed is gone from that address.')).toBeTruthy();
    expect(within(list).getByText(/Last tried/)).toBeTruthy();
    lastTriedSecondsAgo(1);
    const before = hits();
    await user.click(within(list).getByRole('button', { name: 'Try Flaky Gazette now' }));
    await waitFor(() => expect(within(list).getByRole('status').textContent).toMatch(/^This feed was fetched moments ago; try again in \d+ seconds\.$/));
    expect(hits()).toBe(before);
  });

  it('on its page: the error, last and next try; Try now reaches the feed server and clears the error', async () => {
    const user = userEvent.setup();
    renderRouted(<SubscriptionDetails id={subscriptionId} />, { url: `/subscriptions/${subscriptionId}` });
    const section = await screen.findByRole('region', { name: 'What is wrong' });
    expect(within(section).getByText('The feed server answered 404: the feed is gone from that address.')).toBeTruthy();
    expect(within(section).getByText(/Last tried/).textContent).toMatch(/Last tried (just now|\d+ seconds? ago)\. Next try in \d+ minutes\./);
    expect(screen.getByText('Failing')).toBeTruthy();

    feed.gone = false;
    lastTriedSecondsAgo(11);
    const before = hits();
    await user.click(within(section).getByRole('button', { name: 'Try now' }));
    const outcome = await screen.findByText('The feed answered: it works again.');
    expect(document.activeElement).toBe(outcome);
    expect(hits()).toBe(before + 1);
    await waitFor(() => expect(screen.getByText('Healthy')).toBeTruthy());
    expect(screen.queryByText('The feed server answered 404: the feed is gone from that address.')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try now' })).toBeNull();
  });
});
