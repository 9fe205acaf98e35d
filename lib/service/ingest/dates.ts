import { MONTHS, plainWord, ZONES } from './date-names';

/** How to read what a date leaves open. */
export type DateContext = {
  /** Minutes east of UTC for a date that names no zone (the feed's own); UTC when absent. */
  zone?: number;
  /** Whether an ambiguous numeric date (03/04/2020) puts the day first; month first when absent, as in the US. */
  dayFirst?: boolean;
};

/** A date read from a feed: the instant, and the zone it named (undefined when it named none). */
export type ReadDate = { time: number; zone: number | undefined };

const ISO = /^(\d{4})-?(\d{2})-?(\d{2})(?:[t\s](\d{2}):?(\d{2})(?::?(\d{2})(?:[.,]\d+)?)?)?\s*(z|[+-]\d{2}(?::?\d{2})?)?$/i;
/** A clock time: 19:42, 19:42:40.123, 7:42 pm, 19h42 (French). */
const TIME = /(?<!\d)(\d{1,2})(?::|h(?=\d\d))(\d{2})(?::(\d{2})(?:[.,]\d+)?)?(?:\s*([ap])\.?\s?m\b\.?)?/i;
/** A zone right after the time: +0200, -03:00, -03, GMT+1, UTC-05:00, or a name (CEST, PDT…). */
const ZONE = /^\s*(?:(?:gmt|utc|ut)?\s*([+-])\s*(\d{1,2})(?::?(\d{2}))?(?!\d)|([a-z]{1,5})(?![\p{L}\d]))/iu;
const WORD = /\p{L}+/gu;
const NUMBER = /\d+/g;

function offsetOf(sign: string, hours: string, minutes: string | undefined): number {
  const offset = Number(hours) * 60 + Number(minutes ?? 0);
  return sign === '-' ? -offset : offset;
}

function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
}

/** The instant of a calendar date and clock time at an offset; null when the date does not exist (30 February). */
function instant(year: number, month: number, day: number, clock: [number, number, number], offset: number): number | null {
  if (year < 100) year += year < 70 ? 2000 : 1900;
  const [h, m, s] = clock;
  if (month < 0 || month > 11 || day < 1 || day > daysIn(year, month) || h > 24 || m > 59 || s > 60) return null;
  const time = Date.UTC(year, month, day, h, m, s) - offset * 60_000;
  const inRange = new Date(time).getUTCFullYear();
  return inRange >= 1970 && inRange <= 2100 ? time : null;
}

/** The day, month and year of the date part of a text (what is left without the time and zone). */
function calendarDate(text: string, dayFirst: boolean): [number, number, number] | null {
  let month: number | undefined;
  for (const word of text.match(WORD) ?? []) {
    if (word.length < 3) continue;
    // The last month name wins: a leading day name may also be one ("mar." is martes or mardi).
    const plain = plainWord(word);
    month = MONTHS.get(plain) ?? (plain.length <= 4 ? MONTHS.get(plain.slice(0, 3)) : undefined) ?? month;
  }
  const numbers = text.match(NUMBER) ?? [];
  if (month !== undefined) {
    const year = numbers.find((n) => n.length === 4);
    const rest = numbers.filter((n) => n !== year && n.length <= 2);
    if (year) return rest.length >= 1 ? [Number(rest[0]), month, Number(year)] : null;
    return rest.length >= 2 ? [Number(rest[0]), month, Number(rest[1])] : null;
  }
  if (numbers.length !== 3) return null;
  const [a, b, c] = numbers;
  if (a.length === 4) return [Number(c), Number(b) - 1, Number(a)];
  if (c.length !== 4 && c.length !== 2) return null;
  const first = Number(a);
  const second = Number(b);
  const dayComesFirst = first > 12 ? true : second > 12 ? false : /\d\.\d/.test(text) || dayFirst;
  return dayComesFirst ? [first, second - 1, Number(c)] : [second, first - 1, Number(c)];
}

/**
 * Reads the dates feeds write: RFC 822 and RFC 3339 with their common deviations, day and month
 * names in English, Portuguese, Spanish, French, German, Italian and Dutch, numeric dates, two-digit
 * years, zone offsets and names, and Unix timestamps. Null when it cannot be read.
 */
export function readFeedDate(value: string | null | undefined, context: DateContext = {}): ReadDate | null {
  const text = value?.trim().replace(/\([^)]*\)/g, ' ');
  if (!text) return null;
  const iso = ISO.exec(text);
  if (iso) {
    const [, y, mo, d, h, mi, s, zone] = iso;
    const offset = zone === undefined ? undefined : /^z$/i.test(zone) ? 0 : offsetOf(zone[0], zone.slice(1, 3), zone.slice(3).replace(':', '') || undefined);
    const time = instant(Number(y), Number(mo) - 1, Number(d), [Number(h ?? 0), Number(mi ?? 0), Number(s ?? 0)], offset ?? context.zone ?? 0);
    return time === null ? null : { time, zone: offset };
  }
  if (/^\d{9,10}$/.test(text)) return readInstant(Number(text) * 1000);
  if (/^\d{13}$/.test(text)) return readInstant(Number(text));
  const clock = TIME.exec(text);
  let datePart = text;
  let hms: [number, number, number] = [0, 0, 0];
  let offset: number | undefined;
  if (clock) {
    let hour = Number(clock[1]);
    const meridiem = clock[4]?.toLowerCase();
    if (meridiem === 'p' && hour < 12) hour += 12;
    if (meridiem === 'a' && hour === 12) hour = 0;
    hms = [hour, Number(clock[2]), Number(clock[3] ?? 0)];
    const after = text.slice(clock.index + clock[0].length);
    const zone = ZONE.exec(after);
    let zoneLength = 0;
    if (zone?.[1]) {
      offset = offsetOf(zone[1], zone[2], zone[3]);
      zoneLength = zone[0].length;
    } else if (zone?.[4] && ZONES.has(zone[4].toLowerCase())) {
      offset = ZONES.get(zone[4].toLowerCase());
      zoneLength = zone[0].length;
    }
    datePart = `${text.slice(0, clock.index)} ${after.slice(zoneLength)}`;
  }
  const date = calendarDate(datePart, context.dayFirst ?? false);
  if (date) {
    const time = instant(date[2], date[1], date[0], hms, offset ?? context.zone ?? 0);
    return time === null ? null : { time, zone: offset };
  }
  return null;
}

function readInstant(time: number): ReadDate | null {
  const year = new Date(time).getUTCFullYear();
  return year >= 1970 && year <= 2100 ? { time, zone: 0 } : null;
}

/** An instant as the service writes it: ISO 8601 in UTC, without milliseconds when there are none. */
function toIso(time: number): string {
  return new Date(time).toISOString().replace('.000Z', 'Z');
}

/** Parses a feed's date to ISO 8601 in UTC (see readFeedDate); null when it cannot be read. */
export function parseFeedDate(value: string | null | undefined, context: DateContext = {}): string | null {
  const read = readFeedDate(value, context);
  return read ? toIso(read.time) : null;
}

/** Whether a language's numeric dates put the day first: all but American English (and unknown) do. */
export function isDayFirst(language: string | null | undefined): boolean | undefined {
  const tag = language?.trim().toLowerCase();
  if (!tag) return undefined;
  return !(tag === 'en' || tag === 'en-us' || tag.startsWith('en-us') || tag === 'en_us');
}

/**
 * A date reader for one feed: a date that names no zone is taken in the zone the feed's other dates
 * name, when they all name the same one, else in UTC. `dates` lists them, read only when needed.
 */
export function feedDateReader(dates: () => Iterable<string | null>, language: string | null | undefined): (value: string | null) => string | null {
  let zone: number | undefined | null = null;
  const dayFirst = isDayFirst(language);
  const feedZone = (): number | undefined => {
    if (zone !== null) return zone;
    const named = new Set<number>();
    for (const value of dates()) {
      const read = readFeedDate(value);
      if (read?.zone !== undefined) named.add(read.zone);
    }
    zone = named.size === 1 ? [...named][0] : undefined;
    return zone;
  };
  return (value) => {
    const read = readFeedDate(value, { dayFirst });
    if (!read) return null;
    const local = read.zone === undefined ? feedZone() : undefined;
    return toIso(local ? read.time - local * 60_000 : read.time);
  };
}
