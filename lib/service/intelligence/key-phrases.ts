/**
 * Key phrases of an article, as tag suggestions: runs of up to three content
 * words between function words and punctuation, scored by how often they
 * occur, whether the title has them and whether they are names.
 */
import { htmlToText, isContentWord, stem, tokenize, type Token } from './text';

const MAX_PHRASE_WORDS = 3;

type Phrase = { key: string; stems: string[]; forms: Map<string, number>; count: number; inTitle: boolean; name: boolean };

/** Splits sentences into runs of content words, cut at function words, and into pieces of at most three words. */
function runs(sentences: Token[][]): Token[][] {
  const result: Token[][] = [];
  for (const sentence of sentences) {
    let run: Token[] = [];
    const flush = () => {
      for (let i = 0; i < run.length; i += MAX_PHRASE_WORDS) result.push(run.slice(i, i + MAX_PHRASE_WORDS));
      run = [];
    };
    for (const token of sentence) {
      if (isContentWord(token.word) && token.word.length > 2 && !/^[\d.,%$-]+$/.test(token.word)) run.push(token);
      else flush();
    }
    flush();
  }
  return result;
}

/** How a phrase is shown: names as written, other words in lower case. */
function surface(tokens: Token[], name: boolean): string {
  return tokens.map((t) => (name ? t.written : t.word)).join(' ');
}

/** Up to `max` key phrases of an article, strongest first, lower case except names. */
export function keyPhrases(title: string, html: string, max = 5): string[] {
  const body = tokenize(htmlToText(html));
  const head = tokenize(htmlToText(title));
  const names = new Set<string>();
  for (const sentence of body) for (const t of sentence) if (t.capital && !t.start) names.add(t.word);
  const titleStems = new Set(head.flat().map((t) => stem(t.word)));
  const phrases = new Map<string, Phrase>();
  for (const [source, sentences] of [['title', head], ['body', body]] as const) {
    for (const run of runs(sentences)) {
      // Body runs of capitals are names when one word is known as a name; title-case headlines need every word known.
      const nameLike = (piece: Token[]) => piece.every((t) => t.capital) && (source === 'title' ? piece.every((t) => names.has(t.word)) : piece.some((t) => names.has(t.word)));
      const isName = nameLike(run);
      // Names are kept whole; other runs also count their single words, which recur more than long runs.
      const pieces = isName || run.length === 1 ? [run] : [run, ...run.map((t) => [t])];
      for (const piece of pieces) {
        const stems = piece.map((t) => stem(t.word));
        const key = stems.join(' ');
        const pieceIsName = nameLike(piece);
        const form = surface(piece, pieceIsName);
        const phrase = phrases.get(key) ?? { key, stems, forms: new Map(), count: 0, inTitle: false, name: pieceIsName };
        phrase.count += 1;
        phrase.inTitle ||= stems.every((s) => titleStems.has(s));
        phrase.forms.set(form, (phrase.forms.get(form) ?? 0) + 1);
        phrases.set(key, phrase);
      }
    }
  }
  const scored = [...phrases.values()]
    // A single title word may do; a longer phrase must recur, or be a name, to be more than a headline fragment.
    .filter((p) => p.count >= 2 || (p.inTitle && (p.stems.length === 1 || p.name)))
    .map((p) => ({ p, score: p.count * p.stems.length * (p.inTitle ? 1.5 : 1) * (p.name ? 1.5 : 1) }))
    .sort((a, b) => b.score - a.score || a.p.key.localeCompare(b.p.key));
  const chosen: Phrase[] = [];
  for (const { p } of scored) {
    if (chosen.length >= max) break;
    if (chosen.some((c) => p.stems.every((s) => c.stems.includes(s)) || c.stems.every((s) => p.stems.includes(s)))) continue;
    chosen.push(p);
  }
  return chosen.map((p) => [...p.forms].sort((a, b) => b[1] - a[1])[0][0]);
}
