/** Google Reader's names for items and streams, read and written. */
import type { GreaderStream } from '../../store/greader';

const longPrefix = 'tag:google.com,2005:reader/item/';

/** An item's long id (`tag:google.com,2005:reader/item/<16 hex>`) from its number. */
export function longItemId(id: number): string {
  return longPrefix + id.toString(16).padStart(16, '0');
}

/**
 * An item's number from any of Google Reader's four forms: the long id, 16-digit hex, short hex
 * (as clients shorten the long form) or decimal. Undefined when it is none of them; 0, which
 * names no item, for a well-formed id too large to be one of ours (it is unknown, not malformed).
 */
export function parseItemId(text: string): number | undefined {
  const value = text.trim();
  let number: number;
  if (value.startsWith(longPrefix)) number = hex(value.slice(longPrefix.length));
  else if (/^[0-9a-f]{16}$/i.test(value)) number = hex(value);
  else if (/^\d{1,20}$/.test(value)) number = Number(value);
  // Digits alone are read as decimal above; a short hex id has a letter in it.
  else number = hex(value);
  if (Number.isNaN(number)) return undefined;
  if (!Number.isSafeInteger(number)) return 0;
  return number > 0 ? number : undefined;
}

function hex(text: string): number {
  return /^[0-9a-f]{1,16}$/i.test(text) ? parseInt(text, 16) : NaN;
}

/** A stream Tidings can list: a state, a label (folder or tag), a feed by URL. */
export type Stream = GreaderStream;

const states = ['reading-list', 'read', 'starred', 'kept-unread'] as const;

/** The stream a stream id names (`user/-/state/com.google/read`, `user/<id>/label/News`, `feed/<url>`), or undefined. */
export function parseStream(id: string): Stream | undefined {
  if (id.startsWith('feed/')) return id.length > 5 ? { kind: 'feed', url: id.slice(5) } : undefined;
  const match = id.match(/^user\/[^/]+\/(state\/com\.google|label)\/(.+)$/);
  if (!match) return undefined;
  if (match[1] === 'label') return { kind: 'label', name: match[2] };
  const state = states.find((name) => name === match[2]);
  return state ? { kind: state } : undefined;
}

/** The stream id of a folder or tag. */
export const labelId = (name: string) => `user/-/label/${name}`;
/** The stream id of a feed. */
export const feedStreamId = (url: string) => `feed/${url}`;
