/**
 * Plain-text views of item HTML: visible text, outbound links, sentences and
 * word tokens. Regular expressions rather than a DOM, because ingest runs this
 * on every item and the input is already sanitized.
 */
import { isStopword } from './stopwords';

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', ndash: '–', mdash: '—',
  lsquo: '‘', rsquo: '’', ldquo: '“', rdquo: '”', hellip: '…', laquo: '«', raquo: '»',
  eacute: 'é', egrave: 'è', aacute: 'á', oacute: 'ó', uacute: 'ú', iacute: 'í', ntilde: 'ñ',
  uuml: 'ü', ouml: 'ö', auml: 'ä', ccedil: 'ç', copy: '©', reg: '®', trade: '™', middot: '·',
};

/** Replaces HTML character references by the characters they stand for. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : ' ';
    }
    return NAMED_ENTITIES[ref.toLowerCase()] ?? whole;
  });
}

const BLOCK_TAG = /<\/?(?:p|div|br|li|ul|ol|dl|dt|dd|h[1-6]|blockquote|tr|td|th|table|caption|section|article|aside|nav|main|header|footer|figure|figcaption|details|summary|address|pre|hr)\b[^>]*>/gi;

/**
 * The visible text of an HTML fragment (or of plain text), blocks separated by
 * blank lines. In HTML a line break is just a space; in plain text a blank
 * line separates paragraphs.
 */
export function htmlToText(html: string): string {
  if (!html) return '';
  const isHtml = /<[a-z!/][^>]*>/i.test(html);
  const text = isHtml
    ? html
      .replace(/\s+/g, ' ')
      .replace(/<!--[\s\S]*?-->/g, ' ')
      .replace(/<(script|style|noscript|template|svg)\b[\s\S]*?<\/\1\s*>/gi, ' ')
      .replace(BLOCK_TAG, '\n\n')
      // The tags left are inline (a, em, code…): they part no words as shown, so "<a>archive</a>." stays "archive.".
      .replace(/<[^>]*>/g, '')
    : html.replace(/\r\n?/g, '\n').replace(/\n[ \t]*\n\s*/g, '\u2029').replace(/\s+/g, ' ').replace(/\u2029/g, '\n\n');
  return decodeEntities(text)
    .replace(/[ \t\r\f\v\u00a0]+/g, ' ')
    .replace(/ *\n[\n ]*/g, '\n\n')
    .trim();
}

/** Absolute http(s) links of an HTML fragment, normalised to host + path without query or fragment. */
export function extractLinks(html: string): string[] {
  const links = new Set<string>();
  for (const match of html.matchAll(/\bhref\s*=\s*["']?(https?:\/\/[^"'\s>]+)/gi)) {
    try {
      const url = new URL(decodeEntities(match[1]));
      const host = url.hostname.replace(/^www\./, '').toLowerCase();
      const path = url.pathname.replace(/\/+$/, '');
      links.add(host + path);
    } catch {
      // A malformed href is not a link we can compare; skip it.
    }
  }
  return [...links];
}

const ABBREVIATIONS = new Set(['mr', 'mrs', 'ms', 'dr', 'st', 'sen', 'rep', 'gov', 'gen', 'lt', 'col', 'jr', 'sr', 'inc', 'co', 'corp', 'vs', 'no', 'u.s', 'u.k', 'u.n', 'e.g', 'i.e', 'jan', 'feb', 'mar', 'apr', 'jun', 'jul', 'aug', 'sep', 'sept', 'oct', 'nov', 'dec']);

/** Splits text into sentences at ., ! and ? followed by a capital, a quote or a line break, sparing common abbreviations. */
export function splitSentences(text: string): string[] {
  const sentences: string[] = [];
  for (const block of text.split(/\n{2,}/)) {
    let start = 0;
    const re = /[.!?…]+["'”’)\]]*(?=\s+["'“‘(\[]?[\p{Lu}\p{N}])/gu;
    for (const match of block.matchAll(re)) {
      const end = match.index + match[0].length;
      const before = block.slice(start, match.index);
      const lastWord = before.slice(before.search(/\S+$/)).toLowerCase().replace(/^["'“‘(]/, '');
      if (match[0][0] === '.' && (ABBREVIATIONS.has(lastWord) || (lastWord.length === 1 && /\p{L}/u.test(lastWord)))) continue;
      const sentence = block.slice(start, end).trim();
      if (sentence) sentences.push(sentence);
      start = end;
    }
    const rest = block.slice(start).trim();
    if (rest) sentences.push(rest);
  }
  return sentences;
}

/**
 * A word of the text with its lower-case form, its stem, whether it is worth indexing and whether
 * it was written with a capital.
 */
export type Token = { word: string; stem: string; content: boolean; written: string; capital: boolean; start: boolean };

const WORD = /[\p{L}\p{N}]+(?:(?:['’.\-&]|,(?=\d{3}))[\p{L}\p{N}]+)*%?/gu;

/** Spellings of one thing that news outlets use interchangeably. */
const ALIASES: Record<string, string> = {
  coronavirus: 'covid', 'covid-19': 'covid', covid19: 'covid', 'sars-cov-2': 'covid',
  'g-7': 'g7', 'g-20': 'g20', 'u.s.a': 'u.s', usa: 'u.s', 'u.k': 'uk',
};

/**
 * Remembers the answers of a pure function of one word: ingest asks about the same few
 * thousand words over and over. Starts over past `limit` words, bounding memory.
 */
function remembered<T>(fn: (word: string) => T, limit = 100_000): (word: string) => T {
  const known = new Map<string, T>();
  return function lookUp(word) {
    let answer = known.get(word);
    if (answer === undefined) {
      if (known.size >= limit) known.clear();
      answer = fn(word);
      known.set(word, answer);
    }
    return answer;
  };
}

/** What a written word is to the index, worked out once per spelling: ingest meets the same few thousand again and again. */
type WordFacts = { word: string; stem: string; content: boolean };

const factsOf = remembered((written: string): WordFacts => {
  const word = normalWordOf(written);
  return { word, stem: stem(word), content: isContentWord(word) };
});

/** The lower-case form of one written word: aliases resolved, "600,000" and "600K" alike. */

function normalWordOf(written: string): string {
  const raw = written.replace(/’/g, "'");
  if (raw === 'US' || /^U\.S\.?$/.test(raw)) return 'u.s';
  let word = raw.toLowerCase().replace(/'s$/, '').replace(/\.$/, '');
  if (/^[\d,]+$/.test(word)) word = word.replace(/,/g, '');
  const thousands = /^(\d+(?:\.\d+)?)k$/.exec(word);
  if (thousands) word = String(Math.round(Number(thousands[1]) * 1000));
  return ALIASES[word] ?? word;
}

/**
 * The words of a sentence-split text. `start` marks the first word of a
 * sentence, where a capital says nothing about the word being a name.
 */
export function tokenize(text: string): Token[][] {
  return splitSentences(text).map(function tokenizeSentence(sentence) {
    const tokens: Token[] = [];
    for (const match of sentence.matchAll(WORD)) {
      const whole = match[0];
      // "cease-fire" meets "cease fire"; "16-year-old" and "covid-19" stay whole.
      const parts = !whole.includes('-') || /\d/.test(whole) ? [whole] : whole.split('-').filter(Boolean);
      for (const written of parts) {
        const capital = written[0] !== written[0].toLowerCase();
        const { word, stem: wordStem, content } = factsOf(written);
        const possessive = written.endsWith("'s") || written.endsWith('’s');
        if (word) tokens.push({ word, stem: wordStem, content, written: possessive ? written.slice(0, -2) : written, capital, start: tokens.length === 0 });
      }
    }
    return tokens;
  });
}

/**
 * A light English stemmer: folds plurals, -ing, -ed, -ly and a final e so that
 * "shootings", "shooting" and "shoot", or "released" and "release", meet.
 * Numbers and short words are left alone.
 */
export const stem = remembered(stemOf);

function stemOf(word: string): string {
  if (word.length <= 3 || /\d/.test(word) || word.includes('.')) return word;
  let w = word;
  if (w.endsWith('ies') && w.length > 4) w = w.slice(0, -3) + 'y';
  else if (w.endsWith('sses')) w = w.slice(0, -2);
  else if (w.endsWith('s') && !/(ss|us|is|ous)$/.test(w)) w = w.slice(0, -1);
  let stripped = false;
  for (const suffix of ['ingly', 'edly', 'ing', 'ed', 'ly']) {
    if (w.endsWith(suffix) && w.length - suffix.length >= 3 && /[aeiouy]/.test(w.slice(0, -suffix.length))) {
      w = w.slice(0, -suffix.length);
      stripped = true;
      break;
    }
  }
  if (stripped && /([bdfgklmnprt])\1$/.test(w) && !/(ll|ss)$/.test(w)) w = w.slice(0, -1);
  if (w.endsWith('e') && w.length > 4) w = w.slice(0, -1);
  return w;
}

/** True when a lower-case word is worth indexing: not a function word, not a lone letter or punctuation-only. */
export const isContentWord = remembered((word: string): boolean => word.length > 1 && !isStopword(word) && /[\p{L}\p{N}]/u.test(word));

/** Number of words in a text, counted the way readers count them. */
export function countWords(text: string): number {
  return text.match(WORD)?.length ?? 0;
}
