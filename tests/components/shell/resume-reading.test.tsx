// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ResumeReading } from '@/components/shell/resume-reading';
import { StandaloneBack } from '@/components/shell/standalone-back';
import { LIST_CONTEXT_KEY } from '@/lib/client/list-context';
import { LAST_ROUTE_KEY, RESUME_SCROLL_KEY, STARTED_KEY, resumeMaxAgeMs, type LastRoute } from '@/lib/client/resume-reading';
import { renderRouted } from '../render-routed';

/** jsdom knows no display modes: this answers `(display-mode: standalone)` as an installed app would. */
function displayMode(standalone: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: standalone && query === '(display-mode: standalone)', media: query,
    addEventListener: () => undefined, removeEventListener: () => undefined,
  }));
}

function remember(entry: Partial<LastRoute>) {
  localStorage.setItem(LAST_ROUTE_KEY, JSON.stringify({ href: '/items/abc', scrollY: 840, at: Date.now() - 60_000, ...entry }));
}

const stored = () => JSON.parse(localStorage.getItem(LAST_ROUTE_KEY) ?? 'null') as LastRoute | null;

beforeEach(() => displayMode(true));
afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
});

describe('reopening the installed app', () => {
  it('goes back to the last item, leaving its scroll position for the reader, on a cold start at /inbox', () => {
    remember({});
    const app = renderRouted(<ResumeReading />, { url: '/inbox' });
    expect(app.visited).toEqual(['/items/abc']);
    expect(JSON.parse(sessionStorage.getItem(RESUME_SCROLL_KEY)!)).toEqual({ href: '/items/abc', scrollY: 840 });
    // The way back did not write the inbox down as the last route.
    expect(stored()).toMatchObject({ href: '/items/abc' });
  });

  it('gives the reopened window back the list the item was read from, written down with the route', () => {
    const list = JSON.stringify({ href: '/search?q=tides', filters: '', nextCursor: null, items: [{ id: 'abc', title: 'Tides' }, { id: 'def', title: 'Ferries' }] });
    sessionStorage.setItem(STARTED_KEY, '1');
    sessionStorage.setItem(LIST_CONTEXT_KEY, list);
    renderRouted(<ResumeReading />, { url: '/items/abc' });
    expect(stored()).toMatchObject({ href: '/items/abc', list });
    cleanup();

    // The system closed the window: a new one starts with empty session storage.
    sessionStorage.clear();
    const app = renderRouted(<ResumeReading />, { url: '/inbox' });
    expect(app.visited).toEqual(['/items/abc']);
    // The inbox it opened on writes its own list; the item's list comes back once the item is shown.
    sessionStorage.setItem(LIST_CONTEXT_KEY, '{"href":"/inbox"}');
    app.navigate('/items/abc');
    expect(sessionStorage.getItem(LIST_CONTEXT_KEY)).toBe(list);
  });

  it('stays at the inbox on a reload, in a browser tab, after long, at another start, or when the last route was not an item', () => {
    remember({});
    sessionStorage.setItem(STARTED_KEY, '1');
    expect(renderRouted(<ResumeReading />, { url: '/inbox' }).visited).toEqual([]);
    cleanup();
    sessionStorage.clear();

    displayMode(false);
    expect(renderRouted(<ResumeReading />, { url: '/inbox' }).visited).toEqual([]);
    cleanup();
    sessionStorage.clear();
    displayMode(true);

    remember({ at: Date.now() - resumeMaxAgeMs - 1000 });
    expect(renderRouted(<ResumeReading />, { url: '/inbox' }).visited).toEqual([]);
    cleanup();
    sessionStorage.clear();

    remember({});
    expect(renderRouted(<ResumeReading />, { url: '/stories' }).visited).toEqual([]);
    cleanup();
    sessionStorage.clear();

    remember({ href: '/stories' });
    expect(renderRouted(<ResumeReading />, { url: '/inbox' }).visited).toEqual([]);
  });

  it('writes down each route and, once scrolling rests, how far down it is', async () => {
    vi.useFakeTimers();
    try {
      sessionStorage.setItem(STARTED_KEY, '1');
      const app = renderRouted(<ResumeReading />, { url: '/inbox' });
      expect(stored()).toMatchObject({ href: '/inbox', scrollY: 0 });
      app.navigate('/items/def');
      expect(stored()).toMatchObject({ href: '/items/def', scrollY: 0 });

      Object.defineProperty(window, 'scrollY', { value: 1320, configurable: true });
      fireEvent.scroll(window);
      expect(stored()!.scrollY).toBe(0);
      await act(() => vi.advanceTimersByTimeAsync(300));
      expect(stored()).toMatchObject({ href: '/items/def', scrollY: 1320 });
    } finally {
      Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
      vi.useRealTimers();
    }
  });

  it('writes nothing down in a browser tab', () => {
    displayMode(false);
    renderRouted(<ResumeReading />, { url: '/items/abc' });
    expect(stored()).toBeNull();
  });
});

describe('the Back button of the installed app', () => {
  it('shows only in standalone display mode', () => {
    displayMode(false);
    renderRouted(<StandaloneBack />, { url: '/items/abc' });
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
    cleanup();

    displayMode(true);
    renderRouted(<StandaloneBack />, { url: '/items/abc' });
    expect(screen.getByRole('button', { name: 'Back' })).toBeTruthy();
  });

  it('goes to the inbox when the window has no page behind it (the app reopened on an item), and hides there', async () => {
    const user = userEvent.setup();
    const app = renderRouted(<StandaloneBack />, { url: '/items/abc' });
    expect(window.history.length).toBe(1);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(app.visited).toEqual(['/inbox']);
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
  });

  it('goes back when a page is behind at the moment it is pressed, though there was none when it rendered', async () => {
    const user = userEvent.setup();
    const app = renderRouted(<StandaloneBack />, { url: '/items/abc' });
    // The router adds the page's history entry after rendering it.
    window.history.pushState(null, '', '/items/abc');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(app.backs()).toBe(1);
    expect(app.visited).toEqual([]);
  });

  it('is not shown on the inbox, the app\'s home, even with pages behind it', () => {
    window.history.pushState(null, '', '/items/abc');
    renderRouted(<StandaloneBack />, { url: '/inbox' });
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
  });
});
