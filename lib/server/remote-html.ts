import 'server-only';
import { sanitizeContent } from '@/lib/service/ingest/sanitize';

/*
 * A hosted service (FEED_API_BASE_URL) is another party: its item HTML is rendered in this
 * app's origin, so it gets the same sanitizing the embedded service gives a feed on ingest,
 * and its links and media only http(s) addresses. A hostile or compromised service then
 * cannot run script here.
 */

/** Item fields the reader renders as HTML. */
const htmlFields = ['content', 'description'] as const;
/** Item fields used as link or media addresses. */
const urlFields = ['canonical_url', 'audio_url', 'media_url', 'artwork_url'] as const;

/** Sanitized HTML by base and input: lists come back again and again (scrolling, refreshes), and sanitizing is the cost of a remote list. */
const sanitized = new Map<string, string>();
/** Characters of input the memo may hold (some 8 MB as UTF-16) before its oldest entries go. */
const memoBudget = 4_000_000;
let memoSize = 0;

function sanitizeMemoized(html: string, base: string): string {
  const key = `${base}\n${html}`;
  const known = sanitized.get(key);
  if (known !== undefined) {
    // Most recently used last, so the oldest go first.
    sanitized.delete(key);
    sanitized.set(key, known);
    return known;
  }
  const clean = sanitizeContent(html, base);
  if (key.length > memoBudget / 10) return clean;
  sanitized.set(key, clean);
  memoSize += key.length;
  for (const [oldest] of sanitized) {
    if (memoSize <= memoBudget) break;
    sanitized.delete(oldest);
    memoSize -= oldest.length;
  }
  return clean;
}

function webAddress(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** An item from a hosted service made safe to render: HTML sanitized with ingest's rules, addresses only http(s), else null. */
export function sanitizeRemoteItem<T extends object>(item: T): T {
  const fields = item as Record<string, unknown>;
  const clean: Record<string, unknown> = { ...fields };
  const base = webAddress(fields.canonical_url) ?? '';
  for (const name of htmlFields) {
    if (typeof fields[name] === 'string') clean[name] = sanitizeMemoized(fields[name], base);
  }
  for (const name of urlFields) {
    if (name in fields && fields[name] !== null) clean[name] = webAddress(fields[name]);
  }
  if (Array.isArray(fields.feeds)) {
    clean.feeds = fields.feeds.map((feed: unknown) => (feed && typeof feed === 'object' && 'website' in feed && feed.website !== null
      ? { ...feed, website: webAddress(feed.website) } : feed));
  }
  return clean as T;
}

/**
 * Whether an object of a hosted service's answer may be rendered as HTML: an item (its item_type),
 * or anything with `content` or `description`, which the reader renders as HTML whatever else the
 * object says (a hostile service leaves item_type out; a full-content preview has none). Only a
 * subscription's description is text (it carries a source_type).
 */
function carriesHtml(value: Record<string, unknown>): boolean {
  return 'item_type' in value || 'content' in value || ('description' in value && !('source_type' in value));
}

/** Every object in a JSON value that carries HTML (carriesHtml), sanitized wherever it sits: lists, details, stories, search, previews. */
function sanitizeItemsIn(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sanitizeItemsIn);
  if (!value || typeof value !== 'object') return value;
  const entries = Object.entries(value).map(([name, child]) => [name, sanitizeItemsIn(child)]);
  const walked = Object.fromEntries(entries) as Record<string, unknown>;
  return carriesHtml(walked) ? sanitizeRemoteItem(walked) : walked;
}

/** A hosted service's JSON answer with every item in it sanitized; a body without items (or not JSON) is returned as it came. */
export function sanitizeRemoteJson(text: string): string {
  // Most answers (subscriptions, tags, counts) carry no HTML and are not parsed; a key spelt with \u escapes is.
  if (!/item_type|"content"|"description"|\\u/.test(text)) return text;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return text;
  }
  return JSON.stringify(sanitizeItemsIn(parsed));
}
