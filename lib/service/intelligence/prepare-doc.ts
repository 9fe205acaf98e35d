/**
 * The part of indexing an item that needs no database: its plain-text title, the short summary
 * stored with its story and its weighted terms. Pure, so a refresh can run it in a worker thread
 * while the main thread writes (see domain/feeds/feed-preparer.ts).
 */
import { documentTerms } from './features';
import { htmlToText } from './text';

/** Stored with the story so it can be listed without a join to items. */
const STORED_SUMMARY_CHARS = 300;

/** An item's text as indexing needs it; `terms` are parallel arrays of term ids and raw weights, in the order found. */
export type PreparedDoc = { title: string; summary: string; termIds: Float64Array; termWeights: Float64Array };

function shortSummary(summary: string, content: string): string {
  const text = htmlToText(summary) || htmlToText(content);
  if (text.length <= STORED_SUMMARY_CHARS) return text;
  const cut = text.slice(0, STORED_SUMMARY_CHARS);
  return cut.slice(0, Math.max(cut.lastIndexOf(' '), 200)) + '…';
}

/** Works out what indexing needs of an item's title, summary and content (HTML or text). */
export function prepareDoc(doc: { title: string; summary: string; content: string }): PreparedDoc {
  const title = htmlToText(doc.title);
  const terms = documentTerms({ title, summary: doc.summary, content: doc.content });
  return {
    title,
    summary: shortSummary(doc.summary, doc.content),
    termIds: Float64Array.from(terms.keys()),
    termWeights: Float64Array.from(terms.values()),
  };
}
