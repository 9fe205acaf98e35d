import type { ListedItem } from '@/lib/client/item-cache';
import { ReadingText } from './reading-text';

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The item's text as the reader shows it: its content, else the feed's description, else its summary. */
export function ItemBody({ item }: { item: ListedItem & { content?: string | null } }) {
  const html = item.content || item.description || (item.summary ? `<p>${escapeHtml(item.summary)}</p>` : '');
  return <ReadingText html={html} />;
}
