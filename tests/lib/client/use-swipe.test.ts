import { describe, expect, it } from 'vitest';
import { swipeDirection, swipeMinDistance } from '@/lib/client/use-swipe';

const at = (x: number, y: number, time = 0) => ({ x, y, time });
const width = 390;

describe('swipeDirection', () => {
  it('reads a quick sideways move as a swipe towards where the finger went', () => {
    expect(swipeDirection(at(300, 400), at(150, 420, 250), width)).toBe('left');
    expect(swipeDirection(at(100, 400), at(260, 380, 250), width)).toBe('right');
  });

  it('ignores moves shorter than the threshold', () => {
    expect(swipeDirection(at(200, 400), at(200 - swipeMinDistance + 1, 400, 100), width)).toBeNull();
    expect(swipeDirection(at(200, 400), at(200 - swipeMinDistance, 400, 100), width)).toBe('left');
  });

  it('ignores moves that are more vertical than sideways (scrolling)', () => {
    expect(swipeDirection(at(300, 400), at(180, 200, 200), width)).toBeNull();
    expect(swipeDirection(at(300, 100), at(200, 160, 200), width)).toBeNull();
  });

  it('ignores slow drags and touches that start at the screen\'s edges', () => {
    expect(swipeDirection(at(300, 400), at(100, 400, 1500), width)).toBeNull();
    expect(swipeDirection(at(10, 400), at(200, 400, 200), width)).toBeNull();
    expect(swipeDirection(at(width - 10, 400), at(200, 400, 200), width)).toBeNull();
  });
});
