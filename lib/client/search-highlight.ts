/**
 * Which words of a result's text a search matched, so the result can mark them. The service
 * matches whole words, ignoring case and accents, with English word endings folded (its index
 * stems "repairs" and "repaired" to "repair") and the last word typed as a prefix; this follows
 * the same rules closely enough to mark what a reader would call a match, never inside a word.
 */

/** A run of a result's text, marked when it is a word the search matched. */
export type TextRun = { text: string; matched: boolean };

/** One word of a search: the start a matching word has, and whether any ending may follow it. */
export type SearchTerm = { stem: string; prefix: boolean };

const wordPattern = /[\p{L}\p{N}]+/gu;
const commonEndings = /(?:ing|ed|es|s|ly)$/;
const endingAfterStem = /^(?:|s|es|d|ed|ing|ly)$/;

function fold(word: string): string {
  return word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The start every matching word must have: the word typed without a common English ending. */
function stemOf(word: string): string {
  const stem = word.replace(commonEndings, '');
  return stem.length >= 3 ? stem : word;
}

/** A search's words as terms (the last typed is a prefix, as the service takes it); none for punctuation only. */
export function searchTerms(q: string): SearchTerm[] {
  const words = (q.normalize('NFKC').match(wordPattern) ?? []).slice(0, 16);
  return words.map((word, index) => ({ stem: stemOf(fold(word)), prefix: index === words.length - 1 && word.length > 1 }));
}

function matches(word: string, term: SearchTerm): boolean {
  return word.startsWith(term.stem) && (term.prefix || endingAfterStem.test(word.slice(term.stem.length)));
}

/** A stretch of text to mark, by UTF-16 offsets (end excluded). */
type Span = { start: number; end: number };

/** Splits text into runs, marking the spans (in order); one that is empty or overlaps an earlier span stays plain. */
function runsFrom(text: string, spans: readonly Span[]): TextRun[] {
  const runs: TextRun[] = [];
  let plainFrom = 0;
  for (const { start, end } of spans) {
    if (start < plainFrom || end <= start) continue;
    if (start > plainFrom) runs.push({ text: text.slice(plainFrom, start), matched: false });
    runs.push({ text: text.slice(start, end), matched: true });
    plainFrom = end;
  }
  if (plainFrom < text.length) runs.push({ text: text.slice(plainFrom), matched: false });
  return runs;
}

/** Splits text into runs, marking each word that one of the search's terms matches. */
export function markMatches(text: string, terms: readonly SearchTerm[]): TextRun[] {
  if (terms.length === 0 || text === '') return [{ text, matched: false }];
  const spans = [...text.matchAll(wordPattern)]
    .filter((found) => terms.some((term) => matches(fold(found[0]), term)))
    .map((found) => ({ start: found.index, end: found.index + found[0].length }));
  return runsFrom(text, spans);
}

/**
 * Splits a name into runs, marking each place it contains the search as typed, ignoring case:
 * how the service matches feeds, folders, tags and saved searches by name.
 */
export function markPhrase(text: string, q: string): TextRun[] {
  const needle = q.normalize('NFKC').toLowerCase().trim();
  if (needle === '' || text === '') return [{ text, matched: false }];
  // The folded text, and for each of its code units the offset of the character it came from.
  let folded = '';
  const origin: number[] = [];
  for (let offset = 0; offset < text.length;) {
    const character = String.fromCodePoint(text.codePointAt(offset)!);
    const foldedCharacter = character.normalize('NFKC').toLowerCase();
    folded += foldedCharacter;
    for (let unit = 0; unit < foldedCharacter.length; unit++) origin.push(offset);
    offset += character.length;
  }
  origin.push(text.length);
  const spans: Span[] = [];
  for (let at = folded.indexOf(needle); at !== -1; at = folded.indexOf(needle, at + needle.length)) {
    spans.push({ start: origin[at], end: origin[at + needle.length] });
  }
  return runsFrom(text, spans);
}
