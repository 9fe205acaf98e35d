// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InboxView } from '@/components/inbox/inbox-view';
import { startLocalService, type LocalService } from '../local-service';
import { renderRouted } from '../render-routed';

/*
 * The inbox narrowed to a date range (`/inbox?from=2025-05-05&to=2025-05-25`, either end
 * open): set from the toolbar's From and To, kept in the URL, and honoured by mark-all.
 */

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

const days = ['2025-05-30', '2025-05-20', '2025-05-10', '2025-05-01'];

function isRead(local: LocalService, id: string): number {
  return (local.service.db.prepare('SELECT is_read FROM entries WHERE user_id = ? AND item_id = ?').get(local.user.id, id) as { is_read: number }).is_read;
}

function titles(list: HTMLElement): string[] {
  return within(list).getAllByRole('link').filter((link) => link.hasAttribute('data-item-link')).map((link) => link.textContent ?? '');
}

describe('the inbox between two dates', () => {
  let local: LocalService;
  let ids: string[];
  let other: string[];
  beforeEach(async () => {
    local = await startLocalService();
    ids = local.addFeed('Diary', days.map((day) => ({ published_at: `${day}T12:00:00.000Z` })));
    other = local.addFeed('Elsewhere', [{ published_at: '2025-05-15T08:00:00.000Z' }]);
  });
  afterEach(() => local.close());

  it('narrows the river to the days chosen in From and To, kept in the URL', async () => {
    const app = renderRouted(<InboxView />, { url: '/inbox?view=all' });
    await screen.findByRole('list', { name: 'Items' }, { timeout: 5000 });
    // The fields stay folded behind the Dates button until asked for.
    const toggle = screen.getByRole('button', { name: 'Dates' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('search', { name: 'Dates' })).toBeNull();
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const dates = screen.getByRole('search', { name: 'Dates' });
    fireEvent.change(within(dates).getByLabelText('From'), { target: { value: '2025-05-05' } });
    fireEvent.change(within(dates).getByLabelText('To'), { target: { value: '2025-05-25' } });
    fireEvent.click(within(dates).getByRole('button', { name: 'Show dates' }));
    expect(app.url()).toBe('/inbox?view=all&from=2025-05-05&to=2025-05-25');

    const list = await screen.findByRole('list', { name: /^Items from/ });
    expect(titles(list)).toEqual(['Diary item 1', 'Elsewhere item 0', 'Diary item 2']);
    expect(screen.getByRole('button', { name: 'Dates from May 5, 2025 to May 25, 2025' }).getAttribute('aria-expanded')).toBe('true');
    // The view switches keep the dates.
    expect(within(screen.getByRole('navigation', { name: 'Views' })).getByRole('link', { name: 'Unread' }).getAttribute('href'))
      .toBe('/inbox?from=2025-05-05&to=2025-05-25');

    fireEvent.click(within(screen.getByRole('search', { name: 'Dates' })).getByRole('button', { name: 'Clear dates' }));
    expect(app.url()).toBe('/inbox?view=all');
    expect(titles(await screen.findByRole('list', { name: 'Items' }))).toHaveLength(5);
    expect(screen.getByRole('button', { name: 'Dates' }).getAttribute('aria-expanded')).toBe('false');
  });

  it('says when the start is after the end, and when nothing was published in the range', async () => {
    const app = renderRouted(<InboxView />, { url: '/inbox?from=2025-04-01&to=2025-04-30' });
    expect(await screen.findByRole('heading', { name: 'Nothing in these dates' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Clear dates' }).getAttribute('href')).toBe('/inbox');
    // A range in the URL shows its fields, open, and names itself on the button.
    expect(screen.getByRole('button', { name: 'Dates from Apr 1, 2025 to Apr 30, 2025' }).getAttribute('aria-expanded')).toBe('true');

    const dates = screen.getByRole('search', { name: 'Dates' });
    fireEvent.change(within(dates).getByLabelText('From'), { target: { value: '2025-05-20' } });
    fireEvent.change(within(dates).getByLabelText('To'), { target: { value: '2025-05-10' } });
    fireEvent.click(within(dates).getByRole('button', { name: 'Show dates' }));
    expect(within(dates).getByRole('alert').textContent).toBe('The start date is after the end date.');
    expect(app.url()).toBe('/inbox?from=2025-04-01&to=2025-04-30');
  });

  it('marks all read only up to the end date (PUT before the end of that day)', async () => {
    const user = userEvent.setup();
    renderRouted(<InboxView />, { url: '/inbox?to=2025-05-15' });
    await screen.findByRole('list', { name: /^Unread items up to/ }, { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));
    await user.click(await screen.findByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('3 items marked read.'));
    expect(ids.map((id) => isRead(local, id))).toEqual([0, 0, 1, 1]);
    expect(isRead(local, other[0]!)).toBe(1);
  });

  it('marks all read only from the start date, item by item (PUT takes no from_date)', async () => {
    const user = userEvent.setup();
    renderRouted(<InboxView />, { url: '/inbox?from=2025-05-12' });
    await screen.findByRole('list', { name: /^Unread items since/ }, { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));
    await user.click(await screen.findByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('3 items marked read.'));
    expect(ids.map((id) => isRead(local, id))).toEqual([1, 1, 0, 0]);
    expect(isRead(local, other[0]!)).toBe(1);
    expect(await screen.findByRole('heading', { name: 'Nothing in these dates' })).toBeTruthy();
  });
});
