/*
 * Dates in the app's own words, English like the rest of its interface, written out here
 * rather than by Intl: the first Intl formatter a page builds loads the locale's data, some
 * 30 to 60 ms of a phone's main thread in the middle of the inbox's first load. Worded alike
 * on the server and in the browser, they also never make hydration differ by locale.
 */

const units: [unit: string, seconds: number, last: string, next: string][] = [
  ['year', 365 * 86_400, 'last year', 'next year'],
  ['month', 30 * 86_400, 'last month', 'next month'],
  ['week', 7 * 86_400, 'last week', 'next week'],
  ['day', 86_400, 'yesterday', 'tomorrow'],
  ['hour', 3_600, '1 hour ago', 'in 1 hour'],
  ['minute', 60, '1 minute ago', 'in 1 minute'],
];

const months = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** "3 hours ago", "yesterday", "just now": a timestamp relative to now. */
export function relativeDate(timestamp: string, now = Date.now()): string {
  const seconds = Math.round((Date.parse(timestamp) - now) / 1000);
  for (const [unit, size, last, next] of units) {
    if (!(Math.abs(seconds) >= size)) continue;
    const count = Math.trunc(seconds / size);
    if (count === -1) return last;
    if (count === 1) return next;
    const amount = `${Math.abs(count)} ${unit}s`;
    return count < 0 ? `${amount} ago` : `in ${amount}`;
  }
  return 'just now';
}

function clock(date: Date): string {
  const hours = date.getHours();
  return `${hours % 12 || 12}:${String(date.getMinutes()).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** The full date and time in the reader's time zone, "March 14, 2026 at 9:26 AM", for a tooltip or a detail. */
export function fullDate(timestamp: string): string {
  const date = new Date(timestamp);
  if (Number.isNaN(date.getTime())) return 'Invalid Date';
  return `${months[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()} at ${clock(date)}`;
}

/** The time of day in the reader's time zone, "9:26 AM". */
export function clockTime(timestamp: string): string {
  const date = new Date(timestamp);
  return Number.isNaN(date.getTime()) ? 'Invalid Date' : clock(date);
}

/**
 * The day in the reader's time zone, "Mar 14, 2026". A calendar day written YYYY-MM-DD is
 * that day wherever the reader is (read as local midnight, not as UTC's).
 */
export function shortDate(timestampOrDay: string): string {
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(timestampOrDay) ? `${timestampOrDay}T00:00:00` : timestampOrDay);
  if (Number.isNaN(date.getTime())) return 'Invalid Date';
  return `${months[date.getMonth()].slice(0, 3)} ${date.getDate()}, ${date.getFullYear()}`;
}
