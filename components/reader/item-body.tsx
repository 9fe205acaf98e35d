import type { ListedItem } from '@/lib/client/item-cache';
import { ReadingText } from './reading-text';

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * Each table in a wrapper that scrolls sideways when it is wider than the text. Sanitized HTML
 * closes every table it opens, so the tags pair up; done here, the server's page has it too.
 */
function wrapTables(html: string): string {
  if (!html.includes('<table')) return html;
  return html.replace(/<table\b/g, '<div class="table-scroll"><table').replace(/<\/table>/g, '</table></div>');
}

/** The item's text as the reader shows it: its content, else the feed's description, else its summary. */
export function ItemBody({ item }: { item: ListedItem & { content?: string | null } }) {
  const html = item.content || item.description || (item.summary ? `<p>${escapeHtml(item.summary)}</p>` : '');
  return <ReadingText html={wrapTables(html)} />;
}
