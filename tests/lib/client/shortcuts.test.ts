// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { actionForKey, defaultShortcuts } from '@/lib/client/shortcuts';

afterEach(() => {
  document.body.replaceChildren();
});

/** The shortcuts with Save or unsave moved to the space bar, as settings allow. */
const spaceSaves = defaultShortcuts.map((shortcut) => (shortcut.action === 'toggleSaved' ? { ...shortcut, keys: [' '] } : shortcut));

function keyOn(tag: 'button' | 'summary' | 'a' | 'div' | 'input', key: string, type?: string) {
  const element = document.createElement(tag);
  if (tag === 'a') element.setAttribute('href', '/items/1');
  if (type) element.setAttribute('type', type);
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

describe('shortcut keys on form fields', () => {
  it('leaves every key to a field that takes typing', () => {
    expect(keyOn('input', 'j')).toBeNull();
    expect(keyOn('input', 'j', 'search')).toBeNull();
    expect(keyOn('input', 'm', 'date')).toBeNull();
  });

  it('takes a letter pressed on a checkbox or radio button (an item just selected), but leaves them Space and Enter', () => {
    expect(keyOn('input', 'j', 'checkbox')).toBe('next');
    expect(keyOn('input', 'm', 'radio')).toBe('toggleRead');
    expect(keyOn('input', ' ', 'checkbox')).toBeNull();
    expect(keyOn('input', 'Enter', 'checkbox')).toBeNull();
  });
});
