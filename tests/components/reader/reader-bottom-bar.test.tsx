// @vitest-environment jsdom
/*
 * The reader's bottom bar on phones, as a person uses it: read, save, share and next within a
 * thumb's reach, through the same changes (to the real service) as the header's buttons, and
 * out of the way while the page scrolls down.
 */
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ItemReader } from '@/components/reader/item-reader';
import { LIST_CONTEXT_KEY } from '@/lib/client/list-context';
import { MARK_READ_STORAGE_KEY } from '@/lib/client/reading-preferences';
import { startLocalService, type LocalService } from '../local-service';
import { renderApp } from '../render-app';

const titles = ['Tides rise over the harbour wall', 'Ferry timetable changes'];

function entry(local: LocalService, id: string) {
  return local.service.db.prepare('SELECT is_read, is_saved FROM entries WHERE user_id = ? AND item_id = ?').get(local.user.id, id) as
    { is_read: number; is_saved: number };
}

/** Scrolls the window of a page 5,000 px tall to `y`, as the browser would report it. */
async function scrollTo(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  await act(async () => {
    window.dispatchEvent(new Event('scroll'));
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
}

function isHidden(bar: HTMLElement): boolean {
  return bar.className.includes('translate-y-[calc(100%');
}

describe('the reader’s bottom bar', () => {
  let local: LocalService;
  let ids: string[];

  beforeAll(async () => {
    local = await startLocalService();
    ids = local.addFeed('Harbour Gazette', titles.map((title) => ({ title, url: `https://gazette.example/${title.length}` })));
  });
  afterAll(() => local.close());
  afterEach(() => {
    cleanup();
    localStorage.clear();
    sessionStorage.clear();
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
  });

  it('marks read and saves through the service, and goes to the next item of the list', async () => {
    localStorage.setItem(MARK_READ_STORAGE_KEY, 'manual');
    sessionStorage.setItem(LIST_CONTEXT_KEY, JSON.stringify({
      href: '/inbox?view=all', filters: '{}', nextCursor: null, items: ids.map((id, index) => ({ id, title: titles[index] })),
    }));
    const user = userEvent.setup();
    const app = renderApp(<ItemReader id={ids[0]!} />);
    const bar = await screen.findByRole('group', { name: 'Item actions' });
    const read = within(bar).getByRole('button', { name: 'Read' });
    const saved = within(bar).getByRole('button', { name: 'Saved' });
    expect([read.getAttribute('aria-pressed'), saved.getAttribute('aria-pressed')]).toEqual(['false', 'false']);

    await user.click(read);
    await waitFor(() => expect(entry(local, ids[0]!).is_read).toBe(1));
    expect(read.getAttribute('aria-pressed')).toBe('true');
    await user.click(saved);
    await waitFor(() => expect(entry(local, ids[0]!).is_saved).toBe(1));
    expect(saved.getAttribute('aria-pressed')).toBe('true');
    // The header's buttons say the same state.
    expect(screen.getByRole('button', { name: 'Unsave' })).toBeTruthy();

    await user.click(within(bar).getByRole('button', { name: 'Next' }));
    expect(app.visited).toEqual([`/items/${ids[1]}`]);
  });

  it('shares the original through the system share sheet, and offers no next item where the list ends', async () => {
    const shared: ShareData[] = [];
    Object.defineProperty(navigator, 'share', { value: async (data: ShareData) => void shared.push(data), configurable: true });
    try {
      renderApp(<ItemReader id={ids[1]!} />);
      const bar = await screen.findByRole('group', { name: 'Item actions' });
      expect(within(bar).getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(true);
      await userEvent.setup().click(within(bar).getByRole('button', { name: 'Share' }));
      await waitFor(() => expect(shared).toEqual([{ title: titles[1], url: `https://gazette.example/${titles[1]!.length}` }]));
    } finally {
      Reflect.deleteProperty(navigator, 'share');
    }
  });

  it('hides while the page scrolls down, and returns on a scroll up and at the end of the item', async () => {
    Object.defineProperty(document.documentElement, 'scrollHeight', { value: 5000, configurable: true });
    try {
      renderApp(<ItemReader id={ids[0]!} />);
      const bar = await screen.findByRole('group', { name: 'Item actions' });
      expect(isHidden(bar)).toBe(false);
      await scrollTo(400);
      expect(isHidden(bar)).toBe(true);
      await scrollTo(1200);
      expect(isHidden(bar)).toBe(true);
      await scrollTo(1100);
      expect(isHidden(bar)).toBe(false);
      await scrollTo(2000);
      expect(isHidden(bar)).toBe(true);
      // The end: the window's foot at the page's.
      await scrollTo(5000 - window.innerHeight);
      expect(isHidden(bar)).toBe(false);
    } finally {
      Reflect.deleteProperty(document.documentElement, 'scrollHeight');
    }
  });
});
