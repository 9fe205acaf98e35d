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

/** One finger from (x, 100) to (x + sideways, 100 + down) on `on` (the page by default), then lifted. */
function drag(down: number, sideways = 0, lift = true, on: Element | Window = window) {
  act(() => {
    fireEvent.touchStart(on, { touches: [{ clientX: 100, clientY: 100 }] });
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

  it('leaves alone a drag in a dialog over the river, or in a box of its own scrolled down', async () => {
    renderApp(
      <>
        <InboxRiver selection={{ view: 'unread', type: null }} />
        {/* As the Sources drawer on a phone: its list scrolls while the page behind stays at its top. */}
        <dialog open aria-label="Sources"><a href="/inbox?tag=x">A source</a></dialog>
        <div data-testid="scroller" style={{ overflowY: 'auto', height: 50 }}><p>Long text</p></div>
      </>,
    );
    await screen.findByRole('list', { name: 'Unread items' }, { timeout: 5000 });
    drag(200, 0, false, screen.getByRole('link', { name: 'A source' }));
    expect(screen.queryByText('Release to refresh')).toBeNull();
    act(() => void fireEvent.touchEnd(window, { touches: [] }));

    const scroller = screen.getByTestId('scroller');
    scroller.scrollTop = 30;
    drag(200, 0, false, screen.getByText('Long text'));
    expect(screen.queryByText('Release to refresh')).toBeNull();
    act(() => void fireEvent.touchEnd(window, { touches: [] }));
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('leaves alone a drag that starts on fixed UI over the river, or on UI that keeps its own gestures', async () => {
    renderApp(
      <>
        <InboxRiver selection={{ view: 'unread', type: null }} />
        {/* As the mini player and the offline panel: fixed at the bottom of the screen. */}
        <section aria-label="Podcast player" style={{ position: 'fixed', bottom: 0 }}><p><span>An episode</span></p></section>
        <div data-own-gestures><span>A bar of its own</span></div>
      </>,
    );
    await screen.findByRole('list', { name: 'Unread items' }, { timeout: 5000 });
    for (const start of [screen.getByText('An episode'), screen.getByText('A bar of its own')]) {
      drag(200, 0, false, start);
      expect(screen.queryByText('Release to refresh')).toBeNull();
      act(() => void fireEvent.touchEnd(window, { touches: [] }));
    }
    expect(screen.getByRole('status').textContent).toBe('');
    // The same drag from the river itself still pulls.
    drag(200, 0, false, screen.getByRole('list', { name: 'Unread items' }));
    expect(screen.getByText('Release to refresh')).toBeTruthy();
    act(() => void fireEvent.touchCancel(window, { touches: [] }));
  });
});
