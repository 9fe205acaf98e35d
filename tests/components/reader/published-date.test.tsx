// @vitest-environment jsdom
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PublishedDate } from '@/components/reader/published-date';
import { fullDate } from '@/lib/client/relative-date';

const published = '2026-03-14T09:26:00.000Z';
// hydrateRoot is driven by hand here, through act().
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe('PublishedDate', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('keeps the server text on hydration without a mismatch, then shows the browser wording', async () => {
    const container = document.createElement('p');
    // As the server would word it in another zone or locale.
    container.innerHTML = renderToString(<PublishedDate timestamp={published} />).replace(fullDate(published), 'server wording');
    document.body.append(container);
    const errors: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, <PublishedDate timestamp={published} />, { onRecoverableError: (error) => errors.push(error) });
    });
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
