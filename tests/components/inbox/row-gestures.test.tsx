// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { InboxRiver } from '@/components/inbox/inbox-river';
import { longPressMs } from '@/components/inbox/use-row-gestures';
import { startLocalService, type LocalService } from '../local-service';
import { renderApp } from '../render-app';
import { TestPointerEvent } from '../pointer-event';
/*
 * A row's actions without the line of buttons under it: swipes (right read, left save) with the
 * hint behind the row and an offer to undo, a long press that starts a selection, and the row's
 * menu, which holds every action for keyboards and screen readers. The service is the real one.
 */


const touch = { pointerType: 'touch', pointerId: 3, isPrimary: true, bubbles: true };
const original = window.PointerEvent;
let local: LocalService;
let ids: string[];

beforeAll(async () => {
  Object.defineProperty(window, 'PointerEvent', { value: TestPointerEvent, configurable: true, writable: true });
  local = await startLocalService();
  ids = local.addFeed('Swipe Post', Array.from({ length: 4 }, () => ({})));
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

async function river() {
  const app = renderApp(<InboxRiver selection={{ view: 'all', type: null }} />);
  const list = await screen.findByRole('list', { name: 'Items' }, { timeout: 5000 });
  const surface = (n: number) => within(list).getByRole('link', { name: `Swipe Post item ${n}` }).closest('[data-swipe-row]')!;
  return { app, list, surface };
}

function swipe(element: Element, dx: number) {
  fireEvent.pointerDown(element, { ...touch, clientX: 200, clientY: 100 });
  fireEvent.pointerMove(element, { ...touch, clientX: 200 + dx / 2, clientY: 102 });
  fireEvent.pointerMove(element, { ...touch, clientX: 200 + dx, clientY: 103 });
  fireEvent.pointerUp(element, { ...touch, clientX: 200 + dx, clientY: 103 });
}

describe('swiping a row', () => {
  it('marks it read with a swipe right, shows what it will do while swiping, and takes it back with Undo', async () => {
    const user = userEvent.setup();
    const { surface, app } = await river();
    fireEvent.pointerDown(surface(0), { ...touch, clientX: 200, clientY: 100 });
    fireEvent.pointerMove(surface(0), { ...touch, clientX: 300, clientY: 104 });
    // The hint behind the row says what letting go does (once its code, fetched at the first swipe, is in), and the row follows the finger.
    await waitFor(() => expect(surface(0).parentElement!.textContent).toContain('Mark read'));
    expect((surface(0) as HTMLElement).style.transform).toBe('translateX(100px)');
    fireEvent.pointerUp(surface(0), { ...touch, clientX: 300, clientY: 104 });
    await waitFor(() => expect(local.stateOf(ids[0]!).is_read).toBe(1));
    expect(screen.getByRole('status').textContent).toBe('Marked read: Swipe Post item 0');
    // The swipe opened nothing.
    expect(app.visited).toEqual([]);

    await user.click(await screen.findByRole('button', { name: 'Undo: Marked read: Swipe Post item 0' }));
    await waitFor(() => expect(local.stateOf(ids[0]!).is_read).toBe(0));
  });

  it('saves it with a swipe left, and leaves it alone when the swipe is short or steep (a scroll)', async () => {
    const { surface } = await river();
    swipe(surface(1), -40);
    fireEvent.pointerDown(surface(1), { ...touch, clientX: 200, clientY: 100 });
    fireEvent.pointerMove(surface(1), { ...touch, clientX: 170, clientY: 200 });
    fireEvent.pointerUp(surface(1), { ...touch, clientX: 110, clientY: 260 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(local.stateOf(ids[1]!).is_saved).toBe(0);

    swipe(surface(1), -120);
    await waitFor(() => expect(local.stateOf(ids[1]!).is_saved).toBe(1));
    expect(local.stateOf(ids[1]!).is_read).toBe(0);
    await waitFor(() => expect(within(surface(1) as HTMLElement).getByRole('button', { name: 'Unsave: Swipe Post item 1' })).toBeTruthy());
  });

  it('leaves mouse drags alone: a mouse has the row’s buttons', async () => {
    const { surface } = await river();
    fireEvent.pointerDown(surface(2), { ...touch, pointerType: 'mouse', clientX: 200, clientY: 100 });
    fireEvent.pointerMove(surface(2), { ...touch, pointerType: 'mouse', clientX: 350, clientY: 100 });
    fireEvent.pointerUp(surface(2), { ...touch, pointerType: 'mouse', clientX: 350, clientY: 100 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(local.stateOf(ids[2]!)).toEqual({ is_read: 0, is_saved: 0 });
  });
});

describe('a long press on a row', () => {
  it('ticks the row, shows every row’s checkbox and the selection’s bar, and opens nothing', async () => {
    const { surface, app } = await river();
    expect(screen.getByRole('checkbox', { name: 'Select Swipe Post item 3' }).closest('label')!.className).toContain('hidden sm:flex');
    fireEvent.pointerDown(surface(3), { ...touch, clientX: 200, clientY: 100 });
    await act(() => new Promise((resolve) => setTimeout(resolve, longPressMs + 100)));
    fireEvent.pointerUp(surface(3), { ...touch, clientX: 200, clientY: 100 });
    fireEvent.click(within(surface(3) as HTMLElement).getByRole('link'));
    expect(app.visited).toEqual([]);
    expect((screen.getByRole('checkbox', { name: 'Select Swipe Post item 3' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('checkbox', { name: 'Select Swipe Post item 0' }).closest('label')!.className).not.toContain('hidden');
    expect(screen.getByRole('group', { name: 'Selected items' })).toBeTruthy();
  });

  it('does nothing when the finger moves before the time is up (a scroll)', async () => {
    const { surface } = await river();
    fireEvent.pointerDown(surface(2), { ...touch, clientX: 200, clientY: 100 });
    fireEvent.pointerMove(surface(2), { ...touch, clientX: 202, clientY: 140 });
    await act(() => new Promise((resolve) => setTimeout(resolve, longPressMs + 100)));
    expect((screen.getByRole('checkbox', { name: 'Select Swipe Post item 2' }) as HTMLInputElement).checked).toBe(false);
  });
});

describe('a row’s menu', () => {
  it('holds every action, each named, and closes with focus back on its button after one', async () => {
    const user = userEvent.setup();
    await river();
    const toggle = screen.getByRole('button', { name: 'More actions: Swipe Post item 2' });
    await user.click(toggle);
    // The menu is fetched when one first opens.
    const menu = await screen.findByRole('group', { name: 'Actions: Swipe Post item 2' });
    expect(within(menu).getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Mark read', 'Save', 'Select', 'Mark items above as read', 'Mark items below as read',
    ]);
    await waitFor(() => expect(document.activeElement).toBe(within(menu).getByRole('button', { name: 'Mark read: Swipe Post item 2' })));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(local.stateOf(ids[2]!).is_read).toBe(1));
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);

    await user.click(toggle);
    await user.click(within(await screen.findByRole('group', { name: 'Actions: Swipe Post item 2' })).getByRole('button', { name: 'Select' }));
    expect((screen.getByRole('checkbox', { name: 'Select Swipe Post item 2' }) as HTMLInputElement).checked).toBe(true);
  });
});
