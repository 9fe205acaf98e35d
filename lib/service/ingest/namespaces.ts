/**
 * Namespace URIs we read, keyed by a normalized form (lower case, no scheme, no trailing slash),
 * mapped to the prefix the mappers use. '' means "the document's own vocabulary" (RSS 1.0, 0.90).
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
  'purl.org/atom/ns#': 'atom',
  'www.w3.org/1999/02/22-rdf-syntax-ns#': 'rdf',
  'purl.org/rss/1.0/modules/syndication': 'sy',
  'podlove.org/simple-chapters': 'psc',
  'www.google.com/schemas/play-podcasts/1.0': 'googleplay',
  'www.youtube.com/xml/schemas/2015': 'yt',
  'purl.org/rss/1.0': '',
  'my.netscape.com/rdf/simple/0.9': '',
  'backend.userland.com/rss2': '',
  'rssnamespace.org/feedburner/ext/1.0': 'feedburner',
  'www.w3.org/1999/xhtml': 'xhtml',
  'backend.userland.com/creativecommonsrssmodule': 'creativecommons',
};

/** The prefix our mappers use for a namespace URI, or undefined when we do not know it. */
export function canonicalPrefix(uri: string): string | undefined {
  const normalized = uri.trim().toLowerCase().replace(/^https?:\/\//, '').replace(/\/+$/, '');
  return KNOWN[normalized];
}

/** Prefix ('' for the default namespace) → our name for its URI; null for a URI we do not know. */
export type Bindings = Map<string, string | null>;

/** An element as far as namespaces go: what it declares, and where it sits. */
export type Scoped = { bindings: Bindings | null; parent: Scoped | null };

/**
 * Names elements by the namespace URI their prefix stands for, not by the prefix itself: an
 * element of the iTunes namespace is `itunes:…` whether the document wrote `itunes:`, `ipod:` or
 * declared it as an element's default. Atom elements are bare in an Atom document and `atom:…`
 * elsewhere; RSS 1.0 elements are always bare. Sloppy documents are met halfway: a prefix never
 * declared keeps its name, one declared anywhere in the document counts everywhere, and the root's
 * own prefix, when it names no namespace we know, is taken as the document's vocabulary.
 */
export class NamespaceNames {
  private readonly anywhere: Bindings = new Map();
  private atomIsOwn = false;
  private top: Scoped | null = null;

  /** Reads the xmlns declarations of an element's attributes; null when it declares none. */
  bindingsOf(attrs: Record<string, string>): Bindings | null {
    let bindings: Bindings | null = null;
    for (const key in attrs) {
      if (key !== 'xmlns' && !key.startsWith('xmlns:')) continue;
      const canonical = canonicalPrefix(attrs[key]) ?? null;
      const prefix = key === 'xmlns' ? '' : key.slice(6);
      (bindings ??= new Map()).set(prefix, canonical);
      if (prefix) this.anywhere.set(prefix, canonical);
    }
    return bindings;
  }

  /** Takes a top-level element (the document's root) as the one that sets the vocabulary. */
  enterRoot(element: Scoped, lowerName: string): void {
    this.top = element;
    const colon = lowerName.indexOf(':');
    const prefix = colon === -1 ? '' : lowerName.slice(0, colon);
    const bound = element.bindings?.get(prefix);
    if (bound === 'atom') {
      this.atomIsOwn = true;
    } else if (prefix && prefix !== 'rdf' && !bound) {
      (element.bindings ??= new Map()).set(prefix, '');
      this.atomIsOwn = lowerName.slice(colon + 1) === 'feed';
    } else {
      this.atomIsOwn = !prefix && lowerName === 'feed';
    }
  }

  /** The name the mappers know an element by (lower case, canonical prefix). */
  elementName(rawName: string, element: Scoped): string {
    const lower = rawName.toLowerCase();
    const colon = lower.indexOf(':');
    if (colon === -1) {
      const namespace = this.defaultNamespace(element);
      return namespace ? this.qualified(namespace, lower) : lower;
    }
    const namespace = this.lookup(lower.slice(0, colon), element);
    return namespace === null || namespace === undefined ? lower : this.qualified(namespace, lower.slice(colon + 1));
  }

  /** The name of a prefixed attribute (`R:about` in the RDF namespace is `rdf:about`); others as they are. */
  attributeName(lowerKey: string, element: Scoped): string {
    const colon = lowerKey.indexOf(':');
    const prefix = lowerKey.slice(0, colon);
    if (prefix === 'xml' || prefix === 'xmlns') return lowerKey;
    const namespace = this.lookup(prefix, element);
    return namespace ? `${namespace}:${lowerKey.slice(colon + 1)}` : lowerKey;
  }

  private qualified(namespace: string, local: string): string {
    return namespace === '' || (namespace === 'atom' && this.atomIsOwn) ? local : `${namespace}:${local}`;
  }

  private lookup(prefix: string, element: Scoped): string | null | undefined {
    for (let at: Scoped | null = element; at; at = at.parent) {
      const bound = at.bindings?.get(prefix);
      if (bound !== undefined) return bound;
    }
    return this.anywhere.get(prefix);
  }

  /**
   * The default namespace in scope below the root. The root's own default is left out: it is the
   * feed's vocabulary, or, when it is XHTML or something unknown, a mistake feeds make harmlessly.
   */
  private defaultNamespace(element: Scoped): string | null | undefined {
    for (let at: Scoped | null = element; at && at !== this.top; at = at.parent) {
      const bound = at.bindings?.get('');
      if (bound !== undefined) return bound;
    }
    return undefined;
  }
}
