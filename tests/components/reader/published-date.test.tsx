// @vitest-environment jsdom
import { renderToString } from 'react-dom/server';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PublishedDate } from '@/components/reader/published-date';
import { fullDate } from '@/lib/client/relative-date';
import { hydrateOver } from '../hydrate-over';

const published = '2026-03-14T09:26:00.000Z';

describe('PublishedDate', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('keeps the server text on hydration without a mismatch, then shows the browser wording', async () => {
    // As the server would word it in another zone or locale.
    const served = renderToString(<PublishedDate timestamp={published} />).replace(fullDate(published), 'server wording');
    const { container, errors } = await hydrateOver(served, <PublishedDate timestamp={published} />);
    const time = container.querySelector('time');
    expect(errors).toEqual([]);
    expect(time?.getAttribute('datetime')).toBe(published);
    expect(time?.textContent).toBe(fullDate(published));
  });

  it('renders the full date at once when not hydrating', () => {
    render(<PublishedDate timestamp={published} />);
    expect(screen.getByText(fullDate(published)).tagName).toBe('TIME');
  });
});
