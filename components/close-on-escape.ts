import type { KeyboardEvent, SyntheticEvent } from 'react';

/** Escape from anywhere in an open <details> closes it and puts focus back on its summary, as menus close. */
export function closeOnEscape(event: KeyboardEvent<HTMLDetailsElement>): void {
  const details = event.currentTarget;
  if (event.key !== 'Escape' || !details.open) return;
  event.preventDefault();
  details.open = false;
  details.querySelector('summary')?.focus();
}

/**
 * As an <details> menu's onToggle: once opened, a press anywhere outside it closes it again, as
 * menus close, so opening another row's menu does not leave this one open beside it.
 */
export function closeOnPressOutside(event: SyntheticEvent<HTMLDetailsElement>): void {
  const details = event.currentTarget;
  if (!details.open) return;
  const close = (press: PointerEvent) => {
    if (details.contains(press.target as Node)) return;
    details.open = false;
    document.removeEventListener('pointerdown', close, true);
  };
  document.addEventListener('pointerdown', close, true);
  details.addEventListener('toggle', () => document.removeEventListener('pointerdown', close, true), { once: true });
}
