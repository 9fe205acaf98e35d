import { setFlagsFromString } from 'node:v8';

/**
 * Rules run their patterns over text from feeds, which anyone can write. A backtracking regular
 * expression like `(a+)+$` takes exponential time on the right text, so patterns run on V8's
 * linear-time engine instead (the `l` flag, from --enable-experimental-regexp-engine, which this
 * module turns on): its time grows with the text's length only, whatever the pattern. A pattern
 * that engine cannot run (backreferences, lookarounds) is refused as slow.
 */
setFlagsFromString('--enable-experimental-regexp-engine');

const linearEngine = (() => {
  try {
    new RegExp('a', 'l');
    return true;
  } catch {
    return false;
  }
})();

/** Why a pattern is refused, as the end of a sentence about the field; null when it can be used. */
export function patternProblem(pattern: string): string | null {
  try {
    new RegExp(pattern);
  } catch (error) {
    return `is not a valid regular expression (${(error as Error).message.replace(/^Invalid regular expression: /, '')})`;
  }
  if (!linearEngine) return 'cannot be used: this server cannot run patterns in linear time';
  try {
    new RegExp(foldPattern(pattern), 'l');
  } catch {
    return 'could be slow on some text (backreferences and lookarounds cannot run in linear time); write it without them';
  }
  return null;
}

/**
 * Case folding without the `i` flag, which the linear engine lacks: the text is lower-cased, and
 * so is the pattern except the character after each backslash (`\W`, `\B`, `\D` keep their sense).
 */
function foldPattern(pattern: string): string {
  let out = '';
  for (let at = 0; at < pattern.length; at++) {
    if (pattern[at] === '\\' && at + 1 < pattern.length) {
      out += pattern[at] + pattern[at + 1];
      at++;
    } else {
      out += pattern[at].toLowerCase();
    }
  }
  return out;
}

/** Tests folded text: true when the rule's words or pattern are found in it. */
export type TextTest = (foldedText: string) => boolean;

/** Text as matchers read it: lower-cased, so matching ignores case. */
export function foldForMatching(text: string): string {
  // NFKC leaves ASCII as it is, and is most of the cost on a long article.
  return (NON_ASCII.test(text) ? text.normalize('NFKC') : text).toLowerCase();
}

const NON_ASCII = /[^\x00-\x7f]/;

/**
 * A pattern's test; call patternProblem first. The linear engine reads some 3 MB a second, 20
 * times slower than the backtracking one on plain patterns, so text without the literal runs
 * every match must contain (`tempor` of `tempor\s+zebra`) is passed over with a plain search.
 */
export function patternTest(pattern: string): TextTest {
  const folded = foldPattern(pattern);
  const expression = new RegExp(folded, 'l');
  const literals = requiredLiterals(folded);
  return (text) => literals.every((literal) => text.includes(literal)) && expression.test(text);
}

/** Shorter runs cost the search more than they save. */
const SHORTEST_LITERAL = 3;

/**
 * Runs of plain characters in the pattern's top-level sequence, each of which any match
 * contains. Conservative: none for a top-level alternation or an escape it does not read.
 */
export function requiredLiterals(pattern: string): string[] {
  const runs: string[] = [];
  let run = '';
  let depth = 0;
  let inClass = false;
  const flush = () => {
    if (run.length >= SHORTEST_LITERAL) runs.push(run);
    run = '';
  };
  for (let at = 0; at < pattern.length; at++) {
    const char = pattern[at];
    if (inClass) {
      if (char === '\\') at++;
      else if (char === ']') inClass = false;
      continue;
    }
    if (char === '\\') {
      const next = pattern[++at] ?? '';
      if (/[0-9ucxkpPq]/.test(next)) return [];
      if (/[A-Za-z]/.test(next) || depth > 0) flush();
      else run += next;
      continue;
    }
    if (char === '[') { flush(); inClass = true; continue; }
    if (char === '(') { flush(); depth++; continue; }
    if (char === ')') { depth--; flush(); continue; }
    if (depth > 0) continue;
    if (char === '|') return [];
    if (char === '{') {
      const quantifier = pattern.slice(at).match(/^\{\d+(,\d*)?\}/);
      if (!quantifier) return [];
      at += quantifier[0].length - 1;
    }
    if ('*+?{'.includes(char)) {
      // The quantifier applies to the character before it, which a match may repeat or leave out.
      run = run.slice(0, -1);
      flush();
      continue;
    }
    if ('.^$'.includes(char)) { flush(); continue; }
    run += char;
  }
  flush();
  return runs;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Whole words or phrases, case-insensitive: a word matches where no letter or digit touches it
 * on either side ("art" is not found in "party"). Each is a literal, so the time stays linear.
 */
export function wordsTest(words: string[], mode: 'any' | 'all'): TextTest {
  const expressions = words.map((word) => new RegExp(
    `(?<![\\p{L}\\p{N}])${escapeRegExp(foldForMatching(word.trim())).replace(/\s+/g, '\\s+')}(?![\\p{L}\\p{N}])`, 'u'));
  return mode === 'any'
    ? (text) => expressions.some((expression) => expression.test(text))
    : (text) => expressions.every((expression) => expression.test(text));
}
