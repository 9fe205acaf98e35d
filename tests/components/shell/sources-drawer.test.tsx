// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SourcesButton } from '@/components/shell/sources-button';
import { startLocalService, type LocalService } from '../local-service';
import { renderRouted } from '../render-routed';

afterEach(() => cleanup());

describe('the sources drawer', () => {
  let local: LocalService;
  beforeAll(async () => {
    local = await startLocalService();
    local.addFeed('Bakery', [{}, {}]);
  });
  afterAll(async () => { await local.close(); });

  async function openDrawer() {
    const user = userEvent.setup();
    const app = renderRouted(<><SourcesButton /><a href="/elsewhere">Behind</a></>, { url: '/inbox' });
    const opener = screen.getByRole('button', { name: 'Sources' });
    expect(opener.getAttribute('aria-haspopup')).toBe('dialog');
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Sources' });
    return { user, app, opener, dialog };
  }

  it('moves focus in, keeps Tab inside, and gives focus back to the button on Escape', async () => {
    const { user, opener, dialog } = await openDrawer();
    const close = within(dialog).getByRole('button', { name: 'Close' });
    expect(document.activeElement).toBe(close);
    await waitFor(() => expect(within(dialog).getByRole('link', { name: /^Bakery/ })).toBeTruthy());
    // Shift+Tab from the first control wraps to the last link, Tab from there back to Close.
    await user.tab({ shift: true });
    expect(document.activeElement?.textContent).toMatch(/^Bakery/);
    await user.tab();
    expect(document.activeElement).toBe(close);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(opener);
  });

  it('closes with its Close button and when a link is followed', async () => {
    const { user, opener, dialog } = await openDrawer();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);

    await user.click(opener);
    const again = await screen.findByRole('dialog', { name: 'Sources' });
    const bakery = await within(again).findByRole('link', { name: /^Bakery/ });
    expect(bakery.getAttribute('href')).toMatch(/^\/inbox\?subscription=/);
    // jsdom cannot load another page: stop the link's own navigation once the app has seen the click.
    const stay = (event: MouseEvent) => event.preventDefault();
    window.addEventListener('click', stay);
    await user.click(bakery);
    window.removeEventListener('click', stay);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows no button away from the inbox', () => {
    renderRouted(<SourcesButton />, { url: '/stories' });
    expect(screen.queryByRole('button', { name: 'Sources' })).toBeNull();
  });
});
