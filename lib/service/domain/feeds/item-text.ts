/**
 * What storing an item works out from its text alone: its plain text for the search index and
 * its content hash. Kept apart from the store so that the feed preparer's worker thread can work
 * them out beside the sanitizing, and the main thread, which writes, does not.
 */
import { contentHash } from '../../store/content-hash';

/** An item's plain text for the search index and the hash it is recognised by when it has neither guid nor link. */
export type ItemText = { body: string; hash: string };

/** Cheap HTML-to-text for the search index; content was sanitized on ingest. */
export function searchableText(html: string): string {
  return html.replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ').replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;/g, ' ').replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'").replace(/\s+/g, ' ').trim();
}

/** An item's search text and content hash. */
export function itemText(item: { title: string; content: string; summary: string }): ItemText {
  return { body: searchableText(item.content), hash: contentHash(item) };
}
