/**
 * Duration in whole seconds from itunes:duration and friends: "3600", "61:30", "01:00:00",
 * "1:02:03.5", "1h 2m 3s", "PT1H2M". Null when absent, zero or unreadable.
 */
export function parseDuration(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) && value > 0 ? Math.round(value) : null;
  const text = value.trim().toLowerCase();
  if (!text) return null;
  if (/^\d+(?:[.,]\d+)?$/.test(text)) {
    const seconds = Math.round(Number(text.replace(',', '.')));
    return seconds > 0 ? seconds : null;
  }
  const clock = /^(\d+):(\d{1,2})(?::(\d{1,2}))?(?:[.,]\d+)?$/.exec(text);
  if (clock) {
    const seconds = clock[3] === undefined
      ? Number(clock[1]) * 60 + Number(clock[2])
      : Number(clock[1]) * 3600 + Number(clock[2]) * 60 + Number(clock[3]);
    return seconds > 0 ? seconds : null;
  }
  const units = /^(?:pt)?\s*(?:(\d+)\s*h(?:ours?|rs?)?)?\s*(?:(\d+)\s*m(?:in(?:utes?|s)?)?)?\s*(?:(\d+(?:\.\d+)?)\s*s(?:ec(?:onds?|s)?)?)?$/.exec(text);
  if (units && (units[1] || units[2] || units[3])) {
    const seconds = Math.round(Number(units[1] ?? 0) * 3600 + Number(units[2] ?? 0) * 60 + Number(units[3] ?? 0));
    return seconds > 0 ? seconds : null;
  }
  return null;
}

/** itunes:explicit and similar flags: yes/true/explicit → true, no/false/clean → false. */
export function parseExplicit(value: string | boolean | null | undefined): boolean | null {
  if (typeof value === 'boolean') return value;
  if (!value) return null;
  const text = value.trim().toLowerCase();
  if (['yes', 'true', 'explicit', '1'].includes(text)) return true;
  if (['no', 'false', 'clean', '0'].includes(text)) return false;
  return null;
}

const EPISODE_TYPES = new Set(['full', 'trailer', 'bonus']);

/** itunes:episodeType normalized to full, trailer or bonus; anything else is null. */
export function parseEpisodeType(value: string | null | undefined): string | null {
  const text = value?.trim().toLowerCase();
  return text && EPISODE_TYPES.has(text) ? text : null;
}

/** A positive whole number (episode or season numbers); null when the value is not one. */
export function parsePositiveInteger(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  const text = String(value).trim();
  if (!/^\d+$/.test(text)) return null;
  const number = Number(text);
  return number > 0 && Number.isSafeInteger(number) ? number : null;
}
