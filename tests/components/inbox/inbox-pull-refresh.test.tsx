// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { InboxRiver } from '@/components/inbox/inbox-river';
import { startLocalService, type LocalService } from '../local-service';
import { renderApp } from '../render-app';

/* Pull to refresh on touch screens: a drag down from the top of the page fetches the river again. */

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

/** One finger from (x, 100) to (x + sideways, 100 + down), then lifted. */
function drag(down: number, sideways = 0, lift = true) {
  act(() => {
    fireEvent.touchStart(window, { touches: [{ clientX: 100, clientY: 100 }] });
    fireEvent.touchMove(window, { touches: [{ clientX: 100 + sideways / 2, clientY: 100 + down / 2 }] });
    fireEvent.touchMove(window, { touches: [{ clientX: 100 + sideways, clientY: 100 + down }] });
  });
  if (lift) act(() => void fireEvent.touchEnd(window, { touches: [] }));
}

describe('pulling the river down', () => {
  let local: LocalService;
  beforeAll(async () => {
    local = await startLocalService();
    local.addFeed('Morning Post', [{}, {}, {}]);
  });
  afterAll(() => local.close());

  it('refreshes the list when let go past the threshold, and not before', async () => {
    renderApp(<InboxRiver selection={{ view: 'unread', type: null }} />);
    const list = await screen.findByRole('list', { name: 'Unread items' }, { timeout: 5000 });
    local.addFeed('Late Wire', [{ published_at: new Date(Date.now() + 60_000).toISOString() }]);

    drag(80);
    expect(screen.queryByText('Refreshing…')).toBeNull();
    drag(60, 200);
    expect(screen.queryByText('Refreshing…')).toBeNull();
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);

    drag(200, 0, false);
    expect(screen.getByText('Release to refresh')).toBeTruthy();
    act(() => void fireEvent.touchEnd(window, { touches: [] }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Refreshed.'));
    expect(within(screen.getByRole('list', { name: 'Unread items' })).getByRole('link', { name: 'Late Wire item 0' })).toBeTruthy();
    expect(screen.queryByText('Release to refresh')).toBeNull();
  });
});
