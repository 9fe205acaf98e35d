import { describe, expect, it } from 'vitest';
import { textToHtml } from '@/lib/service/mail/mail-text';

const link = (url: string) => `<a href="${url}" target="_blank" rel="noopener noreferrer">${url}</a>`;

describe('textToHtml', () => {
  it('keeps paragraphs and line breaks and escapes markup typed as text', () => {
    expect(textToHtml('One\r\nline <b>two</b>\r\n\r\nThree')).toBe('<p>One<br />line &lt;b&gt;two&lt;/b&gt;</p>\n<p>Three</p>');
  });

  it('turns http(s) URLs into links that open in a new tab without an opener', () => {
    expect(textToHtml('Read https://example.org/a?b=1&c=2 or http://plain.example/')).toBe(
      `<p>Read ${link('https://example.org/a?b=1&amp;c=2')} or ${link('http://plain.example/')}</p>`,
    );
  });

  it('leaves the sentence\'s punctuation and the brackets around a URL out of the link', () => {
    expect(textToHtml('See https://a.example/x. Then (https://b.example/y), <https://c.example/z> and https://en.wikipedia.org/wiki/Tide_(disambiguation)!'))
      .toBe(`<p>See ${link('https://a.example/x')}. Then (${link('https://b.example/y')}), &lt;${link('https://c.example/z')}&gt; and ${link('https://en.wikipedia.org/wiki/Tide_(disambiguation)')}!</p>`);
  });

  it('links nothing but http(s) addresses', () => {
    expect(textToHtml('javascript:alert(1) ftp://files.example/a http:// mailto:a@example.org')).toBe('<p>javascript:alert(1) ftp://files.example/a http:// mailto:a@example.org</p>');
  });
});
