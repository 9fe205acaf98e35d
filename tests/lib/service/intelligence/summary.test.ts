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
    expect(summary).not.toContain('Read more');
  });

  it('never starts with, nor repeats, the lead paragraph', () => {
    const summary = extractiveSummary('Orrin ferry company doubles crossings', longArticle);
    expect(summary).not.toBe('');
    expect(summary).not.toContain('The Orrin ferry company will double its crossings');
    expect(summary).not.toContain('demand had grown');
    const bridge = extractiveSummary(bridgeCollapse[0].title, bridgeCollapse[0].content);
    expect(bridge).not.toContain('Part of the Marlow harbour bridge collapsed');
    expect(bridge.startsWith('Rescue divers') || bridge.startsWith('Mayor')).toBe(true);
  });

  it('takes its sentences from at least two paragraphs after the lead', () => {
    const summary = extractiveSummary('Orrin ferry company doubles crossings', longArticle);
    const paragraphs = [...longArticle.matchAll(/<p>([\s\S]*?)<\/p>/g)].map((match) => match[1].replace(/\s+/g, ' '));
    const from = new Set(splitSentences(summary).map((sentence) => paragraphs.findIndex((p) => p.includes(sentence))));
    expect(from.has(-1)).toBe(false);
    expect(from.has(0)).toBe(false);
    expect(from.size).toBeGreaterThanOrEqual(2);
  });

  it('gives a short article no summary: one paragraph, or a lead and a single other paragraph', () => {
    const oneParagraph = '<p>The ferry leaves at noon from the north quay. Tickets are sold on board this week. The harbour office opens at nine every morning.</p>';
    expect(extractiveSummary('Ferries', oneParagraph)).toBe('');
    const twoParagraphs = `${oneParagraph}<p>Islanders asked for a later crossing on Sundays. The company said it would think about a later boat.</p>`;
    expect(extractiveSummary('Ferries', twoParagraphs)).toBe('');
  });

  it('leaves out headings and other lines that end no sentence, and never takes a heading for the lead', () => {
    const withHeadings = `<h2>How the ferry company got here</h2>
      <p>The Orrin ferry company will double its crossings to the islands from next month. Demand has grown every year.</p>
      <h3>What the islanders asked for along the way</h3>
      <p>Islanders asked for a later crossing on Sundays, and the company agreed to add one in May.</p>
      <p>The council will review the harbour plan in June, with the company's new timetable in hand.</p>
      <p>Here is what changes for daily travellers:</p>
      <ul><li>Fares for islanders who travel every day will fall by a third from May.</li></ul>`;
    const summary = extractiveSummary('Orrin ferry company doubles crossings', withHeadings);
    expect(summary).not.toBe('');
    expect(summary).not.toContain('How the ferry company');
    expect(summary).not.toContain('What the islanders asked');
    expect(summary).not.toContain('daily travellers:');
    // The lead is the first paragraph, not the heading over it.
    expect(summary).not.toContain('double its crossings');
    for (const sentence of splitSentences(summary)) expect(sentence).toMatch(/[.!?]$/);
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
