// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { Profiler } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { KeyboardShortcuts } from '@/components/keyboard-shortcuts';
import { ListKeys, useKeyedList, type KeyedItem } from '@/components/list-keys';
import { renderApp } from './render-app';

const items: KeyedItem[] = ['First', 'Second', 'Third'].map((title, index) => ({
  id: `item-${index}`, title, is_read: false, is_saved: false, canonical_url: null,
}));

let renders = 0;
const counted = () => {
  renders += 1;
};

function List() {
  const keyed = useKeyedList({ items });
  return (
    <ul ref={keyed}>
      {items.map((item) => (
        <li key={item.id} data-item-id={item.id}>
          <a href={`/items/${item.id}`} data-item-link>{item.title}</a>
        </li>
      ))}
    </ul>
  );
}

describe('ListKeys', () => {
  afterEach(() => {
    renders = 0;
    document.body.innerHTML = '';
  });

  it('registers a list with the keys without rendering it again, and j and k then move between its items', () => {
    renderApp(<ListKeys><Profiler id="list" onRender={counted}><List /></Profiler><KeyboardShortcuts /></ListKeys>);
    // A state set from the list's ref rendered the list (in the app, the whole river) a second
    // time, in the same task as the commit that attached it.
    expect(renders).toBe(1);

    fireEvent.keyDown(document.body, { key: 'j' });
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'First' }));
    fireEvent.keyDown(document.activeElement!, { key: 'j' });
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Second' }));
    fireEvent.keyDown(document.activeElement!, { key: 'k' });
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'First' }));
    expect(renders).toBe(1);
  });
});
