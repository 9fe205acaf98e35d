import { describe, expect, it } from 'vitest';
import { extractiveSummary, readingTimeMinutes } from '@/lib/service/intelligence';
import { splitSentences } from '@/lib/service/intelligence/text';
import { bridgeCollapse } from '@/tests/fixtures/intelligence/articles';

const longArticle = `<h2>Ferry timetable</h2>
  <p>The Orrin ferry company will double its crossings to the islands from next month. The company said demand had grown
  every year since the new harbour opened.</p>
  <p>Mr. Hale, who runs the company, said two new boats would arrive in May. Islanders welcomed the news. The ferry company
  will also cut fares for islanders who travel every day.</p>
  <p>Critics said the harbour could not cope with more ferries. The council will review the harbour plan in June.</p>
  <p>Read more about this story...</p>`;

describe('extractive summary', () => {
  it('returns two or three whole sentences taken from the text, in their order', () => {
    const summary = extractiveSummary('Orrin ferry company doubles crossings', longArticle);
    const sentences = splitSentences(summary);
    expect(sentences.length).toBeGreaterThanOrEqual(2);
    expect(sentences.length).toBeLessThanOrEqual(3);
    const text = longArticle.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
    let last = -1;
    for (const sentence of sentences) {
      const at = text.indexOf(sentence);
      expect(at).toBeGreaterThan(last);
      last = at;
    }
    expect(summary).toContain('The Orrin ferry company will double its crossings');
    expect(summary).not.toContain('Read more');
  });

  it('keeps abbreviations such as "Mr." inside their sentence', () => {
    expect(splitSentences('Mr. Hale said two new boats would arrive. Islanders welcomed it.')).toEqual([
      'Mr. Hale said two new boats would arrive.', 'Islanders welcomed it.',
    ]);
  });

  it('honours a smaller sentence count and answers empty text with an empty summary', () => {
    expect(splitSentences(extractiveSummary(bridgeCollapse[0].title, bridgeCollapse[0].content, 2))).toHaveLength(2);
    expect(extractiveSummary('Nothing', '')).toBe('');
    expect(extractiveSummary('Nothing', '<p> </p>')).toBe('');
  });

  it('returns a short text whole', () => {
    expect(extractiveSummary('Ferries', '<p>The ferry leaves at noon.</p>')).toBe('The ferry leaves at noon.');
  });
});

describe('reading time', () => {
  it('counts words at 230 a minute, rounded up, ignoring markup', () => {
    const words = (n: number) => `<p>${Array.from({ length: n }, (_, i) => `word${i}`).join(' ')}</p>`;
    expect(readingTimeMinutes(words(100))).toBe(1);
    expect(readingTimeMinutes(words(230))).toBe(1);
    expect(readingTimeMinutes(words(231))).toBe(2);
    expect(readingTimeMinutes(words(1150))).toBe(5);
    expect(readingTimeMinutes('<p class="very long attribute list that is not text">hi</p>')).toBe(1);
  });

  it('answers 0 for no text and adds a little for images', () => {
    expect(readingTimeMinutes('')).toBe(0);
    expect(readingTimeMinutes('<p></p>')).toBe(0);
    const text = `<p>${'word '.repeat(220)}</p>`;
    expect(readingTimeMinutes(text)).toBe(1);
    expect(readingTimeMinutes(text + '<img src="a.png"><img src="b.png">')).toBe(2);
  });
});
