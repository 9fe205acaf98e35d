/**
 * Per-item reading aids computed from the text alone: reading time and an
 * extractive summary (sentences of the article itself, never generated text).
 */
import { countWords, htmlToText, isContentWord, splitSentences, stem, tokenize } from './text';

/** Silent reading speed of adults for non-fiction, words per minute. */
const WORDS_PER_MINUTE = 230;
/** An image holds the eye for a moment too. */
const SECONDS_PER_IMAGE = 10;
/** Past this length three sentences stop being a summary. */
const MAX_SUMMARY_CHARS = 600;

/** Minutes to read an article: words at 230 a minute plus a little per image, rounded up; 0 for no text. */
export function readingTimeMinutes(html: string): number {
  const words = countWords(htmlToText(html));
  const images = html.match(/<img\b/gi)?.length ?? 0;
  if (words === 0 && images === 0) return 0;
  return Math.max(1, Math.ceil(words / WORDS_PER_MINUTE + (images * SECONDS_PER_IMAGE) / 60));
}

function stemsOf(sentence: string): string[] {
  return tokenize(sentence).flat().filter((t) => isContentWord(t.word)).map((t) => stem(t.word));
}

/** A sentence cut off by the feed ("…") or too short to say anything is no use in a summary. */
function usable(sentence: string): boolean {
  return countWords(sentence) >= 5 && !/(\.\.\.|…)["'”’]?$/.test(sentence);
}

function overlap(a: Set<string>, b: Set<string>): number {
  let shared = 0;
  for (const s of a) if (b.has(s)) shared++;
  return shared / Math.max(1, Math.min(a.size, b.size));
}

/**
 * Two or three sentences of the article that best cover it: sentences are
 * scored by how many of the article's frequent words and title words they
 * hold, with a lead bonus (news puts the gist first), near-duplicates are
 * skipped, and the chosen ones keep their order.
 */
export function extractiveSummary(title: string, html: string, sentences = 3): string {
  const all = splitSentences(htmlToText(html)).map((s) => s.replace(/\s+/g, ' '));
  let pool = all.filter(usable);
  if (pool.length === 0) pool = all.filter((s) => countWords(s) > 0);
  if (pool.length === 0) return '';
  const want = Math.max(1, Math.min(sentences, pool.length));
  const stems = pool.map(stemsOf);
  const frequency = new Map<string, number>();
  for (const list of stems) for (const s of new Set(list)) frequency.set(s, (frequency.get(s) ?? 0) + 1);
  const titleStems = new Set(stemsOf(htmlToText(title)));
  const scored = pool.map((sentence, i) => {
    const unique = new Set(stems[i]);
    let score = 0;
    for (const s of unique) score += (frequency.get(s)! - 1) + (titleStems.has(s) ? 2 : 0);
    score /= Math.sqrt(Math.max(4, unique.size));
    score += 2 / (1 + i);
    return { sentence, i, unique, score };
  });
  const chosen: typeof scored = [];
  for (const candidate of [...scored].sort((a, b) => b.score - a.score)) {
    if (chosen.length >= want) break;
    if (chosen.some((c) => overlap(c.unique, candidate.unique) > 0.7)) continue;
    chosen.push(candidate);
  }
  chosen.sort((a, b) => a.i - b.i);
  while (chosen.length > 2 && chosen.reduce((n, c) => n + c.sentence.length + 1, 0) > MAX_SUMMARY_CHARS) {
    const weakest = chosen.reduce((w, c) => (c.score < w.score ? c : w));
    chosen.splice(chosen.indexOf(weakest), 1);
  }
  return chosen.map((c) => c.sentence).join(' ');
}
