const units: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400], ['month', 30 * 86_400], ['week', 7 * 86_400], ['day', 86_400], ['hour', 3_600], ['minute', 60],
];

// One formatter per locale: building one costs far more than formatting with it, and a list
// formats two dates per row on every render.
const relativeFormats = new Map<string | undefined, Intl.RelativeTimeFormat>();
const fullFormats = new Map<string | undefined, Intl.DateTimeFormat>();

function kept<T>(formats: Map<string | undefined, T>, locale: string | undefined, make: () => T): T {
  let format = formats.get(locale);
  if (!format) {
    format = make();
    formats.set(locale, format);
  }
  return format;
}

/** "3 hours ago", "yesterday", "just now": a timestamp relative to now, in the reader's words. */
export function relativeDate(timestamp: string, now = Date.now(), locale?: string): string {
  const seconds = Math.round((Date.parse(timestamp) - now) / 1000);
  const format = kept(relativeFormats, locale, () => new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }));
  for (const [unit, size] of units) {
    if (Math.abs(seconds) >= size) return format.format(Math.trunc(seconds / size), unit);
  }
  return 'just now';
}

/** The full date and time, for a tooltip next to a relative date. */
export function fullDate(timestamp: string, locale?: string): string {
  const date = new Date(timestamp);
  // As toLocaleString answers for a date it cannot read (format() would throw).
  if (Number.isNaN(date.getTime())) return 'Invalid Date';
  return kept(fullFormats, locale, () => new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short' })).format(date);
}
