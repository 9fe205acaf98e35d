const MONTHS: Record<string, number> = {
  jan: 0, feb: 1, mar: 2, apr: 3, may: 4, jun: 5, jul: 6, aug: 7, sep: 8, oct: 9, nov: 10, dec: 11,
  // Localized abbreviations seen in real feeds (German, French, Dutch, Spanish…).
  mär: 2, mrt: 2, mai: 4, okt: 9, dez: 11, déc: 11, fév: 1, avr: 3, juil: 6, aoû: 7, ene: 0, abr: 3, ago: 7, dic: 11,
};

/** Zone abbreviations in minutes east of UTC; RFC 822 names plus common ones feeds use anyway. */
const ZONES: Record<string, number> = {
  ut: 0, utc: 0, gmt: 0, z: 0, wet: 0, bst: 60, ist: 330, cet: 60, met: 60, mez: 60, cest: 120,
  mest: 120, mesz: 120, eet: 120, eest: 180, msk: 180, est: -300, edt: -240, cst: -360, cdt: -300,
  mst: -420, mdt: -360, pst: -480, pdt: -420, akst: -540, akdt: -480, hst: -600, jst: 540,
  kst: 540, hkt: 480, sgt: 480, awst: 480, acst: 570, aest: 600, aedt: 660, nzst: 720, nzdt: 780,
  a: -60, m: -720, n: 60, y: 720,
};

const ISO = /^(\d{4})[-/]?(\d{1,2})[-/]?(\d{1,2})(?:[T\s](\d{1,2}):?(\d{2})(?::?(\d{2})(?:[.,](\d+))?)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;
const RFC822 = /(?:^|[\s,])(\d{1,2})[\s-]+([a-zäéû]{3,})\.?[\s,-]+(\d{2,4})(?:[\sT,]+(\d{1,2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?)?(?:\s*([+-]\d{1,2}:?\d{2}|[a-z]{1,5}))?/i;
const MONTH_FIRST = /(?<![a-z])([a-z]{3,})\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})(?:[\s,]+(\d{1,2}):(\d{2})(?::(\d{2}))?\s*(am|pm)?)?(?:\s*([+-]\d{2}:?\d{2}|[a-z]{1,5}))?/i;

function zoneOffset(zone: string | undefined): number {
  if (!zone) return 0;
  const lower = zone.toLowerCase();
  if (lower in ZONES) return ZONES[lower];
  const match = /^([+-])(\d{1,2}):?(\d{2})?$/.exec(zone);
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3] ?? 0);
  return match[1] === '-' ? -minutes : minutes;
}

function monthIndex(name: string): number | undefined {
  return MONTHS[name.slice(0, 3).toLowerCase()] ?? MONTHS[name.slice(0, 4).toLowerCase()];
}

/** Days in a month: 30 February is a mistake, not 2 March (Date.UTC would roll it over). */
function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
}

function toIso(year: number, month: number, day: number, h: number, m: number, s: number, offset: number): string | null {
  if (year < 100) year += year < 70 ? 2000 : 1900;
  if (month < 0 || month > 11 || day < 1 || day > daysIn(year, month) || h > 24 || m > 59 || s > 60) return null;
  const time = Date.UTC(year, month, day, h, m, s) - offset * 60_000;
  return plausible(time);
}

function plausible(time: number): string | null {
  if (!Number.isFinite(time)) return null;
  const year = new Date(time).getUTCFullYear();
  if (year < 1970 || year > 2100) return null;
  return new Date(time).toISOString().replace('.000Z', 'Z');
}

/** Parses the dates feeds write (RFC 822 with odd zones, ISO 8601, W3C-DTF…) to ISO 8601 in UTC. */
export function parseFeedDate(value: string | null | undefined): string | null {
  if (!value) return null;
  const text = value.trim();
  if (!text) return null;
  const iso = ISO.exec(text);
  if (iso) {
    const [, y, mo, d, h, mi, s, , zone] = iso;
    return toIso(Number(y), Number(mo) - 1, Number(d), Number(h ?? 0), Number(mi ?? 0), Number(s ?? 0), zoneOffset(zone));
  }
  const rfc = RFC822.exec(text);
  if (rfc) {
    const month = monthIndex(rfc[2]);
    if (month !== undefined) {
      return toIso(Number(rfc[3]), month, Number(rfc[1]), Number(rfc[4] ?? 0), Number(rfc[5] ?? 0), Number(rfc[6] ?? 0), zoneOffset(rfc[7]));
    }
  }
  const us = MONTH_FIRST.exec(text);
  if (us) {
    const month = monthIndex(us[1]);
    if (month !== undefined) {
      let hour = Number(us[4] ?? 0);
      if (us[7]?.toLowerCase() === 'pm' && hour < 12) hour += 12;
      if (us[7]?.toLowerCase() === 'am' && hour === 12) hour = 0;
      return toIso(Number(us[3]), month, Number(us[2]), hour, Number(us[5] ?? 0), Number(us[6] ?? 0), zoneOffset(us[8]));
    }
  }
  if (/^\d{9,10}$/.test(text)) return plausible(Number(text) * 1000);
  return plausible(Date.parse(text));
}
