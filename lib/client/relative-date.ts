const units: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400], ['month', 30 * 86_400], ['week', 7 * 86_400], ['day', 86_400], ['hour', 3_600], ['minute', 60],
];

/** "3 hours ago", "yesterday", "just now": a timestamp relative to now, in the reader's words. */
export function relativeDate(timestamp: string, now = Date.now(), locale?: string): string {
  const seconds = Math.round((Date.parse(timestamp) - now) / 1000);
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  for (const [unit, size] of units) {
    if (Math.abs(seconds) >= size) return format.format(Math.trunc(seconds / size), unit);
  }
  return 'just now';
}

/** The full date and time, for a tooltip next to a relative date. */
export function fullDate(timestamp: string, locale?: string): string {
  return new Date(timestamp).toLocaleString(locale, { dateStyle: 'long', timeStyle: 'short' });
}
