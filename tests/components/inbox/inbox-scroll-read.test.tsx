// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { createServer } from 'node:net';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { InboxRiver } from '@/components/inbox/inbox-river';
import { configureApi } from '@/lib/client/api-client';
import type { InboxSelection } from '@/lib/client/inbox-view';
import { outboxStatus } from '@/lib/client/outbox/status';
import { MARK_READ_STORAGE_KEY } from '@/lib/client/reading-preferences';
import { startLocalService, type LocalService } from '../local-service';
import { renderApp } from '../render-app';

/*
 * "Mark read when scrolled past": rows that leave the viewport at the top become read, in one
 * bulk change per burst of scrolling, queued in the outbox when offline. jsdom has no layout
 * and no IntersectionObserver, so the browser's observer is stood in for by one the test
 * drives (our code is all real, the service too).
 */

type Observed = { callback: IntersectionObserverCallback; targets: Set<Element> };
const observers = new Set<Observed>();

class TestIntersectionObserver {
  private readonly observed: Observed;
  constructor(callback: IntersectionObserverCallback) {
    this.observed = { callback, targets: new Set() };
    observers.add(this.observed);
  }
  observe(target: Element) { this.observed.targets.add(target); }
  unobserve(target: Element) { this.observed.targets.delete(target); }
  disconnect() { observers.delete(this.observed); }
  takeRecords() { return []; }
}

/**
 * Reports rows as the browser would once they scrolled out above the viewport (`above`) or below
 * it, or were hidden (no box at all: the list behind an item's reader on a narrow screen).
 */
function scroll(titles: string[], where: 'above' | 'below' | 'hidden') {
  const rows = titles.map((title) => screen.getByRole('link', { name: title }).closest('li')!);
  act(() => {
    for (const observed of observers) {
      const entries = rows.filter((row) => observed.targets.has(row)).map((row) => ({
        target: row, isIntersecting: false, intersectionRatio: 0,
        boundingClientRect: where === 'hidden' ? { top: 0, bottom: 0, height: 0 } : { top: where === 'above' ? -120 : 900, bottom: where === 'above' ? -20 : 1000, height: 100 },
        rootBounds: { top: 0, bottom: 800 },
      }) as unknown as IntersectionObserverEntry);
      if (entries.length) observed.callback(entries, observed as unknown as IntersectionObserver);
    }
  });
}

function isRead(local: LocalService, id: string): number {
  return (local.service.db.prepare('SELECT is_read FROM entries WHERE user_id = ? AND item_id = ?').get(local.user.id, id) as { is_read: number }).is_read;
}

const unread: InboxSelection = { view: 'unread', type: null };
let local: LocalService;
let ids: string[];

beforeAll(async () => {
  (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = TestIntersectionObserver;
  local = await startLocalService();
  ids = local.addFeed('Scroll Feed', Array.from({ length: 8 }, () => ({})));
});
afterAll(() => local.close());
beforeEach(() => localStorage.setItem(MARK_READ_STORAGE_KEY, 'on-scroll'));
afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  configureApi({ base: local.base, headers: { authorization: `Bearer ${local.token}` } });
});

describe('marking items read as they scroll past', () => {
  it('marks the rows that left at the top, and not those below', async () => {
    renderApp(<InboxRiver selection={unread} />);
    const list = await screen.findByRole('list', { name: 'Unread items' }, { timeout: 5000 });
    scroll(['Scroll Feed item 0', 'Scroll Feed item 1'], 'above');
    scroll(['Scroll Feed item 7'], 'below');
    scroll(['Scroll Feed item 2'], 'above');

    await waitFor(() => expect(ids.slice(0, 3).map((id) => isRead(local, id))).toEqual([1, 1, 1]));
    expect(ids.slice(3).map((id) => isRead(local, id))).toEqual([0, 0, 0, 0, 0]);
    // Still listed (the river does not jump), shown as read.
    expect(within(list).getByRole('button', { name: 'Mark unread: Scroll Feed item 0' })).toBeTruthy();
    expect(within(list).getAllByRole('listitem')).toHaveLength(8);
  });

  it('leaves rows alone that were hidden rather than scrolled past', async () => {
    renderApp(<InboxRiver selection={unread} />);
    await screen.findByRole('list', { name: 'Unread items' }, { timeout: 5000 });
    scroll(['Scroll Feed item 3', 'Scroll Feed item 4'], 'hidden');
    scroll(['Scroll Feed item 7'], 'above');
    // One bulk change goes out for the burst: item 7 in it, the hidden rows not.
    await waitFor(() => expect(isRead(local, ids[7]!)).toBe(1));
    expect([isRead(local, ids[3]!), isRead(local, ids[4]!)]).toEqual([0, 0]);
  });

  it('leaves rows alone in the other modes', async () => {
    localStorage.setItem(MARK_READ_STORAGE_KEY, 'on-open');
    renderApp(<InboxRiver selection={{ view: 'all', type: null }} />);
    await screen.findByRole('list', { name: 'Items' }, { timeout: 5000 });
    expect(observers.size).toBe(0);
    expect(isRead(local, ids[4]!)).toBe(0);
  });

  it('queues the change in the outbox when offline and shows it at once', async () => {
    renderApp(<InboxRiver selection={unread} />);
    const list = await screen.findByRole('list', { name: 'Unread items' }, { timeout: 5000 });
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as { port: number }).port;
    await new Promise((resolve) => closed.close(resolve));
    configureApi({ base: `http://127.0.0.1:${port}`, headers: { authorization: `Bearer ${local.token}` } });

    scroll(['Scroll Feed item 4', 'Scroll Feed item 5'], 'above');
    await waitFor(() => expect(outboxStatus().pending).toHaveLength(1));
    expect([...outboxStatus().changes.keys()].sort()).toEqual([ids[4]!, ids[5]!].sort());
    expect(within(list).getByRole('button', { name: 'Mark unread: Scroll Feed item 5' })).toBeTruthy();
    expect(isRead(local, ids[4]!)).toBe(0);
  });

  it('leaves an episode scrolled past unread: episodes are read once heard', async () => {
    const [episode] = local.addFeed('Scroll Podcast', [{ title: 'Scrolled episode', item_type: 'episode', audio_url: 'https://example.com/e.mp3', duration_seconds: 600 }], { sourceType: 'podcast' });
    renderApp(<InboxRiver selection={{ view: 'all', type: null }} />);
    await screen.findByRole('link', { name: 'Scrolled episode' }, { timeout: 5000 });
    scroll(['Scrolled episode', 'Scroll Feed item 6'], 'above');
    await waitFor(() => expect(isRead(local, ids[6]!)).toBe(1));
    expect(isRead(local, episode!)).toBe(0);
  });
});
