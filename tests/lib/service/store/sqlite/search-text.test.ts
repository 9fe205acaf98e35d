import { describe, expect, it } from 'vitest';
import { ftsQuery } from '@/lib/service/store/sqlite/search-text';

describe('ftsQuery', () => {
  it('quotes every word, joins them with AND and makes the last a prefix', () => {
    expect(ftsQuery('aurora over fjord')).toBe('"aurora" AND "over" AND "fjord"*');
  });

  it('does not make a one-letter last word a prefix', () => {
    expect(ftsQuery('vitamin c')).toBe('"vitamin" AND "c"');
  });

  it('drops punctuation and FTS5 syntax, so input cannot break the query', () => {
    expect(ftsQuery('"NEAR(a b)" OR title:x*')).toBe('"NEAR" AND "a" AND "b" AND "OR" AND "title" AND "x"');
  });

  it('answers null when nothing searchable is left', () => {
    expect(ftsQuery('!!! ---')).toBeNull();
  });

  it('keeps letters of any script and digits', () => {
    expect(ftsQuery('Zürich 2026 東京')).toBe('"Zürich" AND "2026" AND "東京"*');
  });

  it('limits the query to 16 words', () => {
    const query = ftsQuery(Array.from({ length: 20 }, (_, i) => `w${i}`).join(' '))!;
    expect(query.split(' AND ')).toHaveLength(16);
  });

  it('restricts the match to the given columns', () => {
    expect(ftsQuery('aurora', ['title', 'summary'])).toBe('{title summary} : ("aurora"*)');
  });
});
