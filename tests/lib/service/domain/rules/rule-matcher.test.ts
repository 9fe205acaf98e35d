import { describe, expect, it } from 'vitest';
import { foldForMatching, patternProblem, patternTest, requiredLiterals, wordsTest } from '@/lib/service/domain/rules/rule-matcher';

describe('words', () => {
  it('match whole words and phrases in any case, any or all of them', () => {
    const any = wordsTest(['art', 'machine learning'], 'any');
    expect(any(foldForMatching('A PARTY'))).toBe(false);
    expect(any(foldForMatching('Modern Art.'))).toBe(true);
    expect(any(foldForMatching('machine\n  learning, again'))).toBe(true);
    const all = wordsTest(['café', 'über'], 'all');
    expect(all(foldForMatching('Über das CAFÉ'))).toBe(true);
    expect(all(foldForMatching('cafés über'))).toBe(false);
  });

  it('take a word\'s special characters literally', () => {
    expect(wordsTest(['c++'], 'any')(foldForMatching('Learning C++ today'))).toBe(true);
    expect(wordsTest(['a.b'], 'any')(foldForMatching('axb'))).toBe(false);
  });
});

describe('patterns', () => {
  it('match in any case, escapes keeping their sense', () => {
    expect(patternTest('^Rust\\W+1\\.\\d')(foldForMatching('RUST - 1.8 is out'))).toBe(true);
    expect(patternTest('\\D{3}')(foldForMatching('123'))).toBe(false);
  });

  it('refuse what is not a regular expression, and what the linear engine cannot run', () => {
    expect(patternProblem('[a-')).toMatch(/^is not a valid regular expression/);
    expect(patternProblem('(x)\\1')).toMatch(/^could be slow/);
    expect(patternProblem('a(?!b)')).toMatch(/^could be slow/);
    expect(patternProblem('(a+)+$')).toBeNull();
  });

  it('run in time linear in the text, even for a pattern that backtracks exponentially', () => {
    const test = patternTest('^(a|aa)+$');
    const started = performance.now();
    expect(test(`${'a'.repeat(20_000)}b`)).toBe(false);
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('know the literal runs every match must contain, and none where a match need not', () => {
    expect(requiredLiterals('tempor\\s+zebra')).toEqual(['tempor', 'zebra']);
    expect(requiredLiterals('^sponsored:')).toEqual(['sponsored:']);
    expect(requiredLiterals('colou?r')).toEqual(['colo']);
    expect(requiredLiterals('ab{2,3}cde')).toEqual(['cde']);
    expect(requiredLiterals('v1\\.2\\.x*')).toEqual(['v1.2.']);
    expect(requiredLiterals('(foo)?barbaz[xyz]qux')).toEqual(['barbaz', 'qux']);
    expect(requiredLiterals('cat|dog')).toEqual([]);
    expect(requiredLiterals('\\x41bcd')).toEqual([]);
    expect(requiredLiterals('a{x}bcd')).toEqual([]);
  });

  it('give the same answers with the literal check as without it', () => {
    const patterns = ['tempor\\s+zebra', 'colou?r', 'ab{2,3}cde', '(foo)?barbaz', 'x[.]yz+', '^re:\\s*hello', 'a\\.b\\.c'];
    const texts = ['tempor   zebra', 'tempor zebr', 'color', 'colour', 'colr', 'abbcde', 'abcde', 'barbaz', 'foobarbaz', 'x.yz', 'xyzz',
      're: hello', 'fw: re: hello', 'a.b.c', 'abc'];
    for (const pattern of patterns) {
      const plain = new RegExp(pattern, 'i');
      for (const text of texts) expect(patternTest(pattern)(foldForMatching(text)), `${pattern} on ${text}`).toBe(plain.test(text));
    }
  });
});
