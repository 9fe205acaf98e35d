// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SubscriptionDetails } from '@/components/subscriptions/subscription-details';
import { callApi } from '@/lib/client/api-client';
import { document as page, FeedServer } from '../../lib/service/feed-server';
import { startLocalService, type LocalService } from '../local-service';
import { renderRouted } from '../render-routed';

afterEach(() => cleanup());

const paragraph = (text: string) => `<p>${`${text} `.repeat(8).trim()}</p>`;

describe('the "Full article" section of a subscription', () => {
  let local: LocalService;
  const site = new FeedServer();
  let subscriptionId: string;
  let newsletterId: string;

  beforeAll(async () => {
    await site.start();
    local = await startLocalService({ config: { allowPrivateUrls: true } });
    const url = site.route('/lighthouse', page(`<html><body><nav>Menu and links</nav><div class="post">
      <h1>The lighthouse keeper</h1>${paragraph('The keeper climbed the stairs every evening to light the lamp.')}
      <div class="promo">Subscribe to our newsletter</div></div></body></html>`, 'text/html; charset=utf-8'));
    local.addFeed('Coast Notes', [{ url, summary: 'A teaser.', content: '<p>A teaser.</p>' }]);
    const all = await callApi('GET', '/v1/subscriptions', { query: { all: 'true' } });
    subscriptionId = all.data.find((entry) => entry.title === 'Coast Notes')!.id;
    newsletterId = (await callApi('POST', '/v1/subscriptions/newsletters', { body: { title: 'Letters' } })).id;
  });
  afterAll(async () => {
    await local.close();
    await site.stop();
  });

  function rulesStored() {
    return local.service.db.prepare('SELECT full_content, content_selector, remove_selector FROM subscription_content_rules WHERE subscription_id = ?')
      .get(subscriptionId) as { full_content: number; content_selector: string | null; remove_selector: string | null } | undefined;
  }

  it('previews the latest item\'s article with the selectors typed, without saving them', async () => {
    const user = userEvent.setup();
    renderRouted(<SubscriptionDetails id={subscriptionId} />, { url: `/subscriptions/${subscriptionId}` });
    const section = await screen.findByRole('region', { name: 'Full article' });
    await user.type(await within(section).findByRole('textbox', { name: 'Article body (CSS selector)' }), '.post');
    await user.type(within(section).getByRole('textbox', { name: 'Parts to remove (CSS selector)' }), '.promo');
    await user.click(within(section).getByRole('button', { name: 'Preview' }));

    const preview = await within(section).findByRole('region', { name: 'Preview: Coast Notes item 0' });
    expect(preview.textContent).toContain('The keeper climbed the stairs');
    expect(preview.textContent).not.toMatch(/Subscribe to our newsletter|Menu and links/);
    expect(preview.textContent).toMatch(/\d+ characters of text/);
    expect(within(section).getByRole('status').textContent).toBe('Preview ready below. Nothing was saved.');
    expect(rulesStored()).toBeUndefined();
  });

  it('saves the switch and the selectors, and says why an invalid selector was refused', async () => {
    const user = userEvent.setup();
    renderRouted(<SubscriptionDetails id={subscriptionId} />, { url: `/subscriptions/${subscriptionId}` });
    const section = await screen.findByRole('region', { name: 'Full article' });
    await user.click(await within(section).findByRole('checkbox', { name: /Always fetch the full article/ }));
    const body = within(section).getByRole('textbox', { name: 'Article body (CSS selector)' });
    // '[[' types one '[' (user-event's key syntax).
    await user.type(body, 'div[[');
    await user.click(within(section).getByRole('button', { name: 'Save' }));
    expect((await within(section).findByText(/content_selector is not a valid CSS selector/)).getAttribute('role')).toBe('status');
    expect(rulesStored()).toBeUndefined();

    await user.clear(body);
    await user.type(body, '.post');
    await user.click(within(section).getByRole('button', { name: 'Save' }));
    await within(section).findByText('Saved. New items will arrive with their full article.');
    expect(rulesStored()).toEqual({ full_content: 1, content_selector: '.post', remove_selector: null });
  });

  it('is not offered for a newsletter, whose mails carry their whole content', async () => {
    renderRouted(<SubscriptionDetails id={newsletterId} />, { url: `/subscriptions/${newsletterId}` });
    await screen.findByRole('heading', { level: 1, name: 'Letters' });
    expect(screen.queryByRole('region', { name: 'Full article' })).toBeNull();
  });
});
