// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Profiler } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { SourceIcon } from '@/components/sources/source-icon';

afterEach(cleanup);

/** Gives a rendered image the natural size a browser would have read from its bytes, then loads it. */
function loaded(image: HTMLElement, naturalWidth: number) {
  Object.defineProperty(image, 'naturalWidth', { value: naturalWidth, configurable: true });
  fireEvent.load(image);
}

describe('a source’s icon', () => {
  it('is the feed’s icon from the app, an image named after the source', () => {
    render(<SourceIcon feedId="0b6d2a52-1111-4c1f-9a5e-5b6a6a1c0001" name="Harbour Gazette" />);
    const image = screen.getByRole('img', { name: 'Harbour Gazette' });
    expect(image.tagName).toBe('IMG');
    expect(image.getAttribute('src')).toBe('/api/feed-icons/0b6d2a52-1111-4c1f-9a5e-5b6a6a1c0001');
    act(() => loaded(image, 32));
    expect(screen.getByRole('img', { name: 'Harbour Gazette' }).tagName).toBe('IMG');
  });

  it('becomes a lettered tile, named after the source, when the app has no icon for it; every row of that source follows', () => {
    const feedId = '0b6d2a52-1111-4c1f-9a5e-5b6a6a1c0002';
    render(<><SourceIcon feedId={feedId} name="The Riverside Courier" /><SourceIcon feedId={feedId} name="The Riverside Courier" /></>);
    const [first] = screen.getAllByRole('img', { name: 'The Riverside Courier' });
    act(() => loaded(first!, 1));
    const tiles = screen.getAllByRole('img', { name: 'The Riverside Courier' });
    expect(tiles.map((tile) => [tile.tagName, tile.textContent])).toEqual([['SPAN', 'R'], ['SPAN', 'R']]);
  });

  it('becomes a tile when the icon cannot load, and is one at once for a source without a feed', () => {
    render(<><SourceIcon feedId="0b6d2a52-1111-4c1f-9a5e-5b6a6a1c0003" name="Gridline" /><SourceIcon feedId={null} name="Unknown source" /></>);
    act(() => {
      fireEvent.error(screen.getByRole('img', { name: 'Gridline' }));
    });
    expect(screen.getByRole('img', { name: 'Gridline' }).textContent).toBe('G');
    expect(screen.getByRole('img', { name: 'Unknown source' }).textContent).toBe('U');
  });

  it('renders nothing again when its image turns out to be a real icon, as every row’s does while the page hydrates', () => {
    let commits = 0;
    render(<Profiler id="icon" onRender={() => { commits += 1; }}><SourceIcon feedId="0b6d2a52-1111-4c1f-9a5e-5b6a6a1c0004" name="Quay Watch" /></Profiler>);
    expect(commits).toBe(1);
    act(() => loaded(screen.getByRole('img', { name: 'Quay Watch' }), 32));
    expect(commits).toBe(1);
    expect(screen.getByRole('img', { name: 'Quay Watch' }).tagName).toBe('IMG');
  });
});
