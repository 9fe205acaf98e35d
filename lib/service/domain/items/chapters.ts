import type { Chapter, ChapterList } from '@/lib/contract/up-next';
import type { User } from '../accounts';
import type { ServiceContext } from '../../context';
import { fetchGuarded } from '../../ingest/guarded-fetch';
import { parseDuration } from '../../ingest/podcast-values';
import { notFound } from '../errors';

/*
 * An episode's chapters, from one of two places: Podlove simple chapters (psc:chapters),
 * which ingest keeps in the item's platform_metadata.chapters, or a podcast:chapters JSON
 * file, whose address ingest keeps as platform_metadata.chapters_url and which is fetched
 * only when someone asks (the full player opens), through the guarded fetch, size-capped,
 * and kept a while in memory. Chapters are extras: a file that cannot be read gives none.
 */

/** Largest chapters file read; real ones are a few KB. */
export const chaptersMaxBytes = 256 * 1024;
const fetchTimeoutMs = 10_000;
const keptMs = 60 * 60_000;
const keptFailureMs = 5 * 60_000;
const keptMost = 200;
const mostChapters = 500;

const kept = new Map<string, { chapters: Chapter[]; until: number }>();

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}

function httpUrl(value: unknown): string | null {
  const raw = text(value);
  return raw && /^https?:\/\//i.test(raw) ? raw : null;
}

function seconds(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? value : null;
  if (typeof value !== 'string') return null;
  if (/^0+(?:[:.,]0+)*$/.test(value.trim())) return 0;
  return parseDuration(value);
}

function inOrder(chapters: Chapter[]): Chapter[] {
  return chapters.slice(0, mostChapters).sort((a, b) => a.start_seconds - b.start_seconds);
}

/** Chapters as ingest stored them from psc:chapters (`start`; the demo's too), in order. */
export function storedChapters(entries: unknown): Chapter[] {
  if (!Array.isArray(entries)) return [];
  return inOrder(entries.flatMap((entry: Record<string, unknown>) => {
    const start = seconds(entry?.start ?? entry?.start_seconds);
    const title = text(entry?.title);
    return start === null || !title ? [] : [{ start_seconds: start, title, url: httpUrl(entry.href), image_url: httpUrl(entry.image) }];
  }));
}

/** Chapters of a podcast:chapters JSON document (`{ chapters: [{ startTime, title, url, img, toc }] }`); entries kept out of the table of contents are left out. */
export function jsonChapters(document: unknown): Chapter[] {
  const entries = (document as { chapters?: unknown } | null)?.chapters;
  if (!Array.isArray(entries)) return [];
  return inOrder(entries.flatMap((entry: Record<string, unknown>) => {
    const start = seconds(entry?.startTime);
    const title = text(entry?.title);
    if (start === null || !title || entry.toc === false) return [];
    return [{ start_seconds: start, title, url: httpUrl(entry.url), image_url: httpUrl(entry.img) }];
  }));
}

async function fetchChapters(service: ServiceContext, url: string, signal: AbortSignal): Promise<Chapter[]> {
  const hit = kept.get(url);
  if (hit && hit.until > Date.now()) return hit.chapters;
  let chapters: Chapter[] = [];
  let ok = false;
  try {
    const response = await fetchGuarded(url, {
      allowPrivate: service.config.allowPrivateUrls, timeoutMs: fetchTimeoutMs, maxBytes: chaptersMaxBytes, signal,
      headers: { accept: 'application/json+chapters, application/json;q=0.9, */*;q=0.1', 'user-agent': 'Tidings/0.1 (+podcast player)' },
    });
    if (response.ok) {
      chapters = jsonChapters(JSON.parse(await response.text()));
      ok = true;
    }
  } catch {
    // Refused, too large, not JSON, unreachable: the episode plays on without chapters.
  }
  if (kept.size >= keptMost) kept.delete(kept.keys().next().value as string);
  kept.set(url, { chapters, until: Date.now() + (ok ? keptMs : keptFailureMs) });
  return chapters;
}

/** GET /v1/items/{item_id}/chapters: the chapters of one of the user's episodes; 404 for an item they do not have. */
export async function listChapters(service: ServiceContext, user: User, itemId: string, signal: AbortSignal): Promise<ChapterList> {
  const row = await service.store.chapters.item(user.id, itemId);
  if (!row) throw notFound(`There is no episode with the id ${itemId}.`);
  if (row.item_type !== 'episode') return { data: [] };
  const metadata = JSON.parse(row.platform_metadata || '{}') as { chapters?: unknown; chapters_url?: unknown };
  const stored = storedChapters(metadata.chapters);
  if (stored.length) return { data: stored };
  const url = httpUrl(metadata.chapters_url);
  return { data: url ? await fetchChapters(service, url, signal) : [] };
}
