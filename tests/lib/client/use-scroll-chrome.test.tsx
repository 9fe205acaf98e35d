// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useShownWhileScrollingUp } from '@/lib/client/use-scroll-chrome';

function Chrome() {
  return <p>{useShownWhileScrollingUp() ? 'shown' : 'hidden'}</p>;
}

/** A page of `height` px in an 800 px window, scrolled to `y` as the browser reports it. */
function layout(height: number, y: number) {
  Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, value: height });
  Object.defineProperty(window, 'scrollY', { configurable: true, value: y });
  Object.defineProperty(window, 'innerHeight', { configurable: true, value: 800 });
}

async function scrollTo(height: number, y: number) {
  layout(height, y);
  await act(async () => {
    window.dispatchEvent(new Event('scroll'));
    await new Promise((resolve) => requestAnimationFrame(resolve));
  });
}

describe('useShownWhileScrollingUp', () => {
  beforeEach(() => layout(5000, 0));
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('hides on a scroll down, shows on a scroll up and at the end of the page', async () => {
    render(<Chrome />);
    await scrollTo(5000, 600);
    expect(screen.getByText('hidden')).toBeTruthy();
    await scrollTo(5000, 400);
    expect(screen.getByText('shown')).toBeTruthy();
    await scrollTo(5000, 1000);
    expect(screen.getByText('hidden')).toBeTruthy();
    await scrollTo(5000, 4200);
    expect(screen.getByText('shown')).toBeTruthy();
  });

  it('stays shown at the end when content loading below moves the scroll place without the person scrolling', async () => {
    render(<Chrome />);
    await scrollTo(5000, 4200);
    expect(screen.getByText('shown')).toBeTruthy();
    // Similar items arrive under the text: the page grows and the browser's scroll anchoring moves the place down a little.
    await scrollTo(5400, 4220);
    expect(screen.getByText('shown')).toBeTruthy();
    // A real scroll down afterwards still hides it.
    await scrollTo(5400, 4260);
    expect(screen.getByText('hidden')).toBeTruthy();
  });

  it('still hides on the first real scroll down after the page grew unseen, and shows on a scroll up right after growth', async () => {
    render(<Chrome />);
    // The item's images and similar items arrived before any scroll: no event told the hook.
    layout(5400, 0);
    await scrollTo(5400, 600);
    expect(screen.getByText('hidden')).toBeTruthy();
    await scrollTo(5800, 400);
    expect(screen.getByText('shown')).toBeTruthy();
  });
});
