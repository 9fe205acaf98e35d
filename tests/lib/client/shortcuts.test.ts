// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { actionForKey, defaultShortcuts } from '@/lib/client/shortcuts';

afterEach(() => {
  document.body.replaceChildren();
});

/** The shortcuts with Save or unsave moved to the space bar, as settings allow. */
const spaceSaves = defaultShortcuts.map((shortcut) => (shortcut.action === 'toggleSaved' ? { ...shortcut, keys: [' '] } : shortcut));

function keyOn(tag: 'button' | 'summary' | 'a' | 'div', key: string) {
  const element = document.createElement(tag);
  if (tag === 'a') element.setAttribute('href', '/items/1');
  document.body.append(element);
  // Heard on the document, as the page's shortcuts are.
  let action: string | null = 'not pressed';
  const listen = (event: KeyboardEvent) => { action = actionForKey(event, spaceSaves); };
  document.addEventListener('keydown', listen);
  element.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
  document.removeEventListener('keydown', listen);
  return action;
}

describe('shortcut keys a focused control uses itself', () => {
  it('leaves the space bar to a focused button or disclosure, which it presses', () => {
    expect(keyOn('button', ' ')).toBeNull();
    expect(keyOn('summary', ' ')).toBeNull();
  });

  it('still takes a space-bar shortcut elsewhere, and a letter on a button', () => {
    expect(keyOn('div', ' ')).toBe('toggleSaved');
    expect(keyOn('a', ' ')).toBe('toggleSaved');
    expect(keyOn('button', 'm')).toBe('toggleRead');
  });

  it('leaves Enter to a focused link or button', () => {
    expect(keyOn('a', 'Enter')).toBeNull();
    expect(keyOn('button', 'Enter')).toBeNull();
    expect(keyOn('div', 'Enter')).toBe('open');
  });
});
