// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ItemReader } from '@/components/reader/item-reader';
import { LIST_CONTEXT_KEY } from '@/lib/client/list-context';
import { MARK_READ_STORAGE_KEY } from '@/lib/client/reading-preferences';
import { startLocalService, type LocalService } from '../local-service';
import { renderApp } from '../render-app';
import { TestPointerEvent } from '../pointer-event';

type Move = { from: [number, number]; to: [number, number]; pointerType?: string; cancel?: boolean };

function drag(element: Element, { from, to, pointerType = 'touch', cancel = false }: Move) {
  const base = { pointerType, pointerId: 7, isPrimary: true, bubbles: true };
  fireEvent.pointerDown(element, { ...base, clientX: from[0], clientY: from[1] });
  fireEvent.pointerMove(element, { ...base, clientX: (from[0] + to[0]) / 2, clientY: (from[1] + to[1]) / 2 });
  if (cancel) fireEvent.pointerCancel(element, base);
  fireEvent.pointerUp(element, { ...base, clientX: to[0], clientY: to[1] });
}

const titles = ['Tides rise over the harbour wall', 'Ferry timetable changes', 'Fish market reopens'];
let local: LocalService;
let ids: string[];
const original = window.PointerEvent;

beforeAll(async () => {
  Object.defineProperty(window, 'PointerEvent', { value: TestPointerEvent, configurable: true, writable: true });
  local = await startLocalService({ plan: 'pro' });
  ids = local.addFeed('Harbour Gazette', titles.map((title) => ({ title })));
});
afterAll(async () => {
  Object.defineProperty(window, 'PointerEvent', { value: original, configurable: true, writable: true });
  await local.close();
});
afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

async function openMiddleItem() {
  localStorage.setItem(MARK_READ_STORAGE_KEY, 'manual');
  sessionStorage.setItem(LIST_CONTEXT_KEY, JSON.stringify({
    href: '/inbox?view=all', filters: '{}', nextCursor: null, items: ids.map((id, index) => ({ id, title: titles[index] })),
  }));
  const app = renderApp(<ItemReader id={ids[1]!} />);
  await screen.findByRole('navigation', { name: 'Previous and next item' });
  return { app, content: screen.getByRole('article').querySelector('.reading')! };
}

describe('swiping in the reader on a touch screen', () => {
  it('goes to the next item on a swipe left and the previous one on a swipe right, as the pager does', async () => {
    const { app, content } = await openMiddleItem();
    drag(content, { from: [600, 300], to: [420, 320] });
    drag(content, { from: [300, 300], to: [480, 290] });
    expect(app.visited).toEqual([`/items/${ids[2]}`, `/items/${ids[0]}`]);
  });

  it('leaves vertical scrolls, short moves, mouse drags and gestures the browser took over alone', async () => {
    const { app, content } = await openMiddleItem();
    drag(content, { from: [600, 600], to: [500, 300] });
    drag(content, { from: [600, 300], to: [560, 300] });
    drag(content, { from: [600, 300], to: [400, 300], pointerType: 'mouse' });
    drag(content, { from: [600, 300], to: [400, 300], cancel: true });
    expect(app.visited).toEqual([]);
  });

  it('leaves pinch-zoom to the browser, and once zoomed in leaves sideways moves to pan the page', async () => {
    // jsdom has no visual viewport: this one is as wide as the page, then pinched to twice its size.
    const viewport = Object.assign(new EventTarget(), { scale: 1 });
    Object.defineProperty(window, 'visualViewport', { value: viewport, configurable: true });
    try {
      const { app, content } = await openMiddleItem();
      const article = screen.getByRole('article');
      expect(article.style.touchAction).toBe('pan-y pinch-zoom');

      viewport.scale = 2;
      act(() => void viewport.dispatchEvent(new Event('resize')));
      expect(article.style.touchAction).toBe('auto');
      drag(content, { from: [600, 300], to: [420, 320] });
      expect(app.visited).toEqual([]);

      viewport.scale = 1;
      act(() => void viewport.dispatchEvent(new Event('resize')));
      expect(article.style.touchAction).toBe('pan-y pinch-zoom');
      drag(content, { from: [600, 300], to: [420, 320] });
      expect(app.visited).toEqual([`/items/${ids[2]}`]);
    } finally {
      Reflect.deleteProperty(window, 'visualViewport');
    }
  });

  it('leaves a swipe alone while text is selected', async () => {
    const { app, content } = await openMiddleItem();
    const range = document.createRange();
    range.selectNodeContents(content);
    window.getSelection()!.addRange(range);
    drag(content, { from: [600, 300], to: [400, 300] });
    window.getSelection()!.removeAllRanges();
    expect(app.visited).toEqual([]);
  });
});
