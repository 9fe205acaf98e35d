// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { MainNav } from '@/components/shell/main-nav';
import { renderRouted } from '../render-routed';

/* The More disclosure that holds all sections but the inbox on narrow screens (jsdom applies no CSS: both copies render). */

afterEach(cleanup);

const more = () => screen.getByRole('button', { name: 'More' });
const folded = () => document.getElementById('more-sections')!;

describe('the main navigation’s More disclosure', () => {
  it('opens to the folded sections, marking the current one, and Escape closes it with focus back on More', async () => {
    const user = userEvent.setup();
    renderRouted(<MainNav />, { url: '/settings/share-links' });
    expect(more().getAttribute('aria-expanded')).toBe('false');
    expect(folded().hidden).toBe(true);

    await user.click(more());
    expect(more().getAttribute('aria-expanded')).toBe('true');
    expect(folded().hidden).toBe(false);
    const links = within(folded()).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Stories', 'Episodes', 'Search', 'Subscriptions', 'Settings']);
    expect(within(folded()).getByRole('link', { name: 'Settings' }).getAttribute('aria-current')).toBe('page');
    expect(within(folded()).getByRole('link', { name: 'Stories' }).getAttribute('aria-current')).toBeNull();

    await user.tab();
    expect(document.activeElement).toBe(links[0]);
    await user.keyboard('{Escape}');
    expect(folded().hidden).toBe(true);
    expect(document.activeElement).toBe(more());
  });

  it('closes when a press lands outside it, and when one of its links is followed', async () => {
    const user = userEvent.setup();
    renderRouted(<><MainNav /><p>Page text</p></>, { url: '/inbox' });
    await user.click(more());
    fireEvent.pointerDown(screen.getByText('Page text'));
    expect(folded().hidden).toBe(true);

    await user.click(more());
    // jsdom cannot follow a link; the disclosure's own click handler is what is tested.
    document.addEventListener('click', (event) => event.preventDefault(), { once: true });
    fireEvent.click(within(folded()).getByRole('link', { name: 'Search' }));
    expect(folded().hidden).toBe(true);
  });
});

describe('where the main navigation is left out', () => {
  it('shows no sections on the sign-in page nor on a shared item, whose visitors are not signed in', () => {
    for (const url of ['/sign-in', '/share/some-token']) {
      renderRouted(<MainNav />, { url });
      expect(screen.queryByRole('navigation')).toBeNull();
      expect(screen.queryByRole('link', { name: 'Inbox' })).toBeNull();
      cleanup();
    }
    renderRouted(<MainNav />, { url: '/inbox' });
    expect(screen.getByRole('link', { name: 'Inbox' })).toBeTruthy();
  });
});
