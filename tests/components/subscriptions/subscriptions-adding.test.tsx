// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SubscriptionsView } from '@/components/subscriptions/subscriptions-view';
import { startLocalService, type LocalService } from '../local-service';
import { renderRouted } from '../render-routed';

afterEach(() => cleanup());

describe('adding a subscription when the person has some', () => {
  let local: LocalService;
  beforeAll(async () => {
    local = await startLocalService();
    local.addFeed('Morning Post', [{}]);
  });
  afterAll(() => local.close());

  it('starts closed behind a button that opens it and puts focus in the address field', async () => {
    const user = userEvent.setup();
    renderRouted(<SubscriptionsView />, { url: '/subscriptions' });
    await screen.findByRole('list', { name: 'Subscriptions' });
    const open = screen.getByRole('button', { name: 'Add a subscription' });
    expect(open.getAttribute('aria-expanded')).toBe('false');
    const panel = document.getElementById(open.getAttribute('aria-controls')!)!;
    expect(panel.hidden).toBe(true);
    expect(screen.queryByRole('textbox', { name: 'Feed or website address' })).toBeNull();

    await user.click(open);
    expect(open.getAttribute('aria-expanded')).toBe('true');
    expect(panel.hidden).toBe(false);
    expect(within(panel).getByRole('heading', { name: 'Add a subscription' })).toBeTruthy();
    expect(document.activeElement).toBe(within(panel).getByRole('textbox', { name: 'Feed or website address' }));
    // The newsletter address and the OPML import are reachable from the same panel.
    expect(within(panel).getByRole('textbox', { name: 'Newsletter name' })).toBeTruthy();
    expect(within(panel).getByRole('link', { name: 'Import an OPML file' }).getAttribute('href')).toBe('#opml-heading');

    await user.click(open);
    expect(open.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(open);
    expect(panel.hidden).toBe(true);
  });

  it.each([
    ['a shared link arrives to be added', `/subscriptions?subscribe=${encodeURIComponent('https://shared.example/feed')}`],
    ['a link to add one leads here (?add=1)', '/subscriptions?add=1'],
  ])('starts open when %s', async (_case, url) => {
    renderRouted(<SubscriptionsView />, { url });
    await screen.findByRole('list', { name: 'Subscriptions' });
    expect(screen.getByRole('button', { name: 'Add a subscription' }).getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('textbox', { name: 'Feed or website address' })).toBeTruthy();
  });
});

describe('adding a first subscription', () => {
  let local: LocalService;
  beforeAll(async () => {
    local = await startLocalService();
  });
  afterAll(() => local.close());

  it('shows the form open, with no button to hide it', async () => {
    renderRouted(<SubscriptionsView />, { url: '/subscriptions' });
    await screen.findByText('No subscriptions yet');
    expect(screen.queryByRole('button', { name: 'Add a subscription' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Add a subscription' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Feed or website address' })).toBeTruthy();
  });
});
