// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SourcesList } from '@/components/shell/sources-list';
import { callApi } from '@/lib/client/api-client';
import { useItemActions } from '@/lib/client/use-item-actions';
import { startLocalService, type LocalService } from '../local-service';
import { renderRouted } from '../render-routed';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

type Ids = { world: string; tech: string; bakery: string; weekly: string; folder: string; tag: string; items: string[] };

/** Four feeds: World and Tech in the folder News (Tech pinned), Bakery and Weekly without one (Weekly pinned); one tag. */
async function seed(local: LocalService): Promise<Ids> {
  const items = local.addFeed('World', [{}, {}, {}]);
  local.addFeed('Tech', [{}, {}]);
  local.addFeed('Bakery', [{}]);
  local.addFeed('Weekly', [{}, {}, {}, {}]);
  const subscriptions = (await callApi('GET', '/v1/subscriptions', { query: { all: 'true' } })).data;
  const id = (title: string) => subscriptions.find((entry) => entry.title === title)!.id;
  const folder = await callApi('POST', '/v1/folders', { body: { name: 'News' } });
  for (const title of ['World', 'Tech']) {
    await callApi('PATCH', '/v1/subscriptions/{subscription_id}', { params: { subscription_id: id(title) }, body: { folder_id: folder.id } });
  }
  await callApi('PATCH', '/v1/subscriptions/{subscription_id}', { params: { subscription_id: id('Tech') }, body: { is_pinned: true } });
  await callApi('PATCH', '/v1/subscriptions/{subscription_id}', { params: { subscription_id: id('Weekly') }, body: { is_pinned: true } });
  const tagged = await callApi('PATCH', '/v1/items/{item_id}', { params: { item_id: items[0]! }, body: { tags: ['later'] } });
  return { world: id('World'), tech: id('Tech'), bakery: id('Bakery'), weekly: id('Weekly'), folder: folder.id, tag: tagged.tags[0]!.id, items };
}

function link(name: RegExp) {
  return within(screen.getByRole('navigation', { name: 'Sources' })).getByRole('link', { name });
}

function MarkRead({ id }: { id: string }) {
  const actions = useItemActions();
  return <button type="button" onClick={() => void actions.setRead(id, true)}>Mark read</button>;
}

describe('the sources list', () => {
  let local: LocalService;
  let ids: Ids;
  beforeAll(async () => {
    local = await startLocalService();
    ids = await seed(local);
  });
  afterAll(async () => { await local.close(); });

  it('lists folders, subscriptions without a folder (pinned first) and tags, each with its unread count', async () => {
    renderRouted(<SourcesList />, { url: '/inbox' });
    await waitFor(() => expect(link(/^later/)).toBeTruthy());
    expect(link(/^All items/).textContent).toBe('All items10 unread');
    expect(link(/^All items/).getAttribute('aria-current')).toBe('page');
    expect(link(/^News/).getAttribute('href')).toBe(`/inbox?folder=${ids.folder}`);
    expect(link(/^News/).textContent).toBe('News5 unread');
    const loose = within(screen.getByRole('group', { name: 'Subscriptions' })).getAllByRole('link');
    expect(loose.map((entry) => entry.textContent)).toEqual(['Weekly, pinned4 unread', 'Bakery1 unread']);
    expect(loose[0]!.getAttribute('href')).toBe(`/inbox?subscription=${ids.weekly}`);
    expect(link(/^later/).getAttribute('href')).toBe(`/inbox?tag=${ids.tag}`);
    expect(link(/^later/).textContent).toBe('later1 unread');
  });

  it('opens a folder onto its subscriptions, pinned first, and remembers it open', async () => {
    const user = userEvent.setup();
    renderRouted(<SourcesList />, { url: '/inbox' });
    const toggle = await screen.findByRole('button', { name: 'Subscriptions in News' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const list = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    await waitFor(() => expect(within(list).getAllByRole('link').map((entry) => entry.textContent)).toEqual(['Tech, pinned2 unread', 'World3 unread']), { timeout: 10_000 });
    expect(within(list).getAllByRole('link')[1]!.getAttribute('href')).toBe(`/inbox?subscription=${ids.world}`);
    cleanup();
    renderRouted(<SourcesList />, { url: '/inbox' });
    expect((await screen.findByRole('button', { name: 'Subscriptions in News' })).getAttribute('aria-expanded')).toBe('true');
  });

  it('marks the filter the inbox shows and keeps the chosen view in every link', async () => {
    renderRouted(<SourcesList />, { url: `/inbox?view=all&type=article&tag=${ids.tag}` });
    await waitFor(() => expect(link(/^later/).getAttribute('aria-current')).toBe('page'));
    expect(link(/^All items/).getAttribute('aria-current')).toBeNull();
    expect(link(/^All items/).getAttribute('href')).toBe('/inbox?view=all&type=article');
    expect(link(/^News/).getAttribute('href')).toBe(`/inbox?view=all&type=article&folder=${ids.folder}`);
    expect(link(/^Bakery/).getAttribute('aria-current')).toBeNull();
  });

  it('lowers the counts when an item is marked read', async () => {
    const user = userEvent.setup();
    renderRouted(<><SourcesList /><MarkRead id={ids.items[0]!} /></>, { url: '/inbox' });
    await waitFor(() => expect(link(/^later/).textContent).toBe('later1 unread'));
    await user.click(screen.getByRole('button', { name: 'Mark read' }));
    await waitFor(() => expect(link(/^News/).textContent).toBe('News4 unread'));
    expect(link(/^All items/).textContent).toBe('All items9 unread');
    // No unread item left under the tag: no count at all (the tags' counts come in their own request).
    await waitFor(() => expect(link(/^later/).textContent).toBe('later'));
  });
});

describe('the sources list against a hosted service', () => {
  let local: LocalService;
  beforeAll(async () => {
    local = await startLocalService();
    await seed(local);
  });
  afterAll(async () => { await local.close(); });

  it('lists every subscription, without folders or tags it cannot ask for', async () => {
    renderRouted(<SourcesList />, { url: '/inbox', mode: 'remote' });
    const region = await screen.findByRole('group', { name: 'Subscriptions' });
    await waitFor(() => expect(within(region).getAllByRole('link').map((entry) => entry.textContent?.split(/,|\d/)[0]))
      .toEqual(['Tech', 'Weekly', 'Bakery', 'World']));
    expect(screen.queryByRole('group', { name: 'Folders' })).toBeNull();
    expect(screen.queryByRole('group', { name: 'Tags' })).toBeNull();
  });
});

describe('the sources list of a new person', () => {
  let local: LocalService;
  beforeAll(async () => { local = await startLocalService(); });
  afterAll(async () => { await local.close(); });

  it('says there are no subscriptions yet and where to add one', async () => {
    renderRouted(<SourcesList />, { url: '/inbox' });
    expect(await screen.findByText(/No subscriptions yet/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Subscribe to a feed' }).getAttribute('href')).toBe('/subscriptions?add=1');
  });
});
