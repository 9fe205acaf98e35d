import { decodeBody } from './decode';
import { mapAtom } from './map-atom';
import { mapJson } from './map-json';
import { mapRss } from './map-rss';
import { normalizeFeed } from './normalize';
import type { RawFeed } from './raw-feed';
import type { ParsedFeed } from './types';
import { child, parseXml, type XmlDocument } from './xml-tree';

/** The document could not be read as a feed; the message is one sentence for the subscription's status. */
export class FeedParseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FeedParseError';
  }
}

export type ParseFeedOptions = {
  /** The URL the document came from: the base for relative links. */
  url: string;
  /** The HTTP Content-Type, used for its charset when body is bytes. */
  contentType?: string;
  /** Sanitize item HTML (default true); false only for callers that sanitize later, and benchmarks. */
  sanitize?: boolean;
  /**
   * Items it returns true for are left out of the result, before sanitizing: a refresh passes a
   * check against the guids and links already stored, so only new items cost anything.
   */
  knownItem?: (key: { guid: string | null; url: string | null }) => boolean;
};

const HTML_PAGE = /^\s*(?:<!doctype\s+html|<html[\s>]|<head[\s>]|<body[\s>])/i;

function mapXml(text: string, url: string): RawFeed {
  const doc = parseXml(text);
  if (!doc) throw new FeedParseError('The document contains no XML elements.');
  const name = doc.root.name;
  const raw = name === 'rss' || name === 'channel' ? mapRss(doc, url, 'rss')
    : name === 'rdf:rdf' || name === 'rdf' ? mapRss(doc, url, 'rdf')
      : name === 'feed' ? mapAtom(doc, url) : null;
  if (raw) return refuseHollow(doc, raw);
  if (name === 'html' || name === 'head' || name === 'body') {
    throw new FeedParseError('The document is an HTML page, not a feed.');
  }
  throw new FeedParseError(`The document is XML with a <${name}> root, which is not a feed format.`);
}

/**
 * Refuses a feed that yields no items from a document that is broken or has no feed structure.
 * The lenient parser recovers a title from almost anything (a cut download, a mangled end tag, an
 * error page with an <rss> tag), and such a document used to pass as a healthy, empty feed. A
 * sloppy document that still yields items is kept, and so is a well-formed feed with none yet or
 * one that only says where the feed has moved (Userland's <redirect>).
 */
function refuseHollow(doc: XmlDocument, raw: RawFeed): RawFeed {
  if (raw.items.length > 0 || raw.newFeedUrl) return raw;
  if (!doc.wellFormed) throw new FeedParseError('The document is not well-formed XML and no feed items could be read from it.');
  const root = doc.root.name;
  if (root !== 'feed' && root !== 'channel' && !child(doc.root, 'channel')) {
    throw new FeedParseError(`The document has a <${doc.root.tag}> root but no <channel> and no items, so it is not a feed.`);
  }
  return raw;
}

/**
 * Parses RSS 0.9x/2.0, RSS 1.0 (RDF), Atom and JSON Feed documents (bytes in any charset or
 * text) into a normalized feed. Throws FeedParseError when the document is not a feed.
 */
export function parseFeed(body: string | Uint8Array, options: ParseFeedOptions): ParsedFeed {
  return normalizeFeed(readRawFeed(body, options), { sanitize: options.sanitize !== false, knownItem: options.knownItem });
}

/** What parseFeed reads before normalizing: the document mapped to its format's fields. Throws FeedParseError. */
export function readRawFeed(body: string | Uint8Array, options: Pick<ParseFeedOptions, 'url' | 'contentType'>): RawFeed {
  const text = decodeBody(body, options.contentType);
  const start = text.search(/\S/);
  if (start === -1) throw new FeedParseError('The document is empty.');
  const first = text.charCodeAt(start);
  let raw: RawFeed | null;
  if (first === 123 || first === 91) {
    raw = mapJson(text, options.url);
    if (!raw) throw new FeedParseError('The document is JSON but not a JSON Feed.');
  } else if (HTML_PAGE.test(text.slice(start, start + 200))) {
    throw new FeedParseError('The document is an HTML page, not a feed.');
  } else if (first === 60) {
    raw = mapXml(text, options.url);
  } else {
    // Some servers prepend junk (PHP notices, stray bytes) before the XML.
    const xmlStart = text.search(/<(?:\?xml|(?:[\w.-]+:)?(?:rss|feed|RDF))\b/i);
    if (xmlStart === -1) throw new FeedParseError('The document is neither XML nor JSON.');
    raw = mapXml(text.slice(xmlStart), options.url);
  }
  return raw;
}
