import type { ListedItem } from '@/lib/client/item-cache';

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The item's text as the reader shows it: its content, else the feed's description, else its summary. */
export function ItemBody({ item }: { item: ListedItem & { content?: string | null } }) {
  const html = item.content || item.description || (item.summary ? `<p>${escapeHtml(item.summary)}</p>` : '');
  // Content and descriptions were sanitized by the service on ingest (scripts, handlers, trackers removed).
  return <div className="reading mt-6" dangerouslySetInnerHTML={{ __html: html }} />;
}
