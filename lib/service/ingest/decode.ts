import { isUtf8 } from 'node:buffer';
import iconv from 'iconv-lite';

/** Charset named by a Content-Type header (`text/xml; charset=ISO-8859-1` → `iso-8859-1`). */
export function charsetFromContentType(contentType: string | null | undefined): string | null {
  const match = /charset\s*=\s*["']?([\w.:-]+)/i.exec(contentType ?? '');
  return match ? match[1].toLowerCase() : null;
}

/** Charset written inside the document: the XML declaration, else an HTML meta tag. */
export function charsetFromDocument(head: string): string | null {
  const xml = /^\s*<\?xml[^>]*?encoding\s*=\s*["']([\w.:-]+)["']/i.exec(head);
  if (xml) return xml[1].toLowerCase();
  const meta = /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(head);
  return meta ? meta[1].toLowerCase() : null;
}

/** Maps labels to what browsers actually decode them as (WHATWG: latin1 and ASCII mean windows-1252). */
function normalizeCharset(label: string): string {
  const lower = label.toLowerCase().replace(/^x-/, '');
  if (['iso-8859-1', 'iso8859-1', 'latin1', 'latin-1', 'us-ascii', 'ascii', 'l1', 'cp1252'].includes(lower)) return 'windows-1252';
  if (['gb2312', 'gbk', 'x-gbk', 'gb_2312-80', 'csgb2312'].includes(lower)) return 'gb18030';
  if (lower === 'utf8') return 'utf-8';
  return lower;
}

function bomCharset(bytes: Uint8Array): { charset: string; skip: number } | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { charset: 'utf-8', skip: 3 };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { charset: 'utf-16le', skip: 2 };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { charset: 'utf-16be', skip: 2 };
  if (bytes[0] === 0x3c && bytes[1] === 0x00) return { charset: 'utf-16le', skip: 0 };
  if (bytes[0] === 0x00 && bytes[1] === 0x3c) return { charset: 'utf-16be', skip: 0 };
  return null;
}

/**
 * Decodes a fetched document to text. Order: byte-order mark; a UTF-16 declaration; bytes that
 * are valid UTF-8 (whatever the labels claim, since mislabelled UTF-8 is the common error);
 * then the HTTP charset, the XML declaration or HTML meta; windows-1252 as the last resort.
 */
export function decodeBody(body: Uint8Array | string, contentType?: string | null): string {
  if (typeof body === 'string') return body.charCodeAt(0) === 0xfeff ? body.slice(1) : body;
  const buffer = Buffer.isBuffer(body) ? body : Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  const bom = bomCharset(buffer);
  if (bom) return iconv.decode(buffer.subarray(bom.skip), bom.charset, { stripBOM: true });
  const declared = charsetFromContentType(contentType) ?? charsetFromDocument(buffer.subarray(0, 1024).toString('latin1'));
  const charset = declared ? normalizeCharset(declared) : null;
  if (charset?.startsWith('utf-16') && iconv.encodingExists(charset)) return iconv.decode(buffer, charset);
  if (isUtf8(buffer)) return buffer.toString('utf8');
  if (charset && charset !== 'utf-8' && iconv.encodingExists(charset)) return iconv.decode(buffer, charset);
  // Declared UTF-8 (or nothing) but the bytes are not: fall back to a document-level declaration, then windows-1252.
  const inDocument = charsetFromDocument(buffer.subarray(0, 1024).toString('latin1'));
  const fallback = inDocument ? normalizeCharset(inDocument) : null;
  if (fallback && fallback !== 'utf-8' && iconv.encodingExists(fallback)) return iconv.decode(buffer, fallback);
  return iconv.decode(buffer, 'windows-1252');
}
