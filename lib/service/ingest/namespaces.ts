/**
 * Namespace URIs we read, keyed by a normalized form (lower case, no scheme, no trailing slash),
 * mapped to the prefix the mappers use. '' means "the document's own vocabulary" (RSS 1.0).
 */
const KNOWN: Record<string, string> = {
  'www.itunes.com/dtds/podcast-1.0.dtd': 'itunes',
  'purl.org/rss/1.0/modules/content': 'content',
  'purl.org/dc/elements/1.1': 'dc',
  'purl.org/dc/terms': 'dcterms',
  'search.yahoo.com/mrss': 'media',
  'video.search.yahoo.com/mrss': 'media',
  'podcastindex.org/namespace/1.0': 'podcast',
  'github.com/podcastindex-org/podcast-namespace/blob/main/docs/1.0.md': 'podcast',
  'www.w3.org/2005/atom': 'atom',
  'www.w3.org/1999/02/22-rdf-syntax-ns#': 'rdf',
  'purl.org/rss/1.0/modules/syndication': 'sy',
  'podlove.org/simple-chapters': 'psc',
  'www.google.com/schemas/play-podcasts/1.0': 'googleplay',
  'www.youtube.com/xml/schemas/2015': 'yt',
  'purl.org/rss/1.0': '',
  'rssnamespace.org/feedburner/ext/1.0': 'feedburner',
  'www.w3.org/1999/xhtml': 'xhtml',
  'backend.userland.com/creativecommonsrssmodule': 'creativecommons',
};

/** The prefix our mappers use for a namespace URI, or undefined when we do not know it. */
export function canonicalPrefix(uri: string): string | undefined {
  const normalized = uri.trim().toLowerCase().replace(/^https?:\/\//, '').replace(/\/+$/, '');
  return KNOWN[normalized];
}
