import { describe, expect, it } from 'vitest';
import { clockTime, fullDate, relativeDate, shortDate } from '@/lib/client/relative-date';

const now = Date.parse('2026-03-14T09:26:00.000Z');
const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();

describe('relativeDate', () => {
  it('words the distance to now as a reader says it', () => {
    expect(relativeDate(ago(3 * 3600), now)).toBe('3 hours ago');
    expect(relativeDate(ago(3600), now)).toBe('1 hour ago');
    expect(relativeDate(ago(5 * 60), now)).toBe('5 minutes ago');
    expect(relativeDate(ago(86_400), now)).toBe('yesterday');
    expect(relativeDate(ago(9 * 86_400), now)).toBe('last week');
    expect(relativeDate(ago(15 * 86_400), now)).toBe('2 weeks ago');
    expect(relativeDate(ago(400 * 86_400), now)).toBe('last year');
    expect(relativeDate(ago(-3 * 86_400), now)).toBe('in 3 days');
    expect(relativeDate(ago(-86_400), now)).toBe('tomorrow');
    expect(relativeDate(ago(30), now)).toBe('just now');
    expect(relativeDate('not a date', now)).toBe('just now');
  });

  it('words every distance as Intl.RelativeTimeFormat does in English, without building one', () => {
    const english = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
    const units: [Intl.RelativeTimeFormatUnit, number][] = [
      ['year', 365 * 86_400], ['month', 30 * 86_400], ['week', 7 * 86_400], ['day', 86_400], ['hour', 3_600], ['minute', 60],
    ];
    for (const seconds of [60, 59 * 60, 3600, 7200, 23 * 3600, 86_400, 6 * 86_400, 7 * 86_400, 29 * 86_400, 45 * 86_400, 364 * 86_400, 800 * 86_400]) {
      for (const sign of [-1, 1]) {
        const distance = sign * seconds;
        const [unit, size] = units.find(([, size]) => Math.abs(distance) >= size)!;
        expect(relativeDate(ago(-distance), now)).toBe(english.format(Math.trunc(distance / size), unit));
      }
    }
  });
});

describe('fullDate', () => {
  it('words the date and time in this machine\'s time zone', () => {
    expect(fullDate(new Date(2026, 2, 14, 9, 26).toISOString())).toBe('March 14, 2026 at 9:26 AM');
    expect(fullDate(new Date(2026, 11, 31, 23, 5).toISOString())).toBe('December 31, 2026 at 11:05 PM');
    expect(fullDate(new Date(2026, 0, 1, 0, 7).toISOString())).toBe('January 1, 2026 at 12:07 AM');
    expect(fullDate(new Date(2026, 5, 1, 12, 0).toISOString())).toBe('June 1, 2026 at 12:00 PM');
  });

  it('answers "Invalid Date" for a timestamp it cannot read, as toLocaleString does', () => {
    expect(fullDate('not a date')).toBe('Invalid Date');
  });
});

describe('shortDate and clockTime', () => {
  it('word a day and a time of day in this machine\'s time zone as Intl does in US English', () => {
    const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
    const time = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });
    for (let month = 0; month < 12; month++) {
      for (const [date, hour, minute] of [[1, 0, 7], [9, 9, 26], [28, 12, 0], [28, 23, 59]]) {
        const moment = new Date(2026, month, date, hour, minute);
        expect(shortDate(moment.toISOString())).toBe(day.format(moment));
        // ICU puts a narrow no-break space before AM/PM; the app writes a plain one.
        expect(clockTime(moment.toISOString())).toBe(time.format(moment).replace(/\s/g, ' '));
      }
    }
  });

  it('reads a calendar day as that day wherever the reader is', () => {
    expect(shortDate('2025-05-01')).toBe('May 1, 2025');
    expect(shortDate('2025-12-31')).toBe('Dec 31, 2025');
  });

  it('answers "Invalid Date" for what it cannot read', () => {
    expect(shortDate('2025-13-45')).toBe('Invalid Date');
    expect(clockTime('soon')).toBe('Invalid Date');
  });
});
