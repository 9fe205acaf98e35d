import type { Attachment } from 'postal-mime';
import { escapeHtml } from '../ingest/sanitize';

function byteLength(content: Attachment['content']): number {
  return typeof content === 'string' ? Buffer.byteLength(content) : content.byteLength;
}

/** A size as mail clients word it: 900 bytes, 34 KB, 1.2 MB. */
function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} byte${bytes === 1 ? '' : 's'}`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/**
 * A closing paragraph naming the attachments that are not shown, since attachments are not stored;
 * images the HTML shows by Content-ID (`related`) are part of the layout, not attachments a reader looks for.
 * Empty when there are none.
 */
export function attachmentNote(attachments: Attachment[]): string {
  const listed = attachments.filter((attachment) => !attachment.related);
  if (!listed.length) return '';
  const names = listed.map((attachment) => `${escapeHtml(attachment.filename?.trim() || `unnamed ${attachment.mimeType} file`)} (${sizeText(byteLength(attachment.content))})`);
  const lead = listed.length === 1 ? 'This mail came with an attachment Tidings does not keep' : `This mail came with ${listed.length} attachments Tidings does not keep`;
  return `<p><em>${lead}: ${names.join(', ')}.</em></p>`;
}
