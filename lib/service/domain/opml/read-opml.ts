import { parseOpml } from 'feedsmith';
import { invalidFields } from '../errors';

/** One feed outline of an OPML document and the folder it sits in. */
export type OpmlFeed = { url: string; title: string | null; folder: string | null };

type Outline = { text?: string; title?: string; xmlUrl?: string; isComment?: boolean; outlines?: Outline[] };

/** Folder names are at most 100 characters (lib/contract/organizing.ts). */
const maxFolderName = 100;

/**
 * Reads an OPML document (1.0, 1.1 or 2.0, through feedsmith's lenient parser) into its feeds in
 * document order. Every outline with an xmlUrl is a feed; an outline without one that holds
 * others is a folder. Our folders are flat, so a nested folder is named by its path ("News / Tech").
 */
export function readOpml(text: string): OpmlFeed[] {
  let outlines: Outline[] | undefined;
  try {
    outlines = parseOpml(text).body?.outlines;
  } catch {
    throw invalidFields(['opml is not an OPML document: it must be XML with an <opml> root and a <body> of outlines.']);
  }
  const feeds: OpmlFeed[] = [];
  const walk = (list: Outline[] | undefined, path: string[]) => {
    for (const outline of list ?? []) {
      if (outline.isComment) continue;
      const url = outline.xmlUrl?.trim();
      const name = (outline.text || outline.title || '').trim();
      if (url) {
        const folder = path.length ? path.join(' / ').slice(0, maxFolderName).trim() : null;
        feeds.push({ url, title: (outline.title || outline.text || '').trim() || null, folder });
      }
      if (outline.outlines?.length) walk(outline.outlines, url || !name ? path : [...path, name]);
    }
  };
  walk(outlines, []);
  return feeds;
}
