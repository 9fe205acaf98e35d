import { createHash } from 'node:crypto';

/**
 * What tells apart the items of a feed that have neither guid nor link: their title and text
 * (as stored: sanitized content, else the summary), hashed.
 */
export function contentHash(item: { title: string; content: string; summary: string }): string {
  return createHash('sha1').update(`${item.title}\n${item.content || item.summary}`).digest('hex');
}
