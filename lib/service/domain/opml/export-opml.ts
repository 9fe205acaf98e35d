import { generateOpml } from 'feedsmith';
import type { OpmlExport } from '@/lib/contract/organizing';
import type { User } from '../accounts';
import type { Db } from '../../store/database';

type Row = { title: string; url: string; website: string | null; folder: string | null };
type Outline = { text: string; title?: string; type?: string; xmlUrl?: string; htmlUrl?: string; outlines?: Outline[] };

function feedOutline(row: Row): Outline {
  return { text: row.title, title: row.title, type: 'rss', xmlUrl: row.url, ...(row.website ? { htmlUrl: row.website } : {}) };
}

/**
 * GET /v1/opml: the user's feeds and podcasts as OPML 2.0, those without a folder first, then
 * one outline per folder holding its feeds, each A to Z. Newsletters have no feed URL to give
 * another reader, so they are left out.
 */
export function exportOpml(db: Db, user: User, now = new Date()): OpmlExport {
  const rows = db.prepare(`SELECT COALESCE(s.title, f.title) AS title, f.url, f.website, fo.name AS folder
    FROM subscriptions s JOIN feeds f ON f.id = s.feed_id LEFT JOIN folders fo ON fo.id = s.folder_id
    WHERE s.user_id = ? AND f.source_type != 'newsletter' AND f.url IS NOT NULL
    ORDER BY fo.name IS NOT NULL, fo.name COLLATE NOCASE, title COLLATE NOCASE, s.id`).all(user.id) as Row[];

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
