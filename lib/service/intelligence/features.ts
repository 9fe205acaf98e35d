/**
 * Turns an item into weighted terms: stemmed words of the title, lead and body,
 * pairs of consecutive words, names (runs of capitalised words), numbers and
 * outbound links. Weights here
 * are before IDF; the index multiplies by IDF when it compares items.
 */
import { extractLinks, htmlToText, tokenize, type Token } from './text';

/** Raw (pre-IDF) weight of each term of a document, keyed by term id. */
export type TermWeights = Map<number, number>;

/** How much one occurrence counts, by where it appears. */
const TITLE_WEIGHT = 3;
const LEAD_WEIGHT = 1.5;
const BODY_WEIGHT = 1;
/** Names and multi-word names say more about the event than common words. */
const NAME_BOOST = 1.5;
const PHRASE_BOOST = 1.5;
/** Only the opening of a long body: news puts the event first, and ingest cost stays flat. */
/**
 * Pairs of consecutive content words ("select committee", "jobless claims")
 * tell one development from another on the same topic better than single words.
 */
const PAIR_WEIGHT = 0.5;
const MAX_BODY_TOKENS = 400;
/** Word pairs only from the title and the opening, where the event is named; pairs rarely recur, so this bounds the vocabulary too. */
const MAX_PAIR_TOKENS = 40;

/** A stable 53-bit id for a term, so ids need no lookup table and survive a rolled-back transaction. */
export function termId(term: string): number {
  let h1 = 0x811c9dc5;
  let h2 = 0x01000193 ^ term.length;
  for (let i = 0; i < term.length; i++) {
    const c = term.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 0x01000193);
    h2 = Math.imul(h2 ^ c, 0x5bd1e995);
    h2 ^= h2 >>> 15;
  }
  return (h1 >>> 11) * 0x100000000 + (h2 >>> 0);
}

type Counter = Map<string, number>;

function add(counter: Counter, term: string, amount: number): void {
  counter.set(term, (counter.get(term) ?? 0) + amount);
}

/** Stems of words written with a capital where a capital is not required: the names of the text. */
function nameStems(sentences: Token[][]): Set<string> {
  const names = new Set<string>();
  for (const sentence of sentences) {
    for (const token of sentence) if (token.capital && !token.start && token.content) names.add(token.stem);
  }
  return names;
}

/** Counts words and multi-word names of sentences into `counter`, at most `budget` words. */
function countSentences(sentences: Token[][], weight: number, names: Set<string>, counter: Counter, budget: number, pairBudget: number): number {
  let used = 0;
  for (const sentence of sentences) {
    let run: string[] = [];
    let prev = '';
    const flush = () => {
      if (run.length >= 2) add(counter, 'n:' + run.join(' '), weight * PHRASE_BOOST);
      run = [];
    };
    for (const token of sentence) {
      if (used >= budget) break;
      used++;
      if (!token.content) {
        flush();
        continue;
      }
      const s = token.stem;
      add(counter, s, weight * (names.has(s) ? NAME_BOOST : 1));
      if (prev && used <= pairBudget) add(counter, 'b:' + prev + ' ' + s, weight * PAIR_WEIGHT);
      prev = s;
      if (token.capital && (names.has(s) || !token.start)) run.push(s);
      else flush();
    }
    flush();
    if (used >= budget) break;
  }
  return used;
}

/** Title-case headlines capitalise every word, so only words known as names from the body count as names there. */
function countTitle(title: Token[][], names: Set<string>, counter: Counter): void {
  for (const sentence of title) {
    let prev = '';
    let run: string[] = [];
    const flush = () => {
      if (run.length >= 2) add(counter, 'n:' + run.join(' '), TITLE_WEIGHT * PHRASE_BOOST);
      run = [];
    };
    for (const token of sentence) {
      if (!token.content) {
        flush();
        continue;
      }
      const s = token.stem;
      const isName = names.has(s);
      add(counter, s, TITLE_WEIGHT * (isName ? NAME_BOOST : 1));
      if (prev) add(counter, 'b:' + prev + ' ' + s, TITLE_WEIGHT * PAIR_WEIGHT);
      prev = s;
      if (isName && token.capital) run.push(s);
      else flush();
    }
    flush();
  }
}

/** The plain text of an item's lead and body, with the lead dropped from the body when the body repeats it. */
export function leadAndBody(summary: string, content: string): { lead: string; body: string } {
  const lead = htmlToText(summary);
  let body = htmlToText(content);
  const probe = lead.slice(0, 80);
  if (probe && body.startsWith(probe)) body = body.slice(lead.length).trim();
  return { lead, body };
}

/**
 * The weighted terms of an item. Sublinear in repetitions (1 + ln tf) so one
 * word said ten times does not drown the rest.
 */
export function documentTerms(doc: { title: string; summary: string; content: string }): TermWeights {
  const { lead, body } = leadAndBody(doc.summary, doc.content);
  const leadTokens = tokenize(lead);
  const bodyTokens = tokenize(body);
  const names = nameStems([...leadTokens, ...bodyTokens]);
  const counter: Counter = new Map();
  countTitle(tokenize(htmlToText(doc.title)), names, counter);
  const used = countSentences(leadTokens, LEAD_WEIGHT, names, counter, MAX_BODY_TOKENS, MAX_PAIR_TOKENS);
  countSentences(bodyTokens, BODY_WEIGHT, names, counter, MAX_BODY_TOKENS - used, MAX_PAIR_TOKENS - used);
  for (const link of extractLinks(doc.content)) add(counter, 'l:' + link, 2);
  const weights: TermWeights = new Map();
  for (const [term, tf] of counter) {
    const id = termId(term);
    weights.set(id, (weights.get(id) ?? 0) + (tf >= 1 ? 1 + Math.log(tf) : tf));
  }
  return weights;
}
