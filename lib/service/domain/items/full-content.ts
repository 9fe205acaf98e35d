import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import { decodeBody } from '../../ingest/decode';
import { fetchFeed } from '../../ingest/fetch-feed';
import { sanitizeContent } from '../../ingest/sanitize';
import type { ServiceContext } from '../../context';

type FullContentNote = { status: 'extracted' | 'failed'; message?: string; at: string };

/** Pulls the readable article out of a web page, sanitized as at ingest; null when there is none. */
export function extractReadable(html: string, pageUrl: string): string | null {
  const { document } = parseHTML(html);
  const article = new Readability(document as unknown as Document, { charThreshold: 300 }).parse();
  if (!article?.content) return null;
  const clean = sanitizeContent(article.content, pageUrl);
  return clean.replace(/<[^>]+>/g, '').trim().length >= 200 ? clean : null;
}

/**
 * Fetches an item's page once, extracts and caches its readable content. A failure is
 * remembered in platform_metadata.full_content so the feed's content is shown with a note.
 */
export async function ensureFullContent(service: ServiceContext, itemId: string): Promise<void> {
  const row = service.db.prepare('SELECT url, full_content, platform_metadata FROM items WHERE id = ?').get(itemId) as
    { url: string | null; full_content: string | null; platform_metadata: string } | undefined;
  if (!row || row.full_content) return;
  const metadata = JSON.parse(row.platform_metadata || '{}') as Record<string, unknown>;
  if ((metadata.full_content as FullContentNote | undefined)?.status === 'failed') return;

  let content: string | null = null;
  let message = 'The article has no web page to fetch.';
  if (row.url) {
    try {
      const page = await fetchFeed(row.url, { allowPrivate: service.config.allowPrivateUrls });
      if (page.kind === 'ok') {
        content = extractReadable(decodeBody(page.body, page.contentType), page.finalUrl);
        message = 'No readable article was found on the page.';
      }
    } catch (error) {
      message = `The page could not be fetched: ${(error as Error).message}`;
    }
  }
  const note: FullContentNote = content
    ? { status: 'extracted', at: new Date().toISOString() }
    : { status: 'failed', message: `${message} Showing the feed's content instead.`, at: new Date().toISOString() };
  service.db.prepare('UPDATE items SET full_content = ?, platform_metadata = ? WHERE id = ?')
    .run(content, JSON.stringify({ ...metadata, full_content: note }), itemId);
}
