import { describe, expect, it } from 'vitest';
import { FeedParseError, parseFeed } from '@/lib/service/ingest/parse-feed';
import { fixture } from './shared-feeds';

function parse(name: string, contentType?: string) {
  return parseFeed(fixture(name), { url: `https://fixture.example/${name}`, contentType });
}

describe('parseFeed on broken and hostile feeds (tests/fixtures/feeds)', () => {
  it('decodes an ISO-8859-1 feed that declares its encoding', () => {
    const feed = parse('latin1-declared.rss');
    expect(feed.title).toBe('Café crème');
    expect(feed.items[0].title).toBe('Déjà vu à München');
    expect(feed.items[0].summary).toBe('Grüße aus Köln');
  });

  it('decodes Latin-1 bytes that declare nothing (invalid as UTF-8) as windows-1252', () => {
    const feed = parse('latin1-undeclared.rss');
    expect(feed.title).toBe('Señor Piña');
    expect(feed.items[0].title).toBe('Niño © 2024');
  });

  it('decodes windows-1252 curly quotes, dashes and the euro sign', () => {
    const feed = parse('windows-1252.rss');
    expect(feed.title).toBe('“Smart” quotes — and €');
    expect(feed.items[0].title).toBe('It’s “quoted”');
  });

  it('believes valid UTF-8 bytes over a wrong HTTP charset', () => {
    const feed = parseFeed(Buffer.from('<rss><channel><title>Ünïcödé ✓</title></channel></rss>', 'utf8'), {
      url: 'https://fixture.example/', contentType: 'application/rss+xml; charset=ISO-8859-1',
    });
    expect(feed.title).toBe('Ünïcödé ✓');
  });

  it('decodes HTML entities XML does not define, and a bare ampersand, without failing', () => {
    const feed = parse('entities.rss');
    expect(feed.title).toBe('Café Society — News & Views');
    expect(feed.description).toBe('Tom & Jerry © 2024');
    expect(feed.items[0].title).toBe('Fish & Chips … “Great” — &unknownentity;');
    expect(feed.items[0].url).toBe('https://entities.example/fish?a=1&b=2');
    expect(feed.items[0].content).toBe('<p>Café &amp; more</p>');
  });

  it('resolves relative links through nested xml:base on feed, entry and content', () => {
    const feed = parse('xml-base.atom');
    expect(feed.website).toBe('https://base.example/blog/');
    const [first, second] = feed.items;
    expect(first.url).toBe('https://base.example/blog/2024/first.html');
    expect(first.content).toContain('href="https://base.example/static/more.html"');
    expect(first.content).toContain('src="https://base.example/static/pic.png"');
    expect(first.content).toContain('srcset="https://base.example/static/pic.png 1x, https://base.example/static/pic@2x.png 2x"');
    expect(first.published_at).toBe('2024-03-01T09:00:00Z');
    expect(second.title).toBe('Second post');
    expect(second.url).toBe('https://base.example/second');
    expect(second.content).toContain('href="https://base.example/about"');
  });

  it('reads odd date formats and leaves missing or unreadable dates null', () => {
    const dates = Object.fromEntries(parse('odd-dates.rss').items.map((item) => [item.guid, item.published_at]));
    expect(dates).toEqual({
      d1: null,
      d2: '2003-06-10T09:00:00Z',
      d3: '2003-06-10T02:00:00Z',
      d4: '2003-06-09T22:30:00Z',
      d5: null,
      d6: '2003-06-11T10:00:00Z',
      d7: '2003-06-12T00:00:00Z',
    });
  });

  it('keeps the first of items that repeat a guid (or, without guids, a link)', () => {
    const titles = parse('duplicate-guids.rss').items.map((item) => item.title);
    expect(titles).toEqual(['First copy', 'Other', 'No guid A']);
  });

  it('keeps the complete items of a truncated document and drops the cut one', () => {
    const feed = parse('truncated.rss');
    expect(feed.title).toBe('Cut short');
    expect(feed.items.map((item) => item.guid)).toEqual(['c1', 'c2']);
    expect(feed.items[0].content).toBe('<p>Whole</p>');
  });

  it('refuses an HTML page with a FeedParseError of one sentence', () => {
    expect(() => parse('not-a-feed.html')).toThrow(FeedParseError);
    expect(() => parse('not-a-feed.html')).toThrow('The document is an HTML page, not a feed.');
  });

  it('refuses empty documents, plain text, JSON that is not a feed and unknown XML', () => {
    const url = 'https://fixture.example/x';
    expect(() => parseFeed('', { url })).toThrow(FeedParseError);
    expect(() => parseFeed('just some words', { url })).toThrow(FeedParseError);
    expect(() => parseFeed('{"hello": "world"}', { url })).toThrow('The document is JSON but not a JSON Feed.');
    expect(() => parseFeed('<?xml version="1.0"?><svg><g/></svg>', { url })).toThrow('<svg>');
  });

  it('refuses malformed XML from which only a title can be recovered, naming the reason in one sentence', () => {
    const url = 'https://fixture.example/x';
    const broken = [
      '<rss version="2.0"><channel><title>Cut before items</title>',
      '<rss version="2.0"><channel><title>Misspelt</title></chanel></rss>',
      '<?xml version="1.0"?><rss><channel><title>Garbage</title><<<junk &&& </channel>',
      '<feed xmlns="http://www.w3.org/2005/Atom"><title>Atom cut short</title>',
    ];
    for (const text of broken) {
      expect(() => parseFeed(text, { url }), text).toThrow('The document is not well-formed XML and no feed items could be read from it.');
    }
    expect(() => parseFeed('<rss version="2.0"><title>No channel</title></rss>', { url }))
      .toThrow('The document has a <rss> root but no <channel> and no items, so it is not a feed.');
  });

  it('keeps sloppy feeds that still yield items, and well-formed feeds with no items yet', () => {
    const url = 'https://fixture.example/x';
    const sloppy = parseFeed('<rss><channel><title>Sloppy</title><item><title>Kept</title><guid>k</guid></item><br></chanel>', { url });
    expect(sloppy.items.map((item) => item.title)).toEqual(['Kept']);
    expect(parseFeed('<rss version="2.0"><channel><title>Quiet</title></channel></rss>', { url }).items).toEqual([]);
    expect(parseFeed('<feed xmlns="http://www.w3.org/2005/Atom"><title>Empty</title></feed>', { url }).title).toBe('Empty');
  });

  it('sanitizes hostile item HTML while keeping the article readable', () => {
    const item = parse('hostile.rss').items[0];
    expect(item.content).not.toMatch(/<script|alert\("x"\)|onclick|onerror|javascript:|<form|<input|<style|evil\.example|tracker\.example|feedburner/);
    expect(item.content).not.toContain('Hidden spam');
    expect(item.content).not.toContain('style=');
    expect(item.content).toContain('<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ"');
    expect(item.content).toContain('<a href="https://hostile.example/relative" target="_blank" rel="noopener noreferrer">relative</a>');
    expect(item.content).toContain('<img src="https://hostile.example/images/photo.jpg" srcset="https://hostile.example/images/photo-2x.jpg 2x" alt="" loading="lazy" />');
    expect(item.content).toContain('poster="https://hostile.example/poster.jpg"');
    expect(item.content).toContain('<p>Overlay text</p>');
    expect(item.summary).toBe('Hello click relative Overlay text Go');
    expect(item.media_url).toBe('https://hostile.example/images/photo.jpg');
    expect(item.title).toBe('Trap');
  });

  it('cuts a gigantic title or author to a readable length', () => {
    // A megabyte title went into every list page that showed the item.
    const words = 'spam '.repeat(200_000);
    const feed = parseFeed(`<rss version="2.0"><channel><title>${words}</title><item><guid>1</guid><title>${words}</title>
      <author>${words}</author><description>Body</description></item></channel></rss>`, { url: 'https://huge.example/feed' });
    const item = feed.items[0];
    for (const text of [feed.title, item.title, item.author!]) {
      expect(text.length).toBeLessThanOrEqual(1001);
      expect(text).toMatch(/^spam spam .*spam…$/);
    }
    expect(item.content).toBe('Body');
  });

  it('parses bytes with a UTF-8 byte-order mark and junk before the XML', () => {
    const body = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('Notice: undefined index\n<rss><channel><title>After junk</title></channel></rss>')]);
    expect(parseFeed(body, { url: 'https://fixture.example/' }).title).toBe('After junk');
  });

  it('skips a DOCTYPE whose entity values and comments hold ], > and markup, without reading them as items', () => {
    const doctype = `<!DOCTYPE rss [
      <!ENTITY trap "]><item><title>Planted</title></item>">
      <!-- a comment with ] and <item> in it -->
      <!ENTITY other '>]'>
    ]>`;
    const feed = parseFeed(`<?xml version="1.0"?>${doctype}<rss><channel><title>Guarded</title><item><title>Real</title><guid>real</guid></item></channel></rss>`, { url: 'https://x.example/feed' });
    expect(feed.title).toBe('Guarded');
    expect(feed.items.map((item) => item.title)).toEqual(['Real']);
  });

  it('reads RSS whose description holds unescaped HTML', () => {
    const feed = parseFeed('<rss><channel><title>T</title><item><title>I</title><description><p>Hi <b>there</b><br></p></description><link>https://x.example/i</link></item></channel></rss>', { url: 'https://x.example/feed' });
    expect(feed.items[0].content).toBe('<p>Hi <b>there</b><br /></p>');
    expect(feed.items[0].url).toBe('https://x.example/i');
  });

  it('leaves out items the caller already stores, matched by guid or link', () => {
    const feed = parseFeed(fixture('duplicate-guids.rss'), {
      url: 'https://fixture.example/duplicate-guids.rss',
      knownItem: ({ guid, url }) => guid === 'other' || url === 'https://dupes.example/3',
    });
    expect(feed.items.map((item) => item.title)).toEqual(['First copy']);
  });
});

describe('parseFeed on a YouTube channel feed', () => {
  it('reads the video id, embed URL, thumbnail and description, and shows the player as content', () => {
    const feed = parseFeed(fixture('youtube-channel.atom'), { url: 'https://www.youtube.com/feeds/videos.xml?channel_id=UCxxxxxxxxxxxxxxxxxxxxxx' });
    expect(feed.website).toBe('https://www.youtube.com/channel/UCxxxxxxxxxxxxxxxxxxxxxx');
    const video = feed.items[0];
    expect(video.title).toBe('Building a & B');
    expect(video.url).toBe('https://www.youtube.com/watch?v=AbCdEfGhIjK');
    expect(video.published_at).toBe('2024-05-01T12:00:00Z');
    expect(video.media_url).toBe('https://i1.ytimg.com/vi/AbCdEfGhIjK/hqdefault.jpg');
    expect(video.item_type).toBe('article');
    expect(video.audio_url).toBeNull();
    expect(video.platform_metadata).toEqual({ video_id: 'AbCdEfGhIjK', embed_url: 'https://www.youtube-nocookie.com/embed/AbCdEfGhIjK' });
    expect(video.summary).toBe('First line Second line with <angle> brackets');
    expect(video.content).toBe('<iframe src="https://www.youtube-nocookie.com/embed/AbCdEfGhIjK" width="560" height="315" allowfullscreen loading="lazy"></iframe><p>First line<br />Second line with &lt;angle&gt; brackets</p>');
  });
});

describe('parseFeed on unescaped ampersands', () => {
  it('keeps query parameters that look like legacy entities (&reg=, &copy=) in links', () => {
    const feed = parseFeed('<rss><channel><title>A</title><item><title>T&amp;C &copy 2024</title><link>https://x.example/?id=1&reg=2&copy=3</link></item></channel></rss>', { url: 'https://x.example/feed' });
    expect(feed.items[0].url).toBe('https://x.example/?id=1&reg=2&copy=3');
    expect(feed.items[0].title).toBe('T&C © 2024');
  });
});

describe('parseFeed on hand-written JSON feeds', () => {
  it('accepts trailing commas and a byte-order mark', () => {
    const feed = parseFeed('\uFEFF{"version":"https://jsonfeed.org/version/1","title":"J","items":[{"id":"1","title":"one","content_text":"a\\nb"},{"id":"2","title":"two",},]}', { url: 'https://j.example/feed.json' });
    expect(feed.items.map((item) => item.title)).toEqual(['one', 'two']);
    expect(feed.items[0].content).toBe('a<br />b');
  });
});
