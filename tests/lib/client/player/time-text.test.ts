import { describe, expect, it } from 'vitest';
import { clockTime, episodeLength, spokenPosition, spokenTime, timeLeft } from '@/lib/client/player/time-text';

describe('times in the player', () => {
  it('reads as a clock, with hours only when there are some', () => {
    expect(clockTime(7)).toBe('0:07');
    expect(clockTime(725)).toBe('12:05');
    expect(clockTime(3780)).toBe('1:03:00');
    expect(clockTime(Number.NaN)).toBe('0:00');
  });

  it('speaks in words, leaving out empty units', () => {
    expect(spokenTime(725)).toBe('12 minutes 5 seconds');
    expect(spokenTime(3780)).toBe('1 hour 3 minutes');
    expect(spokenTime(61)).toBe('1 minute 1 second');
    expect(spokenTime(0)).toBe('0 seconds');
    expect(spokenPosition(725, 3780)).toBe('12 minutes 5 seconds of 1 hour 3 minutes');
    expect(spokenPosition(725, null)).toBe('12 minutes 5 seconds');
  });

  it('says what is left in minutes', () => {
    expect(timeLeft(420, 1800)).toBe('23 min left');
    expect(timeLeft(0, 3900)).toBe('1 h 5 min left');
    expect(timeLeft(590, 600)).toBe('under a minute left');
  });

  it('gives an episode’s length in minutes, and in seconds when under a minute rather than “0 min”', () => {
    expect(episodeLength(20)).toBe('20 sec');
    expect(episodeLength(59.6)).toBe('1 min');
    expect(episodeLength(2700)).toBe('45 min');
    expect(episodeLength(3900)).toBe('1 h 5 min');
  });
});
