// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ItemReader } from '@/components/reader/item-reader';
import { MARK_READ_STORAGE_KEY } from '@/lib/client/reading-preferences';
import { leaveScrollFor } from '@/lib/client/resume-reading';
import { startLocalService, type LocalService } from '../local-service';
import { renderApp } from '../render-app';

let local: LocalService;
let ids: string[];
beforeAll(async () => {
  local = await startLocalService({ plan: 'pro' });
  ids = local.addFeed('Harbour Gazette', [{ title: 'Tides rise over the harbour wall' }, { title: 'Ferry timetable changes' }]);
});
afterAll(() => local.close());
afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  vi.restoreAllMocks();
});

/** A stand-in ResizeObserver (jsdom has none): `grow()` tells those watching <body> it changed size. */
function watchBody() {
  const watching = new Set<() => void>();
  vi.stubGlobal('ResizeObserver', class {
    private readonly changed: () => void;
    constructor(changed: () => void) {
      this.changed = () => changed();
    }
    observe(target: Element) {
      if (target === document.body) watching.add(this.changed);
    }
    disconnect() {
      watching.delete(this.changed);
    }
  });
  return { grow: () => [...watching].forEach((changed) => changed()), watched: () => watching.size > 0 };
}

describe('the reader reopened by the installed app', () => {
  it('scrolls back to where the person had read to, once', async () => {
    localStorage.setItem(MARK_READ_STORAGE_KEY, 'manual');
    // jsdom does not scroll: the calls say where the reader asked to go.
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    leaveScrollFor(`/items/${ids[0]}`, 640);
    renderApp(<ItemReader id={ids[0]!} />);
    await screen.findByRole('heading', { level: 1, name: 'Tides rise over the harbour wall' });
    await waitFor(() => expect(scrollTo).toHaveBeenCalledWith(0, 640));
    cleanup();

    renderApp(<ItemReader id={ids[0]!} />);
    await screen.findByRole('heading', { level: 1, name: 'Tides rise over the harbour wall' });
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(scrollTo).toHaveBeenCalledTimes(1);
  });

  it('leaves another item\'s position alone', async () => {
    localStorage.setItem(MARK_READ_STORAGE_KEY, 'manual');
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    leaveScrollFor(`/items/${ids[0]}`, 640);
    renderApp(<ItemReader id={ids[1]!} />);
    await screen.findByRole('heading', { level: 1, name: 'Ferry timetable changes' });
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('keeps going for the place as the page below the text grows, until it is there', async () => {
    localStorage.setItem(MARK_READ_STORAGE_KEY, 'manual');
    // A page 300 px short of the place at first; the sections after the text make it longer later.
    let room = 300;
    let at = 0;
    vi.spyOn(window, 'scrollY', 'get').mockImplementation(() => at);
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(((x: number, y: number) => { at = Math.min(y, room); }) as typeof window.scrollTo);
    const body = watchBody();
    try {
      leaveScrollFor(`/items/${ids[0]}`, 640);
      renderApp(<ItemReader id={ids[0]!} />);
      await screen.findByRole('heading', { level: 1, name: 'Tides rise over the harbour wall' });
      await waitFor(() => expect(scrollTo).toHaveBeenCalledWith(0, 640));
      expect(at).toBe(300);

      room = 2000;
      body.grow();
      expect(at).toBe(640);
      // There: the page growing later is left alone.
      expect(body.watched()).toBe(false);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('stops going for the place once the person scrolls', async () => {
    localStorage.setItem(MARK_READ_STORAGE_KEY, 'manual');
    let at = 0;
    vi.spyOn(window, 'scrollY', 'get').mockImplementation(() => at);
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(((x: number, y: number) => { at = Math.min(y, 300); }) as typeof window.scrollTo);
    const body = watchBody();
    try {
      leaveScrollFor(`/items/${ids[0]}`, 640);
      renderApp(<ItemReader id={ids[0]!} />);
      await screen.findByRole('heading', { level: 1, name: 'Tides rise over the harbour wall' });
      await waitFor(() => expect(scrollTo).toHaveBeenCalledWith(0, 640));
      expect(body.watched()).toBe(true);
      window.dispatchEvent(new Event('touchstart'));
      expect(body.watched()).toBe(false);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
