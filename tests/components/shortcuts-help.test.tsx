// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { KeyboardShortcuts } from '@/components/keyboard-shortcuts';
import { ListKeys } from '@/components/list-keys';
import { renderApp } from './render-app';

afterEach(cleanup);

describe('the keyboard shortcuts overlay', () => {
  it('opens with ?, lists every shortcut on a page of item lists, keeps focus inside, and closes with Escape giving focus back', async () => {
    const user = userEvent.setup();
    renderApp(<ListKeys><button type="button">Before</button><KeyboardShortcuts /></ListKeys>);
    const before = screen.getByRole('button', { name: 'Before' });
    before.focus();

    await user.keyboard('?');
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    for (const label of ['Next item', 'Previous item', 'Open the item', 'Mark read or unread', 'Save or unsave', 'Open the original in a new tab', 'Search']) {
      expect(within(dialog).getByText(label)).toBeTruthy();
    }
    const close = within(dialog).getByRole('button', { name: 'Close' });
    expect(document.activeElement).toBe(close);
    await user.tab();
    expect(dialog.contains(document.activeElement)).toBe(true);
    await user.tab({ shift: true });
    expect(dialog.contains(document.activeElement)).toBe(true);

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(before);
  });

  it('lists only the shortcuts that work on the page: without item lists, search and itself', async () => {
    const user = userEvent.setup();
    renderApp(<KeyboardShortcuts handlers={{}} />);
    await user.keyboard('?');
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect([...dialog.querySelectorAll('dd')].map((entry) => entry.textContent)).toEqual(['Search', 'Show the keyboard shortcuts']);
  });

  it('sends / to the search page', async () => {
    const user = userEvent.setup();
    const app = renderApp(<KeyboardShortcuts handlers={{}} />);
    await user.keyboard('/');
    expect(app.visited).toEqual(['/search']);
  });
});
