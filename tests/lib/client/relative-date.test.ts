import { describe, expect, it } from 'vitest';
import { fullDate, relativeDate } from '@/lib/client/relative-date';

const published = '2026-03-14T09:26:00.000Z';

describe('fullDate', () => {
  it('words a timestamp as toLocaleString does, in each locale asked for, again and again', () => {
    for (const locale of ['en-US', 'de-DE', 'en-US', undefined, 'de-DE']) {
      expect(fullDate(published, locale)).toBe(new Date(published).toLocaleString(locale, { dateStyle: 'long', timeStyle: 'short' }));
    }
    expect(fullDate(published, 'en-US')).not.toBe(fullDate(published, 'de-DE'));
  });

  it('answers "Invalid Date" for a timestamp it cannot read, as toLocaleString does', () => {
    expect(fullDate('not a date', 'en-US')).toBe('Invalid Date');
  });
});

describe('relativeDate', () => {
  it('words the distance to now in the locale asked for', () => {
    const now = Date.parse(published);
    expect(relativeDate('2026-03-14T06:26:00.000Z', now, 'en-US')).toBe('3 hours ago');
    expect(relativeDate('2026-03-13T09:26:00.000Z', now, 'en-US')).toBe('yesterday');
    expect(relativeDate('2026-03-13T09:26:00.000Z', now, 'de-DE')).toBe('gestern');
    expect(relativeDate('2026-03-14T09:25:30.000Z', now, 'en-US')).toBe('just now');
  });
});
