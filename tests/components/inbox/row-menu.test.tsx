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
    const menu = (title: string) => within(list).getByRole('link', { name: title }).closest('li')!.querySelector('details')!;

    await user.click(within(menu('Menu Feed item 1')).getByText('More'));
    expect(menu('Menu Feed item 1').open).toBe(true);
    await user.click(within(menu('Menu Feed item 2')).getByText('More'));
    await waitFor(() => expect(menu('Menu Feed item 2').open).toBe(true));
    expect(menu('Menu Feed item 1').open).toBe(false);

    // A press inside the open menu (on its own text) keeps it open.
    await user.pointer({ keys: '[MouseLeft]', target: within(menu('Menu Feed item 2')).getByRole('button', { name: 'Mark items above as read' }).parentElement! });
    expect(menu('Menu Feed item 2').open).toBe(true);

    await user.click(screen.getByRole('heading', { level: 2, name: /Menu Feed item 0/ }));
    expect(menu('Menu Feed item 2').open).toBe(false);
  });
});
