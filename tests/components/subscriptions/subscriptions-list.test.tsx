// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SubscriptionsList } from '@/components/subscriptions/subscriptions-list';
import { useSearchParams } from 'next/navigation';
import { callApi, configureApi } from '@/lib/client/api-client';
import { readSubscriptionsSelection, type SubscriptionsSelection } from '@/lib/client/subscriptions-view';
import { setStatus } from '@/lib/service/domain/accounts';
import { startLocalService, type LocalService, withUnavailableService } from '../local-service';
import { renderRouted } from '../render-routed';

const everything: SubscriptionsSelection = { folder: 'all', sort: 'name', type: null };

function subscriptionRow(local: LocalService, title: string) {
  return local.service.db.prepare(`SELECT s.id, s.is_active, s.is_pinned, s.folder_id FROM subscriptions s JOIN feeds f ON f.id = s.feed_id
    WHERE s.user_id = ? AND COALESCE(s.title, f.title) = ?`).get(local.user.id, title) as
    { id: string; is_active: number; is_pinned: number; folder_id: string | null } | undefined;
}

afterEach(() => cleanup());

describe('the subscriptions list', () => {
  let local: LocalService;
  let emptyFolder: string;

  beforeAll(async () => {
    local = await startLocalService();
    emptyFolder = (await callApi('POST', '/v1/folders', { body: { name: 'Empty' } })).id;
    local.addFeed('Morning Post', [{}, {}, {}]);
    local.addFeed('Amber Letters', [{}], { sourceType: 'newsletter' });
    local.addFeed('Tiny Podcast', [{ item_type: 'episode', duration_seconds: 600 }], { sourceType: 'podcast' });
    local.addFeed('Zebra Weekly', []);
  });
  afterAll(() => local.close());

  it('shows a loading state, then every subscription by name with its kind, unread count and health', async () => {
    renderRouted(<SubscriptionsList selection={everything} withFolders />, { url: '/subscriptions' });
    expect(screen.getByText('Loading subscriptions…')).toBeTruthy();

    const list = await screen.findByRole('list', { name: 'Subscriptions' });
    const titles = within(list).getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
    expect(titles).toEqual(['Amber Letters', 'Morning Post', 'Tiny Podcast', 'Zebra Weekly']);
    const morning = within(list).getByRole('link', { name: 'Morning Post' });
    expect(morning.getAttribute('href')).toBe(`/subscriptions/${subscriptionRow(local, 'Morning Post')!.id}`);
    const row = morning.closest('li')!;
    expect(row.textContent).toContain('Feed');
    expect(row.textContent).toContain('3 unread');
    expect(row.textContent).toContain('Healthy');
    expect(within(list).getByRole('link', { name: 'Amber Letters' }).closest('li')!.textContent).toContain('Newsletter');
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Your subscriptions (4)');
  });

  it('shows only one kind once it is chosen, through the URL, letting go of the last selection and keeping focus on the choice', async () => {
    const user = userEvent.setup();
    const app = renderRouted(<RoutedList />, { url: '/subscriptions' });
    const list = await screen.findByRole('list', { name: 'Subscriptions' });
    await user.click(within(list).getByRole('checkbox', { name: 'Select Tiny Podcast' }));
    expect(screen.getByRole('group', { name: 'Selected subscriptions' })).toBeTruthy();
    const kind = screen.getByRole('combobox', { name: 'Kind' });
    await user.selectOptions(kind, 'Podcasts');
    expect(app.url()).toBe('/subscriptions?type=podcast');
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Subscriptions' })).getAllByRole('listitem')).toHaveLength(1));
    expect(screen.getByRole('link', { name: 'Tiny Podcast' })).toBeTruthy();
    // Another kind is another list: nothing in it is ticked, and the select just used keeps focus.
    expect(screen.queryByRole('group', { name: 'Selected subscriptions' })).toBeNull();
    expect(screen.getByRole('checkbox', { name: 'Select Tiny Podcast' })).toHaveProperty('checked', false);
    expect(screen.getByRole('combobox', { name: 'Kind' })).toBe(kind);
    expect(document.activeElement).toBe(kind);
  });

  it('orders by newest items when asked', async () => {
    renderRouted(<SubscriptionsList selection={{ ...everything, sort: 'recent' }} withFolders />);
    const list = await screen.findByRole('list', { name: 'Subscriptions' });
    // addFeed dates each item an hour before the previous one: Morning Post's are the newest, Zebra has none.
    const titles = within(list).getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
    expect(titles[0]).toBe('Morning Post');
    expect(titles[titles.length - 1]).toBe('Zebra Weekly');
  });

  it('says when a filter leaves nothing to show', async () => {
    renderRouted(<SubscriptionsList selection={{ ...everything, folder: emptyFolder }} withFolders />);
    expect(await screen.findByText('Nothing here')).toBeTruthy();
    expect(screen.getByText(/No subscription matches this folder and kind/)).toBeTruthy();
  });

  it('pauses and pins a selection, says so in the bar where it was pressed, and keeps focus on the pressed button', async () => {
    const user = userEvent.setup();
    renderRouted(<SubscriptionsList selection={everything} withFolders />);
    const list = await screen.findByRole('list', { name: 'Subscriptions' });
    await user.click(within(list).getByRole('checkbox', { name: 'Select Morning Post' }));
    await user.click(within(list).getByRole('checkbox', { name: 'Select Zebra Weekly' }));

    const bar = screen.getByRole('group', { name: 'Selected subscriptions' });
    expect(within(bar).getByText('2 selected')).toBeTruthy();
    const pause = within(bar).getByRole('button', { name: 'Pause' });
    await user.click(pause);
    // In the bar itself: once the list is scrolled, its heading and status line are out of sight above the stuck bar.
    await waitFor(() => expect(within(bar).getByRole('status').textContent).toBe('2 subscriptions paused.'));
    expect(document.activeElement).toBe(pause);
    expect(subscriptionRow(local, 'Morning Post')!.is_active).toBe(0);
    expect(subscriptionRow(local, 'Zebra Weekly')!.is_active).toBe(0);
    expect(within(list).getByRole('link', { name: 'Morning Post' }).closest('li')!.textContent).toContain('Paused');

    await user.click(within(bar).getByRole('button', { name: 'Resume' }));
    await waitFor(() => expect(subscriptionRow(local, 'Morning Post')!.is_active).toBe(1));
    await waitFor(() => expect(within(bar).getByRole('status').textContent).toBe('2 subscriptions resumed.'));
    await user.click(within(bar).getByRole('button', { name: 'Pin' }));
    await waitFor(() => expect(subscriptionRow(local, 'Zebra Weekly')!.is_pinned).toBe(1));
    await waitFor(() => expect(within(list).getByRole('link', { name: 'Zebra Weekly' }).closest('li')!.textContent).toContain('Pinned'));
    expect(within(list).getByRole('link', { name: 'Zebra Weekly' }).closest('li')!.textContent).not.toContain('Paused');
  });

  it('reaches the selection actions from a ticked row with one Shift+Tab, the list being one Tab stop the arrows move in', async () => {
    const user = userEvent.setup();
    renderRouted(<SubscriptionsList selection={everything} withFolders />);
    const list = await screen.findByRole('list', { name: 'Subscriptions' });
    within(list).getByRole('link', { name: 'Amber Letters' }).focus();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    const tiny = within(list).getByRole('link', { name: 'Tiny Podcast' });
    expect(document.activeElement).toBe(tiny);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(within(list).getByRole('checkbox', { name: 'Select Tiny Podcast' }));
    await user.keyboard(' ');

    const bar = screen.getByRole('group', { name: 'Selected subscriptions' });
    expect(within(bar).getByText('1 selected')).toBeTruthy();
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(within(bar).getByRole('button', { name: 'Unsubscribe' }));
    // Forward from the row, Tab leaves the list rather than visiting the rows below.
    tiny.focus();
    await user.tab();
    expect(list.contains(document.activeElement)).toBe(false);
  });

  it('moves a selection into a folder', async () => {
    const user = userEvent.setup();
    renderRouted(<SubscriptionsList selection={everything} withFolders />);
    const list = await screen.findByRole('list', { name: 'Subscriptions' });
    await user.click(within(list).getByRole('checkbox', { name: 'Select Tiny Podcast' }));
    const bar = screen.getByRole('group', { name: 'Selected subscriptions' });
    const picker = within(bar).getByRole('combobox', { name: 'Move to' });
    await waitFor(() => expect(within(picker).getByRole('option', { name: 'Empty' })).toBeTruthy());
    await user.selectOptions(picker, 'Empty');
    await user.click(within(bar).getByRole('button', { name: 'Move' }));
    await waitFor(() => expect(subscriptionRow(local, 'Tiny Podcast')!.folder_id).toBe(emptyFolder));

    // Clearing the selection removes the bar with its focused button; focus goes to Select all.
    await user.click(within(bar).getByRole('button', { name: 'Clear selection' }));
    expect(screen.queryByRole('group', { name: 'Selected subscriptions' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('checkbox', { name: 'Select all shown' }));
  });

  it('unsubscribes from a selection only after confirming, with Cancel focused first', async () => {
    const user = userEvent.setup();
    local.addFeed('Doomed Feed', [{}]);
    renderRouted(<SubscriptionsList selection={everything} withFolders />);
    const list = await screen.findByRole('list', { name: 'Subscriptions' });
    await user.click(within(list).getByRole('checkbox', { name: 'Select Doomed Feed' }));
    const bar = screen.getByRole('group', { name: 'Selected subscriptions' });
    await user.click(within(bar).getByRole('button', { name: 'Pin' }));
    await waitFor(() => expect(within(bar).getByRole('status').textContent).toBe('1 subscription pinned.'));
    await user.click(within(bar).getByRole('button', { name: 'Unsubscribe' }));
    // The question stands alone: the pin's outcome no longer sits under it.
    expect(within(bar).getByRole('status').textContent).toBe('');

    const question = screen.getByRole('alertdialog', { name: 'Unsubscribe from 1 subscription?' });
    expect(document.activeElement).toBe(within(question).getByRole('button', { name: 'Cancel' }));
    expect(subscriptionRow(local, 'Doomed Feed')).toBeTruthy();
    await user.click(within(question).getByRole('button', { name: 'Yes, unsubscribe' }));
    await waitFor(() => expect(subscriptionRow(local, 'Doomed Feed')).toBeUndefined());
    await waitFor(() => expect(within(list).queryByRole('link', { name: 'Doomed Feed' })).toBeNull());
    expect(screen.queryByRole('group', { name: 'Selected subscriptions' })).toBeNull();
  });
});

/** The list as the page mounts it: the selection from the URL, one list that follows it. */
function RoutedList() {
  const selection = readSubscriptionsSelection(useSearchParams());
  return <SubscriptionsList selection={selection} withFolders />;
}

describe('an empty or failing subscriptions list', () => {
  let local: LocalService;
  beforeAll(async () => {
    local = await startLocalService();
  });
  afterAll(() => local.close());
  afterEach(() => configureApi({ base: local.base, headers: { authorization: `Bearer ${local.token}` } }));

  it('invites a first subscription when there is none', async () => {
    renderRouted(<SubscriptionsList selection={everything} withFolders />);
    expect(await screen.findByText('No subscriptions yet')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Subscriptions' })).toBeNull();
  });

  it('asks to sign in again on 401', async () => {
    configureApi({ headers: { authorization: `Bearer tid_app_${'x'.repeat(40)}` } });
    renderRouted(<SubscriptionsList selection={everything} withFolders />);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Please sign in again' })).toBeTruthy();
    expect(within(alert).getByRole('link', { name: 'Sign in again' })).toBeTruthy();
  });

  it('explains a locked account on 403', async () => {
    await setStatus(local.service.store, local.user.id, 'locked');
    try {
      renderRouted(<SubscriptionsList selection={everything} withFolders />);
      const alert = await screen.findByRole('alert');
      expect(within(alert).getByRole('heading', { name: 'Not allowed' })).toBeTruthy();
    } finally {
      await setStatus(local.service.store, local.user.id, 'active');
    }
  });

  it('offers a retry when the service is unavailable (503)', async () => {
    await withUnavailableService('Busy.', async () => {
      renderRouted(<SubscriptionsList selection={everything} withFolders />);
      const alert = await screen.findByRole('alert');
      expect(within(alert).getByRole('heading', { name: 'The service is unavailable' })).toBeTruthy();
      expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
    });
  });
});
