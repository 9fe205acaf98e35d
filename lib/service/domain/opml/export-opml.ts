import { generateOpml } from 'feedsmith';
import type { OpmlExport } from '@/lib/contract/organizing';
import type { User } from '../accounts';
import type { ExportedFeed as Row } from '../../store/opml';
import type { Store } from '../../store/store';
type Outline = { text: string; title?: string; type?: string; xmlUrl?: string; htmlUrl?: string; outlines?: Outline[] };

function feedOutline(row: Row): Outline {
  return { text: row.title, title: row.title, type: 'rss', xmlUrl: row.url, ...(row.website ? { htmlUrl: row.website } : {}) };
}

/**
 * GET /v1/opml: the user's feeds and podcasts as OPML 2.0, those without a folder first, then
 * one outline per folder holding its feeds, each A to Z. Newsletters have no feed URL to give
 * another reader, so they are left out.
 */
export async function exportOpml(store: Store, user: User, now = new Date()): Promise<OpmlExport> {
  const rows = await store.opml.exportedFeeds(user.id);

  const outlines: Outline[] = [];
  const folders = new Map<string, Outline>();
  for (const row of rows) {
    if (row.folder === null) {
      outlines.push(feedOutline(row));
      continue;
    }
    let folder = folders.get(row.folder);
    if (!folder) {
      folder = { text: row.folder, title: row.folder, outlines: [] };
      folders.set(row.folder, folder);
      outlines.push(folder);
    }
    folder.outlines!.push(feedOutline(row));
  }
  // feedsmith refuses a body without outlines; an empty account still exports a valid document.
  const opml = outlines.length
    ? generateOpml({ head: { title: 'Tidings subscriptions', dateCreated: now }, body: { outlines } })
    : `<?xml version="1.0" encoding="utf-8"?>\n<opml version="2.0"><head><title>Tidings subscriptions</title><dateCreated>${now.toUTCString()}</dateCreated></head><body></body></opml>\n`;
  return { filename: `tidings-subscriptions-${now.toISOString().slice(0, 10)}.opml`, opml };
}
