import { describe, expect, it } from 'vitest';
import { markMatches, markPhrase, searchTerms, type TextRun } from '@/lib/client/search-highlight';

const marked = (runs: TextRun[]) => runs.filter((run) => run.matched).map((run) => run.text);
const joined = (runs: TextRun[]) => runs.map((run) => run.text).join('');

describe('marking the words a search matched in an item', () => {
  it('marks whole words whatever their case and accents, leaving the text as it was', () => {
    const text = 'Café owners near the CAFE said: cafés close early.';
    const runs = markMatches(text, searchTerms('cafe'));
    expect(marked(runs)).toEqual(['Café', 'CAFE', 'cafés']);
    expect(joined(runs)).toBe(text);
  });

  it('folds common English endings, as the service’s stemming index does', () => {
    const runs = markMatches('They repaired it; repairs continue while repairing the repair shop.', searchTerms('repairs underpass'));
    expect(marked(runs)).toEqual(['repaired', 'repairs', 'repairing', 'repair']);
  });

  it('takes the last word typed as a prefix, and no other', () => {
    expect(marked(markMatches('Passkeys and pass keys, passing by', searchTerms('pass')))).toEqual(['Passkeys', 'pass', 'passing']);
    expect(marked(markMatches('Passkeys and pass keys', searchTerms('pass keys')))).toEqual(['pass', 'keys']);
  });

  it('never marks inside a word', () => {
    expect(marked(markMatches('Transport and outroute', searchTerms('route port')))).toEqual([]);
  });

  it('marks nothing for a search of punctuation only', () => {
    expect(markMatches('Some title', searchTerms('?!'))).toEqual([{ text: 'Some title', matched: false }]);
  });
});

describe('marking the search in a name', () => {
  it('marks each place the name contains the search as typed, ignoring case', () => {
    const runs = markPhrase('Open Orbit — OPEN letters', 'open');
    expect(marked(runs)).toEqual(['Open', 'OPEN']);
    expect(joined(runs)).toBe('Open Orbit — OPEN letters');
  });

  it('marks inside words, as a name search matches any part of a name', () => {
    expect(marked(markPhrase('Byte Garden', 'gard'))).toEqual(['Gard']);
  });

  it('keeps characters that fold to more than one letter whole', () => {
    const runs = markPhrase('The ﬁle room', 'file');
    expect(marked(runs)).toEqual(['ﬁle']);
    expect(joined(runs)).toBe('The ﬁle room');
  });

  it('marks nothing when the name does not contain it', () => {
    expect(markPhrase('Small Hours', 'large')).toEqual([{ text: 'Small Hours', matched: false }]);
  });
});
