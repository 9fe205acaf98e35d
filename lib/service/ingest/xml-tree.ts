import { decodeHTMLAttribute } from 'entities';
import { Tokenizer } from 'htmlparser2';
import { NamespaceNames, type Bindings } from './namespaces';

/** One element of a forgiving XML parse; text is read lazily from the source with `textOf`. */
export type XmlElement = {
  name: string;
  /** The name as written, lower-cased, to match its end tag when `name` was rewritten. */
  tag: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  parent: XmlElement | null;
  innerStart: number;
  innerEnd: number;
  /** True when the inner markup was skipped unparsed (elements that carry HTML). */
  raw: boolean;
  /** False when the document ended before this element's end tag (a truncated download). */
  closed: boolean;
  /** The namespace prefixes this element declares; null when it declares none. */
  bindings: Bindings | null;
};

/**
 * A parsed document; `complete` is false when the root element was never closed. `wellFormed` is
 * false when the parse had to recover from anything: a stray or mismatched end tag, a `<` that
 * starts no markup, or an early end. Callers judge a recovered document by what it still yields.
 */
export type XmlDocument = { source: string; root: XmlElement; complete: boolean; wellFormed: boolean };

/**
 * Elements whose content is HTML, escaped or not: their inside is skipped without tokenizing,
 * so unbalanced HTML inside a description cannot derail the tree.
 */
const RAW_ELEMENTS = new Set([
  'description', 'content:encoded', 'content', 'summary', 'title', 'subtitle', 'rights',
  'itunes:summary', 'itunes:subtitle', 'media:description', 'media:title', 'dc:description',
  'copyright', 'dc:creator', 'itunes:author', 'name', 'media:text',
]);

const DOCTYPE = /^doctype$/i;

function isNameStart(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95 || code > 127;
}

/**
 * Decodes XML and HTML entities (&nbsp; and friends too), leaving text without `&` untouched.
 * Attribute rules: a legacy entity without its semicolon is left alone before `=` or a letter,
 * so a bare `&reg=2` in a URL stays a query parameter.
 */
export function decodeEntities(text: string): string {
  return text.indexOf('&') === -1 ? text : decodeHTMLAttribute(text);
}

/**
 * Parses XML leniently into a tree: unknown entities, unclosed or stray end tags and a truncated
 * end are tolerated; elements are named by their namespace URI, whatever prefix the document binds
 * it to (see NamespaceNames): `itunes:duration`, `media:content`, bare Atom in an Atom feed…
 *
 * htmlparser2's tokenizer (XML mode, entities left as written) reads the markup; we build the tree
 * and keep two recoveries of our own: the inside of an element that carries HTML is skipped to its
 * end tag unread (see RAW_ELEMENTS), and a `<` that starts no name is text. For both the tokenizer
 * is stopped and started again after the skipped part, on a slice of the same source.
 */
export function parseXml(source: string): XmlDocument | null {
  const namespaces = new NamespaceNames();
  const docRoot: XmlElement = {
    name: '#document', tag: '#document', attrs: {}, children: [], parent: null, innerStart: 0, innerEnd: source.length, raw: false, closed: false,
    bindings: null,
  };
  const length = source.length;
  let current = docRoot;
  let recovered = false;
  /** Where the slice being tokenized starts in the source: the tokenizer's indices are relative to it. */
  let base = 0;
  /** Where to start tokenizing again once the tokenizer has been stopped; -1 while it runs, length to stop for good. */
  let resumeAt = -1;
  let rawName = '';
  let attrs: Record<string, string> = {};
  let prefixedAttribute = false;
  let attrName = '';
  let attrValue = '';

  const stopAndResumeAt = (at: number) => {
    resumeAt = at;
    tokenizer.pause();
  };

  const open = (innerStart: number, selfClosing: boolean) => {
    const tag = rawName.toLowerCase();
    const element: XmlElement = {
      name: tag, tag, attrs, children: [], parent: current, innerStart, innerEnd: innerStart, raw: false, closed: selfClosing,
      bindings: prefixedAttribute || attrs.xmlns !== undefined ? namespaces.bindingsOf(attrs) : null,
    };
    if (current === docRoot) namespaces.enterRoot(element, tag);
    element.name = namespaces.elementName(rawName, element);
    if (prefixedAttribute) element.attrs = qualifiedAttributes(attrs, element, namespaces);
    current.children.push(element);
    if (selfClosing) return;
    if (RAW_ELEMENTS.has(element.name)) {
      element.raw = true;
      const end = findRawEnd(source, innerStart, rawName);
      element.innerEnd = end;
      if (end >= length) return stopAndResumeAt(length);
      element.closed = true;
      const close = source.indexOf('>', end);
      return stopAndResumeAt(close === -1 ? length : close + 1);
    }
    element.innerEnd = length;
    current = element;
  };

  const close = (nameStart: number, nameEnd: number) => {
    const endTagName = source.slice(nameStart, nameEnd);
    const tag = endTagName.toLowerCase();
    const at = source.lastIndexOf('<', nameStart);
    let opened: XmlElement | null = current;
    while (opened && opened !== docRoot && opened.tag !== tag) opened = opened.parent;
    if (!opened || opened === docRoot) {
      // An end tag that spells the prefix differently but names the same element closes it too.
      const name = namespaces.elementName(endTagName, current);
      opened = current;
      while (opened && opened !== docRoot && opened.name !== name) opened = opened.parent;
    }
    if (!opened || opened === docRoot) {
      recovered = true;
      return;
    }
    if (opened !== current) recovered = true;
    for (let el: XmlElement | null = current; el && el !== opened; el = el.parent) {
      el.innerEnd = at;
      el.closed = true;
    }
    opened.innerEnd = at;
    opened.closed = true;
    current = opened.parent ?? docRoot;
  };

  /** A download cut inside a last end tag (`</item`) still closes that element, as far as it got. */
  const closeCutEndTag = () => {
    const at = source.lastIndexOf('</');
    if (at !== -1 && at >= base && !/[\s>]/.test(source.slice(at + 2))) close(at + 2, length);
  };

  const tokenizer = new Tokenizer({ xmlMode: true, decodeEntities: false }, {
    onopentagname(start, end) {
      if (resumeAt !== -1) return;
      if (!isNameStart(source.charCodeAt(base + start))) {
        recovered = true;
        return stopAndResumeAt(base + start);
      }
      rawName = source.slice(base + start, base + end);
      attrs = {};
      prefixedAttribute = false;
    },
    onattribname(start, end) {
      attrName = source.slice(base + start, base + end).toLowerCase();
      attrValue = '';
    },
    onattribdata(start, end) {
      attrValue += source.slice(base + start, base + end);
    },
    onattribend() {
      if (resumeAt !== -1) return;
      attrs[attrName] = decodeEntities(attrValue);
      if (attrName.indexOf(':') !== -1) prefixedAttribute = true;
    },
    onopentagend(end) {
      if (resumeAt === -1) open(base + end + 1, false);
    },
    onselfclosingtag(end) {
      if (resumeAt === -1) open(base + end + 1, true);
    },
    onclosetag(start, end) {
      if (resumeAt === -1) close(base + start, base + end);
    },
    ondeclaration(start) {
      // A DOCTYPE's internal subset may hold `>` in its entity values: skip to its real end.
      if (resumeAt !== -1 || !DOCTYPE.test(source.slice(base + start, base + start + 7))) return;
      const end = declarationEnd(source, base + start - 2);
      stopAndResumeAt(end === -1 ? length : end + 1);
    },
    ontext() {},
    oncdata() {},
    oncomment() {},
    onprocessinginstruction() {},
    ontextentity() {},
    onattribentity() {},
    onend() {},
  });

  for (let from = 0; from < length;) {
    base = from;
    resumeAt = -1;
    tokenizer.reset();
    tokenizer.write(from === 0 ? source : source.slice(from));
    if (resumeAt === -1) {
      tokenizer.end();
      closeCutEndTag();
      break;
    }
    from = resumeAt;
  }
  const root = docRoot.children.find((child) => child.children.length > 0 || child.raw) ?? docRoot.children[0];
  if (!root) return null;
  return { source, root, complete: root.closed, wellFormed: root.closed && !recovered };
}

/** The attributes with their prefixes named by namespace (`R:about` in the RDF namespace is `rdf:about`). */
function qualifiedAttributes(attrs: Record<string, string>, element: XmlElement, namespaces: NamespaceNames): Record<string, string> {
  const named: Record<string, string> = {};
  for (const key in attrs) named[key.indexOf(':') === -1 ? key : namespaces.attributeName(key, element)] = attrs[key];
  return named;
}

/**
 * Where a <!DOCTYPE …> that starts at `from` ends (its `>`), or -1. Its internal subset may hold
 * entity values and comments with `]`, `>` or `<` in them: those are skipped, never read as markup.
 */
function declarationEnd(source: string, from: number): number {
  let inSubset = false;
  for (let at = from + 2; at < source.length; at++) {
    const char = source[at];
    if (inSubset && (char === '"' || char === "'")) {
      at = source.indexOf(char, at + 1);
      if (at === -1) return -1;
    } else if (inSubset && source.startsWith('<!--', at)) {
      at = source.indexOf('-->', at + 4);
      if (at === -1) return -1;
      at += 2;
    } else if (char === '[') {
      inSubset = true;
    } else if (char === ']') {
      inSubset = false;
    } else if (char === '>' && !inSubset) {
      return at;
    }
  }
  return -1;
}

/** Finds the `</name` that closes a raw element (any case), stepping over CDATA sections. */
function findRawEnd(source: string, from: number, rawName: string): number {
  const closeTag = `</${rawName}`.toLowerCase();
  let pos = source.indexOf('<', from);
  while (pos !== -1) {
    const next = source.charCodeAt(pos + 1);
    if (next === 33 && source.startsWith('<![CDATA[', pos)) {
      const end = source.indexOf(']]>', pos + 9);
      if (end === -1) return source.length;
      pos = source.indexOf('<', end + 3);
      continue;
    }
    if (next === 47 && source.slice(pos, pos + closeTag.length).toLowerCase() === closeTag) {
      const after = source.charCodeAt(pos + closeTag.length);
      if (after === 62 || after <= 32 || Number.isNaN(after)) return pos;
    }
    pos = source.indexOf('<', pos + 1);
  }
  return source.length;
}

/**
 * The text of an element: entities decoded and CDATA unwrapped. Markup found inside (HTML that
 * a feed forgot to escape) is returned as is, so it can be treated as HTML.
 */
export function textOf(doc: XmlDocument, element: XmlElement): string {
  const inner = doc.source.slice(element.innerStart, element.innerEnd);
  if (inner.indexOf('<') === -1) return decodeEntities(inner).trim();
  const segments: Array<{ cdata: boolean; text: string }> = [];
  let markup = false;
  let pos = 0;
  while (pos < inner.length) {
    const cdata = inner.indexOf('<![CDATA[', pos);
    const before = inner.slice(pos, cdata === -1 ? inner.length : cdata);
    if (before.indexOf('<') !== -1) markup = true;
    segments.push({ cdata: false, text: before });
    if (cdata === -1) break;
    const end = inner.indexOf(']]>', cdata + 9);
    segments.push({ cdata: true, text: inner.slice(cdata + 9, end === -1 ? inner.length : end) });
    pos = end === -1 ? inner.length : end + 3;
  }
  let result = '';
  for (const segment of segments) {
    result += segment.cdata || markup ? segment.text : decodeEntities(segment.text);
  }
  return result.trim();
}

/** First direct child with one of the given names. */
export function child(element: XmlElement, ...names: string[]): XmlElement | undefined {
  for (const c of element.children) if (names.includes(c.name)) return c;
  return undefined;
}

/** All direct children with the given name. */
export function childrenNamed(element: XmlElement, name: string): XmlElement[] {
  return element.children.filter((c) => c.name === name);
}
