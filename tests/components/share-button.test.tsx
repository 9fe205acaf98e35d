// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ShareButton } from '@/components/share-button';

afterEach(() => cleanup());

describe('the reader’s Share panel', () => {
  it('closes with Escape from a control inside it, with focus back on its toggle', async () => {
    const user = userEvent.setup();
    const { container } = render(<ShareButton itemId="00000000-0000-4000-8000-000000000001" title="Tides" isSaved />);
    await user.click(screen.getByText('Share'));
    const details = container.querySelector('details')!;
    expect(details.open).toBe(true);
    screen.getByRole('button', { name: 'Share link' }).focus();
    await user.keyboard('{Escape}');
    expect(details.open).toBe(false);
    expect(document.activeElement?.tagName).toBe('SUMMARY');
  });
});
