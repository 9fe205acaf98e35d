// @vitest-environment jsdom
import { renderToString } from 'react-dom/server';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RelativeTime } from '@/components/relative-time';
import { hydrateOver } from './hydrate-over';
import { fullDate, relativeDate } from '@/lib/client/relative-date';

const published = new Date(Date.now() - 3 * 3_600_000).toISOString();

describe('RelativeTime', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('sends words without a tooltip from the server and hydrates them without a mismatch, keeping the server\'s words', async () => {
    const served = renderToString(<RelativeTime timestamp={published} />);
    expect(served).not.toContain('title=');
    // As if an hour went by between the server's render and the browser's.
    const { container, errors } = await hydrateOver(served.replace('3 hours ago', '2 hours ago'), <RelativeTime timestamp={published} />);
    const time = container.querySelector('time');
    expect(errors).toEqual([]);
    expect(time?.getAttribute('datetime')).toBe(published);
    expect(time?.textContent).toBe('2 hours ago');
    expect(time?.hasAttribute('title')).toBe(false);
  });

  it('words the full date as a tooltip when a pointer comes to the words, also over hydrated words', async () => {
    const served = renderToString(<RelativeTime timestamp={published} />);
    const { container } = await hydrateOver(served, <RelativeTime timestamp={published} />);
    const time = container.querySelector('time')!;
    fireEvent.pointerEnter(time);
    expect(time.getAttribute('title')).toBe(fullDate(published));

    document.body.innerHTML = '';
    render(<RelativeTime timestamp={published} />);
    const rendered = screen.getByText(relativeDate(published));
    expect(rendered.tagName).toBe('TIME');
    expect(rendered.hasAttribute('title')).toBe(false);
    fireEvent.pointerEnter(rendered);
    expect(rendered.getAttribute('title')).toBe(fullDate(published));
  });
});
