import { describe, expect, it } from 'vitest';
import { parseFeed } from '@/lib/service/ingest/parse-feed';

/**
 * Recovery a replacement XML parser must keep: htmlparser2's tokenizer in XML mode (tried for
 * issue 29) lost the whole feed on the first and merged the items of the second, because it reads
 * markup inside elements that carry HTML where ours skips to their end tag.
 */
const rss = (items: string) => `<?xml version="1.0"?><rss version="2.0"><channel><title>T</title><link>https://e.example/</link>${items}</channel></rss>`;
const read = (document: string) => parseFeed(document, { url: 'https://e.example/feed' }).items.map((item) => [item.guid, item.title]);

describe('parseXml recovery inside elements that carry HTML', () => {
  it('keeps a feed whose unescaped description has an attribute with no closing quote', () => {
    expect(read(rss('<item><guid>1</guid><title>One</title><description><a href="x>y</a> text</description></item><item><guid>2</guid><title>Two</title></item>')))
      .toEqual([['1', 'One'], ['2', 'Two']]);
  });

  it('reads a title with a bare "<3" as text and keeps the items apart', () => {
    expect(read(rss('<item><guid>1</guid><title>I <3 feeds</title><link>https://e.example/1</link></item><item><guid>2</guid><title>Two</title></item>')))
      .toEqual([['1', 'I <3 feeds'], ['2', 'Two']]);
  });
});

/** Recoveries of ours on top of htmlparser2's tokenizer, which reads `<3b` as a tag and drops a tag cut off by the end. */
describe('parseXml recovery around the tokenizer', () => {
  it('reads a "<3" in an element that carries no HTML as text, without swallowing the next item', () => {
    expect(read(rss('<item><guid>a<3b</guid><title>One</title></item><item><guid>2</guid><title>Two</title></item>')))
      .toEqual([['a<3b', 'One'], ['2', 'Two']]);
  });

  it('keeps the last item of a download cut inside that item\'s end tag', () => {
    const cut = rss('<item><guid>1</guid><title>One</title></item><item><guid>2</guid><title>Two</title></item>');
    expect(read(cut.slice(0, cut.lastIndexOf('</item>') + '</item'.length))).toEqual([['1', 'One'], ['2', 'Two']]);
  });
});
