// @vitest-environment jsdom
import { renderToString } from 'react-dom/server';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RelativeTime } from '@/components/relative-time';
import { hydrateOver } from './hydrate-over';
import { fullDate, relativeDate } from '@/lib/client/relative-date';

const published = new Date(Date.now() - 3 * 3_600_000).toISOString();

describe('RelativeTime', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('sends words without a tooltip from the server, hydrates them without a mismatch, then adds the full date', async () => {
    const served = renderToString(<RelativeTime timestamp={published} />);
    expect(served).not.toContain('title=');
    // As if an hour went by between the server's render and the browser's.
    const { container, errors } = await hydrateOver(served.replace('3 hours ago', '2 hours ago'), <RelativeTime timestamp={published} />);
    const time = container.querySelector('time');
    expect(errors).toEqual([]);
    expect(time?.getAttribute('datetime')).toBe(published);
    expect(time?.getAttribute('title')).toBe(fullDate(published));
  });

  it('renders the words and the tooltip at once when not hydrating', () => {
    render(<RelativeTime timestamp={published} />);
    const time = screen.getByText(relativeDate(published));
    expect(time.tagName).toBe('TIME');
    expect(time.getAttribute('title')).toBe(fullDate(published));
  });
});
