import { searchableText } from './item-text';

export { searchableText };

/** An item as ingestion hands it over: sanitized HTML content, plain-text summary. */
export type NewItem = {
  guid: string | null; url: string | null; title: string; published_at: string | null; author: string | null;
  summary: string; content: string; item_type: 'article' | 'episode'; media_url: string | null;
  audio_url: string | null; duration_seconds: number | null; episode_number: number | null; episode_type: string | null;
  explicit: boolean | null; artwork_url: string | null; description: string | null; platform_metadata: Record<string, unknown>;
  /** The item as its feed wrote it, hashed: a stored item with the same guid and another hash was edited in place. */
  source_hash?: string;
};

/**
 * What storing a batch did: the ids of the items that were new, and where each was in the batch;
 * likewise the stored items their feed edited in place, brought up to date (`changed`).
 */
export type StoredItems = { added: string[]; skipped: number; addedFrom?: number[]; changed?: string[]; changedFrom?: number[] };

/** Minutes an article of this plain text takes to read (at least one). */
export function readingMinutes(text: string): number {
  const words = text ? text.split(' ').length : 0;
  return Math.max(1, Math.round(words / 230));
}

/**
 * The stored date of a new item. A feed that gives no date (or none we can read), or one still to
 * come (a mistyped year): the item is dated when it was first seen, as it is sorted, and says its
 * date is estimated; a future date would hold it atop the list and out of every mark-all. A
 * refresh never dates it again: a stored item keeps its date.
 */
export function newItemDate(item: Pick<NewItem, 'published_at' | 'platform_metadata'>, now: Date): { published_at: string | null; published_ms: number; platform_metadata: string } {
  const givenMs = item.published_at ? Date.parse(item.published_at) : NaN;
  const metadata = item.platform_metadata ?? {};
  if (givenMs <= now.getTime()) return { published_at: item.published_at, published_ms: givenMs, platform_metadata: JSON.stringify(metadata) };
  return { published_at: now.toISOString(), published_ms: now.getTime(), platform_metadata: JSON.stringify({ ...metadata, date_estimated: true }) };
}
