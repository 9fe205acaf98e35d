import PostalMime, { type Address } from 'postal-mime';
import { sanitizeContent, toPlainText } from '../ingest/sanitize';
import type { ServiceContext } from '../context';
import { indexNewItems } from '../intelligence/ingest-queue';
import { newItemSteps } from '../domain/rules/ingest-rules';
import type { NewItem } from '../domain/feeds/store-items';
import { attachmentNote } from './attachment-note';
import { textToHtml } from './mail-text';

/** The address without a `+tag` in its local part: `name+promo@domain` is `name@domain`, as most mail services read it. */
function withoutTag(address: string): string {
  return address.replace(/^([^@+]+)\+[^@]*@/, '$1@');
}

/** A newsletter that has an address: its feed, and whether every subscriber has paused it. */
export type Newsletter = { feedId: string; paused: boolean };

/** The newsletter an address (a `+tag` ignored) belongs to, or null when none does or no one is subscribed to it any more. */
export async function newsletterFor(service: ServiceContext, address: string): Promise<Newsletter | null> {
  const given = address.trim().toLowerCase();
  // Exactly as given first, should an address ever hold a '+' of its own.
  const found = await service.store.subscriptions.newsletter(given) ?? await service.store.subscriptions.newsletter(withoutTag(given));
  return found ? { feedId: found.feed_id, paused: found.paused } : null;
}

function senderName(from: Address | undefined): string | null {
  if (!from) return null;
  if ('group' in from && from.group) return from.name || null;
  return from.name || from.address || null;
}

/**
 * Turns one raw RFC 822 message into an article of each running newsletter it is addressed to;
 * a paused one would store it where no one sees it, even once resumed. Returns how many newsletters took it.
 */
export async function receiveMail(service: ServiceContext, raw: Uint8Array | string, recipients: string[]): Promise<number> {
  const running = (await Promise.all(recipients.map((address) => newsletterFor(service, address))))
    .filter((newsletter): newsletter is Newsletter => newsletter !== null && !newsletter.paused);
  const feedIds = [...new Set(running.map((newsletter) => newsletter.feedId))];
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
  const now = new Date();
  for (const feedId of feedIds) await indexNewItems(service, await service.store.feeds.storeItems(feedId, [item], now, newItemSteps));
  return feedIds.length;
}
