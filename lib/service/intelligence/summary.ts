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

/**
 * A sentence cut off by the feed ("…"), too short to say anything, or not a sentence at all (a
 * heading, a caption, a list's "as follows:") is no use in a summary: joined to the next one, a
 * heading read as a garbled sentence ("What we would do again Things that mattered…").
 */
function usable(sentence: string): boolean {
  return countWords(sentence) >= 5 && /[.!?]["'”’)\]]*$/.test(sentence) && !/(\.\.\.|…)["'”’]?$/.test(sentence);
}

function overlap(a: Set<string>, b: Set<string>): number {
  let shared = 0;
  for (const s of a) if (b.has(s)) shared++;
  return shared / Math.max(1, Math.min(a.size, b.size));
}

/** A sentence of the article with the paragraph (block of text) it stands in. */
type Placed = { sentence: string; part: number };

/**
 * The article's usable sentences after its lead paragraph: the first paragraph that says anything
 * (a heading above it does not) is what a reader sees first, so a summary repeating it adds nothing.
 */
function sentencesAfterLead(html: string): Placed[] {
  const parts = htmlToText(html).split(/\n{2,}/).map((block, part) => splitSentences(block)
    .map((s) => ({ sentence: s.replace(/\s+/g, ' '), part }))
    .filter((placed) => usable(placed.sentence)));
  const lead = parts.findIndex((sentences) => sentences.length > 0);
  return lead < 0 ? [] : parts.slice(lead + 1).flat();
}

/**
 * Two or three sentences from across the article that best cover it, or '' when there is no
 * such thing: the lead paragraph is left out (the reader sees it anyway) and the summary must
 * draw on at least two other paragraphs, so a short article gets none rather than itself again.
 * Sentences are scored by how many of the article's frequent words and title words they hold,
 * earlier ones a little higher; near-duplicates are skipped and the chosen keep their order.
 */
export function extractiveSummary(title: string, html: string, sentences = 3): string {
  const pool = sentencesAfterLead(html);
  if (new Set(pool.map((p) => p.part)).size < 2) return '';
  const want = Math.max(2, Math.min(sentences, pool.length));
  const stems = pool.map((p) => stemsOf(p.sentence));
  const frequency = new Map<string, number>();
  for (const list of stems) for (const s of new Set(list)) frequency.set(s, (frequency.get(s) ?? 0) + 1);
  const titleStems = new Set(stemsOf(htmlToText(title)));
  const scored = pool.map(({ sentence, part }, i) => {
    const unique = new Set(stems[i]);
    let score = 0;
    for (const s of unique) score += (frequency.get(s)! - 1) + (titleStems.has(s) ? 2 : 0);
    score /= Math.sqrt(Math.max(4, unique.size));
    score += 1 / (1 + i);
    return { sentence, part, i, unique, score };
  });
  const ranked = [...scored].sort((a, b) => b.score - a.score);
  const chosen: typeof scored = [];
  for (const candidate of ranked) {
    if (chosen.length >= want) break;
    if (chosen.some((c) => overlap(c.unique, candidate.unique) > 0.7)) continue;
    chosen.push(candidate);
  }
  // From across the article: when all the best sentences share a paragraph, the weakest gives way to another's best.
  if (new Set(chosen.map((c) => c.part)).size < 2) {
    const other = ranked.find((c) => c.part !== chosen[0].part && !chosen.some((d) => overlap(d.unique, c.unique) > 0.7));
    if (!other) return '';
    chosen.splice(chosen.length - 1, 1, other);
  }
  chosen.sort((a, b) => a.i - b.i);
  while (chosen.length > 2 && chosen.reduce((n, c) => n + c.sentence.length + 1, 0) > MAX_SUMMARY_CHARS) {
    const weakest = chosen.reduce((w, c) => (c.score < w.score ? c : w));
    const rest = chosen.filter((c) => c !== weakest);
    if (new Set(rest.map((c) => c.part)).size < 2) break;
    chosen.splice(chosen.indexOf(weakest), 1);
  }
  return chosen.map((c) => c.sentence).join(' ');
}
