// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { InboxRiver } from '@/components/inbox/inbox-river';
import { startLocalService, type LocalService } from '../local-service';
import { renderApp } from '../render-app';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('a row’s More menu', () => {
  let local: LocalService;
  beforeAll(async () => {
    local = await startLocalService();
    local.addFeed('Menu Feed', Array.from({ length: 4 }, () => ({})));
  });
  afterAll(() => local.close());

  it('closes when another row’s menu opens or the person presses outside it, and stays open for presses inside', async () => {
    const user = userEvent.setup();
    renderApp(<InboxRiver selection={{ view: 'unread', type: null }} />);
    const list = await screen.findByRole('list', { name: 'Unread items' }, { timeout: 5000 });
    const menu = (title: string) => within(within(list).getByRole('link', { name: title }).closest('li')!).getByRole('button', { name: `More actions: ${title}` });
    const opened = (title: string) => menu(title).getAttribute('aria-expanded') === 'true';

    await user.click(menu('Menu Feed item 1'));
    expect(opened('Menu Feed item 1')).toBe(true);
    await user.click(menu('Menu Feed item 2'));
    await waitFor(() => expect(opened('Menu Feed item 2')).toBe(true));
    expect(opened('Menu Feed item 1')).toBe(false);

    // A press inside the open menu (on its own background) keeps it open.
    // The menu is fetched when one first opens, so it may arrive a moment after its button says so.
    await user.pointer({ keys: '[MouseLeft]', target: await screen.findByRole('group', { name: 'Actions: Menu Feed item 2' }) });
    expect(opened('Menu Feed item 2')).toBe(true);

    await user.click(screen.getByRole('heading', { level: 2, name: /Menu Feed item 0/ }));
    expect(opened('Menu Feed item 2')).toBe(false);
  });
});
