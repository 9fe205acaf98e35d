import type { KeyboardEvent, SyntheticEvent } from 'react';

/**
 * Escape in an open menu: takes the key (so the page's shortcuts leave it), closes the menu and
 * puts focus back on the control that opens it, as menus close. Answers whether it did.
 */
export function escapeClosesMenu(event: KeyboardEvent, open: boolean, close: () => void, opener: HTMLElement | null): boolean {
  if (event.key !== 'Escape' || !open) return false;
  event.preventDefault();
  close();
  opener?.focus();
  return true;
}

/** Escape from anywhere in an open <details> closes it and puts focus back on its summary, as menus close. */
export function closeOnEscape(event: KeyboardEvent<HTMLDetailsElement>): void {
  const details = event.currentTarget;
  const close = () => {
    details.open = false;
  };
  escapeClosesMenu(event, details.open, close, details.querySelector('summary'));
}

/**
 * Calls `close` on each press outside `menu` (listened to in the capture phase, before the
 * press does anything else) until the answered function stops it.
 */
export function onPressOutside(menu: Element, close: () => void): () => void {
  const onPress = (press: PointerEvent) => {
    if (!menu.contains(press.target as Node)) close();
  };
  document.addEventListener('pointerdown', onPress, true);
  return () => document.removeEventListener('pointerdown', onPress, true);
}

/**
 * As an <details> menu's onToggle: once opened, a press anywhere outside it closes it again, as
 * menus close, so opening another row's menu does not leave this one open beside it.
 */
export function closeOnPressOutside(event: SyntheticEvent<HTMLDetailsElement>): void {
  const details = event.currentTarget;
  if (!details.open) return;
  const stop = onPressOutside(details, () => {
    details.open = false;
    stop();
  });
  details.addEventListener('toggle', stop, { once: true });
}
