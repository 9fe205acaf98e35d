// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { Profiler } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ReaderBottomBar } from '@/components/reader/reader-bottom-bar';
import type { ListedItem } from '@/lib/client/item-cache';

afterEach(cleanup);

// The fields the bar reads; the rest of a listed item plays no part here.
const item = { id: '0b6d2a52-1111-4c1f-9a5e-5b6a6a1c0009', title: 'Tides rise over the harbour wall', canonical_url: null, is_read: false, is_saved: false } as unknown as ListedItem;

describe('the reader’s bottom bar, as the page loads', () => {
  it('is rendered once: measuring its height renders nothing again', () => {
    let commits = 0;
    const nothing = () => undefined;
    render(
      <Profiler id="bar" onRender={() => { commits += 1; }}>
        <ReaderBottomBar item={item} onToggleRead={nothing} onToggleSaved={nothing} onNext={null} onResult={nothing} />
      </Profiler>,
    );
    expect(screen.getByRole('group', { name: 'Item actions' })).toBeTruthy();
    expect(commits).toBe(1);
  });
});
