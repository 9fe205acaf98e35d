import type { KeyboardEvent } from 'react';

/** Escape from anywhere in an open <details> closes it and puts focus back on its summary, as menus close. */
export function closeOnEscape(event: KeyboardEvent<HTMLDetailsElement>): void {
  const details = event.currentTarget;
  if (event.key !== 'Escape' || !details.open) return;
  event.preventDefault();
  details.open = false;
  details.querySelector('summary')?.focus();
}
