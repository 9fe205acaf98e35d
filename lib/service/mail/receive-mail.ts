import PostalMime, { type Address } from 'postal-mime';
import { sanitizeContent, toPlainText } from '../ingest/sanitize';
import type { ServiceContext } from '../context';
import { indexNewItems } from '../domain/feeds/store-parsed-feed';
import { storeItems, type NewItem } from '../domain/feeds/store-items';
import { attachmentNote } from './attachment-note';
import { textToHtml } from './mail-text';

/** The address without a `+tag` in its local part: `name+promo@domain` is `name@domain`, as most mail services read it. */
function withoutTag(address: string): string {
  return address.replace(/^([^@+]+)\+[^@]*@/, '$1@');
}

/** The newsletter feed that owns an address (a `+tag` ignored), or null when no newsletter has it. */
export function newsletterFeedFor(service: ServiceContext, address: string): string | null {
  const find = service.db.prepare("SELECT id FROM feeds WHERE source_type = 'newsletter' AND newsletter_address = ? COLLATE NOCASE").pluck();
  const given = address.trim().toLowerCase();
  // Exactly as given first, should an address ever hold a '+' of its own.
  const id = (find.get(given) ?? find.get(withoutTag(given))) as string | undefined;
  return id ?? null;
}

function senderName(from: Address | undefined): string | null {
  if (!from) return null;
  if ('group' in from && from.group) return from.name || null;
  return from.name || from.address || null;
}

/**
 * Turns one raw RFC 822 message into an article of each newsletter it is addressed to.
 * Returns how many newsletters took it.
 */
export async function receiveMail(service: ServiceContext, raw: Uint8Array | string, recipients: string[]): Promise<number> {
  const feedIds = [...new Set(recipients.map((address) => newsletterFeedFor(service, address)).filter((id): id is string => id !== null))];
  if (!feedIds.length) return 0;
  const email = await PostalMime.parse(raw);
  // No base URL: mail has no address of its own, so relative links and images cannot lead anywhere.
  const body = email.html ? sanitizeContent(email.html, '') : textToHtml(email.text ?? '');
  const html = [body, attachmentNote(email.attachments)].filter(Boolean).join('\n');
  const date = email.date && !Number.isNaN(Date.parse(email.date)) ? new Date(email.date).toISOString() : new Date().toISOString();
  const item: NewItem = {
    guid: email.messageId ?? null, url: null, title: email.subject?.trim() || '(no subject)', published_at: date,
    author: senderName(email.from), summary: toPlainText(html, 300), content: html, item_type: 'article', media_url: null,
    audio_url: null, duration_seconds: null, episode_number: null, episode_type: null, explicit: null, artwork_url: null,
    description: null, platform_metadata: { source: 'email' },
  };
  for (const feedId of feedIds) indexNewItems(service, storeItems(service.db, feedId, [item]));
  return feedIds.length;
}
