// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { InboxRiver } from '@/components/inbox/inbox-river';
import { callApi, configureApi } from '@/lib/client/api-client';
import type { InboxSelection } from '@/lib/client/inbox-view';
import { announceItemsChanged } from '@/lib/client/item-lists';
import { rememberShownItem } from '@/lib/client/list-context';
import { setStatus } from '@/lib/service/domain/accounts';
import { closedPort, startLocalService, type LocalService, withUnavailableService } from '../local-service';
import { renderApp } from '../render-app';

const unread: InboxSelection = { view: 'unread', type: null };

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

describe('the inbox river with items', () => {
  let local: LocalService;
  let ids: string[];

  beforeAll(async () => {
    local = await startLocalService();
    ids = local.addFeed('Morning Post', Array.from({ length: 40 }, () => ({})));
    local.addFeed('Tiny Podcast', [{ item_type: 'episode', duration_seconds: 1800 }], { sourceType: 'podcast' });
  });
  afterAll(() => local.close());

  it('shows a loading skeleton, then each item with its title linking to the reader, its source and a snippet', async () => {
    renderApp(<InboxRiver selection={unread} />);
    expect(screen.getByText('Loading items…')).toBeTruthy();

    const list = await screen.findByRole('list', { name: 'Unread items' });
    const first = within(list).getByRole('link', { name: 'Morning Post item 0' });
    expect(first.getAttribute('href')).toBe(`/items/${ids[0]}`);
    expect(within(list).getAllByText('Morning Post').length).toBeGreaterThan(0);
    expect(within(list).getByText('Summary of Morning Post item 0.')).toBeTruthy();
    // Rows arrive a few per commit after the first ones: all 30 of the page, in the end.
    await waitFor(() => expect(within(list).getAllByRole('heading', { level: 2 })).toHaveLength(30));
  });

  it('loads the next page over the cursor with the Load more button', async () => {
    const user = userEvent.setup();
    renderApp(<InboxRiver selection={unread} />);
    const list = await screen.findByRole('list', { name: 'Unread items' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(30);

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(41));
    expect(screen.getByText('That is everything in this view.')).toBeTruthy();
  });

  it('moves focus from Load more to the first item the page added, even when that page was the last and the button goes', async () => {
    const user = userEvent.setup();
    renderApp(<InboxRiver selection={unread} />);
    const list = await screen.findByRole('list', { name: 'Unread items' });
    screen.getByRole('button', { name: 'Load more' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(41));
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(document.activeElement).toBe(within(list).getAllByRole('listitem')[30]!.querySelector('a[href]'));
  });

  it('shows only episodes in the episodes view', async () => {
    renderApp(<InboxRiver selection={{ view: 'all', type: 'episode' }} />);
    const list = await screen.findByRole('list', { name: 'Episodes' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(within(list).getByText(/Episode, 30 min/)).toBeTruthy();
  });

  it('marks one item read at once and on the service', async () => {
    const user = userEvent.setup();
    renderApp(<InboxRiver selection={unread} />);
    const list = await screen.findByRole('list', { name: 'Unread items' });
    const row = within(list).getByRole('link', { name: 'Morning Post item 3' }).closest('li')!;

    await user.click(within(row).getByRole('button', { name: 'Mark read: Morning Post item 3' }));
    expect(within(row).getByRole('button', { name: 'Mark unread: Morning Post item 3' })).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Marked read: Morning Post item 3'));
    expect(local.stateOf(ids[3]!).is_read).toBe(1);
  });

  it('acts on a selection, says so in the bar where it was pressed, and keeps focus on the pressed button', async () => {
    const user = userEvent.setup();
    renderApp(<InboxRiver selection={unread} />);
    const list = await screen.findByRole('list', { name: 'Unread items' });
    await user.click(within(list).getByRole('checkbox', { name: 'Select Morning Post item 5' }));
    await user.click(within(list).getByRole('checkbox', { name: 'Select Morning Post item 6' }));

    const bar = screen.getByRole('group', { name: 'Selected items' });
    expect(within(bar).getByText('2 selected')).toBeTruthy();
    const save = within(bar).getByRole('button', { name: 'Save' });
    await user.click(save);
    await waitFor(() => expect(within(bar).getByRole('status').textContent).toBe('2 items saved.'));
    expect(document.activeElement).toBe(save);
    expect(local.stateOf(ids[5]!).is_saved).toBe(1);
    expect(local.stateOf(ids[6]!).is_saved).toBe(1);
    expect(within(list).getByRole('button', { name: 'Unsave: Morning Post item 5' })).toBeTruthy();
    // A new selection starts without the last one's outcome.
    await user.click(within(list).getByRole('checkbox', { name: 'Select Morning Post item 7' }));
    expect(within(bar).getByRole('status').textContent).toBe('');
  });

  it('reaches the selection bar from a ticked row with one Shift+Tab, and leaves the list with Tab past that row alone', async () => {
    const user = userEvent.setup();
    renderApp(<InboxRiver selection={unread} />);
    const list = await screen.findByRole('list', { name: 'Unread items' });
    // Down the list by arrow from the first title, as j does, to the 13th row.
    const rows = within(list).getAllByRole('listitem');
    const row = rows[12]!;
    const id = row.dataset.itemId!;
    rows[0]!.querySelector<HTMLElement>('[data-item-link]')!.focus();
    for (let step = 0; step < 12; step += 1) await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(row.querySelector('[data-item-link]'));
    await user.tab({ shift: true });
    const box = within(row).getByRole('checkbox');
    expect(document.activeElement).toBe(box);
    await user.keyboard(' ');

    const bar = screen.getByRole('group', { name: 'Selected items' });
    // The bar sits above the list, so it is one Shift+Tab back, not thirty rows on.
    await user.tab({ shift: true });
    expect(bar.contains(document.activeElement)).toBe(true);
    expect(document.activeElement).toBe(within(bar).getByRole('button', { name: 'Unsave' }));
    await user.tab({ shift: true });
    await user.keyboard('{Enter}');
    await waitFor(() => expect(within(bar).getByRole('status').textContent).toBe('1 item saved.'));
    expect(local.stateOf(id).is_saved).toBe(1);
    expect(document.activeElement).toBe(within(bar).getByRole('button', { name: 'Save' }));

    // Forward, Tab goes through the row it left and then out of the list, not through every row.
    box.focus();
    const rowsPassed = new Set<Element | null>();
    for (let step = 0; step < 10 && list.contains(document.activeElement); step += 1) {
      rowsPassed.add(document.activeElement!.closest('li'));
      await user.tab();
    }
    expect([...rowsPassed]).toEqual([row]);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Load more' }));
  });

  it('says in the ? overlay that the arrows move in the list and Tab moves past it', async () => {
    const user = userEvent.setup();
    renderApp(<InboxRiver selection={unread} />);
    await screen.findByRole('list', { name: 'Unread items' });
    await user.keyboard('?');
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(within(dialog).getByText('In the list, ↑ and ↓ move between items too, and Tab moves on past the list.')).toBeTruthy();
  });

  it('lets go of selected items a refresh leaves out of the unread view, so the bar acts only on rows shown', async () => {
    const user = userEvent.setup();
    renderApp(<InboxRiver selection={unread} />);
    const list = await screen.findByRole('list', { name: 'Unread items' });
    for (const n of [7, 8, 9]) await user.click(within(list).getByRole('checkbox', { name: `Select Morning Post item ${n}` }));
    // Two of the three are marked read by hand (they stay listed until the refresh).
    await user.click(within(list).getByRole('button', { name: 'Mark read: Morning Post item 7' }));
    await user.click(within(list).getByRole('button', { name: 'Mark read: Morning Post item 8' }));
    await waitFor(() => expect(local.stateOf(ids[8]!).is_read).toBe(1));

    // While items are ticked the toolbar holds their actions, not Refresh: the lists refresh as when changed elsewhere.
    expect(screen.queryByRole('button', { name: 'Refresh' })).toBeNull();
    announceItemsChanged();
    await waitFor(() => expect(within(list).queryByRole('link', { name: 'Morning Post item 7' })).toBeNull());
    const bar = screen.getByRole('group', { name: 'Selected items' });
    expect(within(bar).getByText('1 selected')).toBeTruthy();
    await user.click(within(bar).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(bar).getByRole('status').textContent).toBe('1 item saved.'));
    expect(local.stateOf(ids[7]!).is_saved).toBe(0);
    expect(local.stateOf(ids[9]!).is_saved).toBe(1);
  });

  it('moves between items with j and k and toggles read and saved with m and s', async () => {
    const user = userEvent.setup();
    const app = renderApp(<InboxRiver selection={{ view: 'all', type: 'article' }} />);
    await screen.findByRole('list', { name: 'Articles' });

    await user.keyboard('j');
    expect(document.activeElement?.textContent).toBe('Morning Post item 0');
    await user.keyboard('jj');
    expect(document.activeElement?.textContent).toBe('Morning Post item 2');
    await user.keyboard('k');
    expect(document.activeElement?.textContent).toBe('Morning Post item 1');

    const wasSaved = local.stateOf(ids[1]!).is_saved;
    await user.keyboard('s');
    await waitFor(() => expect(local.stateOf(ids[1]!).is_saved).toBe(wasSaved ? 0 : 1));
    const wasRead = local.stateOf(ids[1]!).is_read;
    await user.keyboard('m');
    await waitFor(() => expect(local.stateOf(ids[1]!).is_read).toBe(wasRead ? 0 : 1));
    expect(document.activeElement?.textContent).toBe('Morning Post item 1');
    await user.keyboard('o');
    expect(app.visited).toEqual([`/items/${ids[1]}`]);
  });

  it('puts focus back on the item read last when the person returns from the reader, so j goes on from it', async () => {
    const user = userEvent.setup();
    rememberShownItem(ids[4]!);
    renderApp(<InboxRiver selection={{ view: 'all', type: 'article' }} />);
    const list = await screen.findByRole('list', { name: 'Articles' });
    await waitFor(() => expect(document.activeElement).toBe(within(list).getByRole('link', { name: 'Morning Post item 4' })));
    await user.keyboard('j');
    expect(document.activeElement?.textContent).toBe('Morning Post item 5');

    // Handed over once: the next visit to the list starts afresh.
    cleanup();
    renderApp(<InboxRiver selection={{ view: 'all', type: 'article' }} />);
    await screen.findByRole('list', { name: 'Articles' });
    expect(document.activeElement).toBe(document.body);
  });

  it('ignores shortcut keys typed into a field', async () => {
    const user = userEvent.setup();
    renderApp(<><label>Note<input /></label><InboxRiver selection={unread} /></>);
    await screen.findByRole('list', { name: 'Unread items' });
    await user.click(screen.getByRole('textbox', { name: 'Note' }));
    await user.keyboard('j');
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Note' }));
  });
});

describe('mark all as read', () => {
  let local: LocalService;
  afterAll(() => local.close());

  it('marks read what was listed when the list loaded and leaves later arrivals unread, once confirmed (Escape takes the question back)', async () => {
    local = await startLocalService();
    local.addFeed('Evening Post', Array.from({ length: 5 }, () => ({})));
    const user = userEvent.setup();
    renderApp(<InboxRiver selection={unread} />);
    await screen.findByRole('list', { name: 'Unread items' });
    const late = local.addFeed('Late Wire', [{ published_at: new Date(Date.now() + 60_000).toISOString() }]);

    // Escape takes the question back, with focus where it was; nothing is marked.
    // The question is fetched when the button is first pressed.
    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));
    await screen.findByRole('group', { name: 'Confirm mark all as read' });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('group', { name: 'Confirm mark all as read' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Mark all as read' }));

    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));
    const confirm = await screen.findByRole('button', { name: 'Mark all read' });
    await waitFor(() => expect(document.activeElement).toBe(confirm));
    await user.click(confirm);

    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('5 items marked read.'));
    expect(local.stateOf(late[0]!).is_read).toBe(0);
    const list = await screen.findByRole('list', { name: 'Unread items' });
    expect(within(list).getByRole('link', { name: 'Late Wire item 0' })).toBeTruthy();
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Mark all as read' }));
  });
});

describe('marking above and below an item', () => {
  let local: LocalService;
  let ids: string[];
  beforeAll(async () => {
    local = await startLocalService();
    ids = local.addFeed('Long Feed', Array.from({ length: 40 }, () => ({})));
  });
  afterAll(() => local.close());

  it('marks the items above as read, and those below including the ones not loaded yet', async () => {
    const user = userEvent.setup();
    renderApp(<InboxRiver selection={unread} />);
    const list = await screen.findByRole('list', { name: 'Unread items' });

    const row = (title: string) => within(within(list).getByRole('link', { name: title }).closest('li')!);
    await user.click(row('Long Feed item 2').getByRole('button', { name: /^More actions: / }));
    // The menu is fetched when one first opens.
    await user.click(await row('Long Feed item 2').findByRole('button', { name: 'Mark items above as read' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('2 items above marked read.'));
    expect(ids.map((id) => local.stateOf(id).is_read).slice(0, 3)).toEqual([1, 1, 0]);
    expect(document.activeElement?.getAttribute('aria-label')).toBe('More actions: Long Feed item 2');

    await user.click(row('Long Feed item 5').getByRole('button', { name: /^More actions: / }));
    await user.click(await row('Long Feed item 5').findByRole('button', { name: 'Mark items below as read' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Items below marked read.'));
    expect(ids.map((id) => local.stateOf(id).is_read)).toEqual([1, 1, 0, 0, 0, 0, ...Array(34).fill(1)]);
    expect(within(list).getByRole('button', { name: 'Mark unread: Long Feed item 29' })).toBeTruthy();
  });

  it('closes an item’s More menu with Escape, marking nothing, with focus back on its toggle', async () => {
    const user = userEvent.setup();
    renderApp(<InboxRiver selection={{ view: 'all', type: null }} />);
    const list = await screen.findByRole('list', { name: 'Items' });
    const row = within(within(list).getByRole('link', { name: 'Long Feed item 7' }).closest('li')!);
    const toggle = row.getByRole('button', { name: /^More actions: / });
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    (await row.findByRole('button', { name: 'Mark items above as read' })).focus();

    await user.keyboard('{Escape}');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);
    expect(screen.getByRole('status').textContent).toBe('');
  });
});

describe('an action the service refuses', () => {
  let local: LocalService;
  afterAll(() => local.close());

  it('rolls the optimistic change back and says why (402 at the saved-items limit)', async () => {
    local = await startLocalService({ plan: 'free' });
    const ids = local.addFeed('Busy Feed', Array.from({ length: 102 }, (_, index) => ({ published_at: new Date(Date.now() - (index + 1) * 60_000).toISOString() })));
    local.setState(ids.slice(2), { is_saved: true });
    const user = userEvent.setup();
    renderApp(<InboxRiver selection={unread} />);
    const list = await screen.findByRole('list', { name: 'Unread items' });
    const id = ids[0]!;
    const title = 'Busy Feed item 0';

    await user.click(within(list).getByRole('button', { name: `Save: ${title}` }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toMatch(/^Not included in your plan: The free plan keeps at most 100 saved items/));
    expect(within(list).getByRole('button', { name: `Save: ${title}` })).toBeTruthy();
    expect(local.stateOf(id).is_saved).toBe(0);
  });
});

describe('the empty inbox', () => {
  let local: LocalService;
  beforeAll(async () => {
    local = await startLocalService();
    const ids = local.addFeed('Quiet Blog', [{}, {}]);
    local.setState(ids, { is_read: true });
  });
  afterAll(() => local.close());

  it.each<[InboxSelection, string, string, string]>([
    [{ view: 'unread', type: null }, 'All caught up', 'See everything', '/inbox?view=all'],
    [{ view: 'saved', type: null }, 'No saved items', 'Back to unread', '/inbox'],
    [{ view: 'all', type: 'episode' }, 'No episodes yet', 'Add a subscription', '/subscriptions?add=1'],
  ])('says what an empty %o view means and where to go', async (selection, title, linkName, href) => {
    renderApp(<InboxRiver selection={selection} />);
    expect(await screen.findByRole('heading', { name: title })).toBeTruthy();
    expect(screen.getByRole('link', { name: linkName }).getAttribute('href')).toBe(href);
    expect(screen.queryByRole('list')).toBeNull();
  });
});

describe('the inbox when loading fails', () => {
  let local: LocalService;
  beforeAll(async () => {
    local = await startLocalService({ appRateLimit: 2 });
    local.addFeed('Any Feed', [{}]);
  });
  afterAll(() => local.close());
  afterEach(() => configureApi({ base: local.base, headers: { authorization: `Bearer ${local.token}` } }));

  async function alertText() {
    const alert = await screen.findByRole('alert');
    return alert;
  }

  it('asks to sign in again on 401, with a link and no retry', async () => {
    configureApi({ headers: { authorization: `Bearer tid_app_${'x'.repeat(40)}` } });
    window.history.replaceState(null, '', '/inbox?view=saved');
    renderApp(<InboxRiver selection={unread} />);
    const alert = await alertText();
    expect(within(alert).getByRole('heading', { name: 'Please sign in again' })).toBeTruthy();
    // Back to where the person was once signed in.
    expect(within(alert).getByRole('link', { name: 'Sign in again' }).getAttribute('href')).toBe(`/sign-in?next=${encodeURIComponent('/inbox?view=saved')}`);
    window.history.replaceState(null, '', '/');
    expect(within(alert).queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('explains a locked account on 403', async () => {
    await setStatus(local.service.store, local.user.id, 'locked');
    try {
      renderApp(<InboxRiver selection={unread} />);
      const alert = await alertText();
      expect(within(alert).getByRole('heading', { name: 'Not allowed' })).toBeTruthy();
      expect(alert.textContent).toContain('This account is locked.');
    } finally {
      await setStatus(local.service.store, local.user.id, 'active');
    }
  });

  it('says how long to wait on 429, honouring Retry-After', async () => {
    await callApi('GET', '/v1/account').catch(() => undefined);
    await callApi('GET', '/v1/account').catch(() => undefined);
    renderApp(<InboxRiver selection={unread} />);
    const alert = await alertText();
    expect(within(alert).getByRole('heading', { name: 'Too many requests' })).toBeTruthy();
    expect(alert.textContent).toMatch(/Try again in \d+ seconds?\./);
  });

  it('offers a retry when the service is unavailable (503)', async () => {
    await withUnavailableService('The feed service did not answer in time; try again shortly.', async () => {
      renderApp(<InboxRiver selection={unread} />);
      const alert = await alertText();
      expect(within(alert).getByRole('heading', { name: 'The service is unavailable' })).toBeTruthy();
      expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
    });
  });

  it('says the reader is offline when the browser has no network', async () => {
    configureApi({ base: `http://127.0.0.1:${await closedPort()}` });
    Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => false });
    try {
      renderApp(<InboxRiver selection={unread} />);
      const alert = await alertText();
      expect(within(alert).getByRole('heading', { name: 'You are offline' })).toBeTruthy();
    } finally {
      delete (window.navigator as { onLine?: boolean }).onLine;
    }
  });

});

describe('the inbox when the connection drops', () => {
  let local: LocalService;
  beforeAll(async () => {
    local = await startLocalService();
    local.addFeed('Any Feed', [{}]);
  });
  afterAll(() => local.close());

  it('says the connection failed, not that the reader is offline, when the browser has a network, and loads by itself once it is back', async () => {
    configureApi({ base: `http://127.0.0.1:${await closedPort()}` });
    expect(navigator.onLine).toBe(true);
    renderApp(<InboxRiver selection={unread} />);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'The connection failed' })).toBeTruthy();
    expect(alert.textContent).toContain('this tries again by itself');
    configureApi({ base: local.base });
    expect(await screen.findByRole('list', { name: 'Unread items' }, { timeout: 5_000 })).toBeTruthy();
  });
});

describe('loading more of the river', () => {
  let local: LocalService;

  beforeAll(async () => {
    local = await startLocalService();
    local.addFeed('Evening Post', Array.from({ length: 40 }, () => ({})));
  });
  afterAll(() => local.close());

  it('keeps the rows above in place, read ones included, when the next page loads, and fetches every page when items changed elsewhere', async () => {
    const user = userEvent.setup();
    renderApp(<InboxRiver selection={unread} />);
    const list = await screen.findByRole('list', { name: 'Unread items' });
    for (const n of [0, 1, 2]) {
      await user.click(within(list).getByRole('button', { name: `Mark read: Evening Post item ${n}` }));
      await waitFor(() => expect(screen.getByRole('status').textContent).toBe(`Marked read: Evening Post item ${n}`));
    }

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByText('That is everything in this view.');
    // Fetching the first page again would drop the three read rows above the reader's place.
    const titles = within(list).getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(titles).toHaveLength(40);
    expect(titles.slice(0, 4)).toEqual(['Evening Post item 0', 'Evening Post item 1', 'Evening Post item 2', 'Evening Post item 3']);

    // When the outbox has sent changes made offline, every page is fetched again: the read rows go.
    announceItemsChanged();
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(37));
    expect(within(list).getAllByRole('heading', { level: 2 })[0]!.textContent).toBe('Evening Post item 3');
  });
});
