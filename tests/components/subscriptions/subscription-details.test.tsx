// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { usePathname } from 'next/navigation';
import { SubscriptionDetails } from '@/components/subscriptions/subscription-details';
import { SubscriptionsView } from '@/components/subscriptions/subscriptions-view';
import { callApi } from '@/lib/client/api-client';
import { rememberSubscriptionSpeed } from '@/lib/client/player/speed';
import { startLocalService, type LocalService } from '../local-service';
import { renderRouted } from '../render-routed';

function stored(local: LocalService, id: string) {
  return local.service.db.prepare('SELECT title, folder_id, is_pinned, is_active, playback_speed FROM subscriptions WHERE id = ?').get(id) as
    { title: string | null; folder_id: string | null; is_pinned: number; is_active: number; playback_speed: number | null };
}

afterEach(() => cleanup());

/** The two pages as the app routes them: the list at /subscriptions, one subscription at /subscriptions/<id>. */
function SubscriptionPages() {
  const id = usePathname().split('/')[2];
  return id ? <SubscriptionDetails id={id} /> : <SubscriptionsView />;
}

describe('one subscription', () => {
  let local: LocalService;
  let feedId: string;
  let podcastId: string;
  let newsletterId: string;
  let itemIds: string[];

  beforeAll(async () => {
    local = await startLocalService();
    itemIds = local.addFeed('Morning Post', [{}, {}]);
    local.addFeed('Tiny Podcast', [{ item_type: 'episode', duration_seconds: 600 }], { sourceType: 'podcast' });
    const all = await callApi('GET', '/v1/subscriptions', { query: { all: 'true' } });
    feedId = all.data.find((entry) => entry.title === 'Morning Post')!.id;
    podcastId = all.data.find((entry) => entry.title === 'Tiny Podcast')!.id;
    newsletterId = (await callApi('POST', '/v1/subscriptions/newsletters', { body: { title: 'Letters' } })).id;
    await callApi('POST', '/v1/folders', { body: { name: 'Mornings' } });
  });
  afterAll(() => local.close());

  it('loads, then shows its name, kind, health and newest items linking to the reader', async () => {
    renderRouted(<SubscriptionDetails id={feedId} />, { url: `/subscriptions/${feedId}` });
    expect(screen.getByText('Loading the subscription…')).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'Morning Post' })).toBeTruthy();
    expect(screen.getByText('Healthy')).toBeTruthy();
    expect(screen.getByText('Updates arrive normally.', { exact: false })).toBeTruthy();
    const items = await screen.findByRole('list', { name: 'Items of this subscription' });
    const links = within(items).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(itemIds.map((id) => `/items/${id}`));
    expect(document.title).toBe('Morning Post · Tidings');
  });

  it('renames it, moves it into a folder and pins it with its settings form', async () => {
    const user = userEvent.setup();
    renderRouted(<SubscriptionDetails id={feedId} />);
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'The Morning Post');
    const folder = screen.getByRole('combobox', { name: 'Folder' });
    await waitFor(() => expect(within(folder).getByRole('option', { name: 'Mornings' })).toBeTruthy());
    await user.selectOptions(folder, 'Mornings');
    await user.click(screen.getByRole('checkbox', { name: /Pinned/ }));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));

    await screen.findByText('Settings saved.');
    const row = stored(local, feedId);
    expect(row.title).toBe('The Morning Post');
    expect(row.is_pinned).toBe(1);
    expect(row.folder_id).not.toBeNull();
    expect(await screen.findByRole('heading', { level: 1, name: 'The Morning Post' })).toBeTruthy();
  });

  it('says a name of only spaces is no name, and saves nothing, not even the other fields', async () => {
    const user = userEvent.setup();
    renderRouted(<SubscriptionDetails id={podcastId} />);
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, '   ');
    await user.click(screen.getByRole('checkbox', { name: /Pinned/ }));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Give the subscription a name; spaces alone are not one.')).toBeTruthy();
    expect(stored(local, podcastId)).toMatchObject({ title: null, is_pinned: 0 });
  });

  it('pauses it by unticking Receive updates', async () => {
    const user = userEvent.setup();
    renderRouted(<SubscriptionDetails id={feedId} />);
    await user.click(await screen.findByRole('checkbox', { name: /Receive updates/ }));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await screen.findByText('Settings saved.');
    expect(stored(local, feedId).is_active).toBe(0);
  });

  it('offers a playback speed for a podcast only', async () => {
    const user = userEvent.setup();
    renderRouted(<SubscriptionDetails id={podcastId} />);
    const speed = await screen.findByRole('combobox', { name: 'Playback speed' });
    await user.selectOptions(speed, '1.5×');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await screen.findByText('Settings saved.');
    expect(stored(local, podcastId).playback_speed).toBe(1.5);
    cleanup();
    renderRouted(<SubscriptionDetails id={feedId} />);
    await screen.findByRole('textbox', { name: 'Name' });
    expect(screen.queryByRole('combobox', { name: 'Playback speed' })).toBeNull();
  });

  it('shows a speed chosen in the player meanwhile, and keeps it when another setting is saved', async () => {
    const user = userEvent.setup();
    renderRouted(<SubscriptionDetails id={podcastId} />);
    const speed = await screen.findByRole('combobox', { name: 'Playback speed' }) as HTMLSelectElement;
    expect(speed.value).not.toBe('2');
    // The player stores a speed chosen there on the subscription; the page's copy is then refetched
    // (as when the page opens again over a cached copy; here the connection's return sets it off).
    await rememberSubscriptionSpeed(podcastId, 2);
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(speed.value).toBe('2'));
    await user.click(screen.getByRole('checkbox', { name: /Pinned/ }));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await screen.findByText('Settings saved.');
    expect(stored(local, podcastId)).toMatchObject({ playback_speed: 2, is_pinned: 1 });
  });

  it('shows a newsletter’s address with a Copy button', async () => {
    const user = userEvent.setup();
    renderRouted(<SubscriptionDetails id={newsletterId} />);
    const address = await screen.findByRole('textbox', { name: 'Sign up to newsletters with this address' }) as HTMLInputElement;
    expect(address.value).toMatch(/^letters\.[0-9a-f]{10}@mail\.tidings\.local$/);
    await user.click(screen.getByRole('button', { name: 'Copy the newsletter address' }));
    expect(await navigator.clipboard.readText()).toBe(address.value);
  });

  it('unsubscribes after confirming and goes back to the list', async () => {
    const user = userEvent.setup();
    const app = renderRouted(<SubscriptionDetails id={newsletterId} />);
    const section = (await screen.findByRole('heading', { name: 'Unsubscribe' })).closest('section')!;
    await user.click(within(section).getByRole('button', { name: 'Unsubscribe' }));
    expect(document.activeElement).toBe(within(section).getByRole('button', { name: 'Cancel' }));
    await user.click(within(section).getByRole('button', { name: 'Cancel' }));
    expect(document.activeElement).toBe(within(section).getByRole('button', { name: 'Unsubscribe' }));
    await user.click(within(section).getByRole('button', { name: 'Unsubscribe' }));
    await user.click(within(section).getByRole('button', { name: 'Yes, unsubscribe' }));
    await waitFor(() => expect(app.visited).toEqual(['/subscriptions']));
    expect(local.service.db.prepare('SELECT COUNT(*) FROM subscriptions WHERE id = ?').pluck().get(newsletterId)).toBe(0);
  });

  it('says on the list it returns to whom it unsubscribed from, with focus on the list', async () => {
    const user = userEvent.setup();
    const { id } = await callApi('POST', '/v1/subscriptions/newsletters', { body: { title: 'Farewell Letters' } });
    renderRouted(<SubscriptionPages />, { url: `/subscriptions/${id}` });
    const section = (await screen.findByRole('heading', { name: 'Unsubscribe' })).closest('section')!;
    await user.click(within(section).getByRole('button', { name: 'Unsubscribe' }));
    await user.click(within(section).getByRole('button', { name: 'Yes, unsubscribe' }));
    const heading = await screen.findByRole('heading', { level: 2, name: /^Your subscriptions/ });
    const said = within(heading.closest('section')!).getAllByRole('status').map((status) => status.textContent);
    expect(said).toContain('Unsubscribed from Farewell Letters.');
    expect(document.activeElement).toBe(heading);
  });

  it('says when there is no such subscription (404)', async () => {
    renderRouted(<SubscriptionDetails id="00000000-0000-4000-8000-000000000000" />);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Not found' })).toBeTruthy();
    expect(alert.textContent).toContain('This subscription could not be loaded.');
  });
});
