import { describe, expect, it } from 'vitest';
import { htmlToText } from '@/lib/service/intelligence/text';

describe('htmlToText', () => {
  it('joins the words around inline tags as a browser shows them, with no space before the punctuation after a link', () => {
    expect(htmlToText('<p>More like this in <a href="/archive">the Courier archive</a>. And <em>more</em>, <strong>bold</strong>ly.</p>'))
      .toBe('More like this in the Courier archive. And more, boldly.');
  });

  it('keeps blocks apart, description lists and asides too', () => {
    expect(htmlToText('<dl><dt>Term</dt><dd>Meaning</dd></dl><aside>Aside</aside><p>Line one<br>line two</p>'))
      .toBe('Term\n\nMeaning\n\nAside\n\nLine one\n\nline two');
  });
});
