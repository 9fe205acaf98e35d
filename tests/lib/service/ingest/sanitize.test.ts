import { describe, expect, it } from 'vitest';
import { sanitizeContent, toPlainText } from '@/lib/service/ingest/sanitize';

const base = 'https://site.example/posts/one.html';

describe('sanitizeContent', () => {
  it('keeps footnotes working: ids kept under a prefix, in-page links pointing at them and staying in the page', () => {
    const html = sanitizeContent(
      '<p>Claim<sup id="fnref:1"><a href="#fn:1">1</a></sup> and <a name="old">old anchor</a> <a href="#old">back</a></p>'
      + '<ol><li id="fn:1">Source. <a href="#fnref:1">↩</a></li></ol><a href="https://x.example/#top">away</a>',
      base,
    );
    expect(html).toBe(
      '<p>Claim<sup id="content-fnref:1"><a href="#content-fn:1">1</a></sup> and <a id="content-old" target="_blank" rel="noopener noreferrer">old anchor</a> <a href="#content-old">back</a></p>'
      + '<ol><li id="content-fn:1">Source. <a href="#content-fnref:1">↩</a></li></ol>'
      + '<a href="https://x.example/#top" target="_blank" rel="noopener noreferrer">away</a>',
    );
    // Sanitized again (a hosted service's HTML is), nothing changes; an id cannot name the app's own elements.
    expect(sanitizeContent(html, base)).toBe(html);
    expect(sanitizeContent('<div id="main">x</div><a href="#item-title">t</a><p id=" <b>">y</p>', base))
      .toBe('<div id="content-main">x</div><a href="#content-item-title">t</a><p id="content-b">y</p>');
  });

  it('removes scripts, event handlers and javascript: URLs', () => {
    const html = sanitizeContent('<p onmouseover="x()">Hi<script>evil()</script> <a href="javascript:evil()">a</a> <a href="JaVaScRiPt:evil()">b</a></p>', base);
    expect(html).toBe('<p>Hi <a target="_blank" rel="noopener noreferrer">a</a> <a target="_blank" rel="noopener noreferrer">b</a></p>');
  });

  it('drops elements hidden by style or the hidden attribute, with their text', () => {
    const html = sanitizeContent('<p>Seen</p><div style="display: none">spam</div><span style="visibility:hidden">spam</span><p hidden>spam</p><p style="opacity:0">spam</p><span style="font-size:0">spam</span>', base);
    expect(html).toBe('<p>Seen</p>');
  });

  it('keeps the text of overlaid elements but drops all inline styles', () => {
    expect(sanitizeContent('<div style="position:fixed;inset:0;z-index:9999">Text</div>', base)).toBe('<div>Text</div>');
  });

  it('flattens elements nested deeper than 256 levels, keeping their text', () => {
    // The HTML parser shifts its whole open-element stack on every start tag: a megabyte of nested
    // <div>s took minutes of the ingest worker's time, so depth past any real article's goes first.
    const html = sanitizeContent(`${'<div><span>'.repeat(3000)}deep${'</span></div>'.repeat(3000)}<p>after <b>bold</b><br>line</p>`, base);
    expect(html.match(/<div>/g)!.length + html.match(/<span>/g)!.length).toBeLessThanOrEqual(256);
    expect(html).toContain('deep');
    expect(html).toMatch(/<p>after <b>bold<\/b><br \/>line<\/p>$/);
  });

  it('lets an embedded player have only the features a player uses, not camera, microphone or location', () => {
    const html = sanitizeContent('<iframe src="https://www.youtube.com/embed/abcdefghijk" allow="camera; microphone *; geolocation; autoplay; encrypted-media; fullscreen; picture-in-picture"></iframe>', base);
    expect(html).toBe('<iframe src="https://www.youtube.com/embed/abcdefghijk" allow="autoplay; encrypted-media; fullscreen; picture-in-picture" loading="lazy"></iframe>');
  });

  it('removes the address of links and media that no base resolves, keeping the link text', () => {
    const html = sanitizeContent('<p><a href="/account/unsubscribe">Unsubscribe</a> <a href="https://site.example/a">Read</a> <img src="images/b.png" alt="Chart"></p>', '');
    expect(html).toBe('<p><a target="_blank" rel="noopener noreferrer">Unsubscribe</a> <a href="https://site.example/a" target="_blank" rel="noopener noreferrer">Read</a> <span>Chart</span></p>');
  });

  it('replaces images no browser can load (cid: parts of a mail) by their alt text, or drops them', () => {
    const html = sanitizeContent('<p>Before <img src="cid:logo@mail" alt="Field Notes"> middle <img src="cid:rule@mail"> after</p>', base);
    expect(html).toBe('<p>Before <span>Field Notes</span> middle  after</p>');
  });

  it('gives an image without alt an empty one, so it counts as decorative, and keeps the alt an image has', () => {
    const html = sanitizeContent('<img src="https://x.example/a.png"><img src="https://x.example/b.png" alt="A chart of tides">', base);
    expect(html).toBe('<img src="https://x.example/a.png" alt="" loading="lazy" /><img src="https://x.example/b.png" alt="A chart of tides" loading="lazy" />');
  });

  it('removes forms and their inputs', () => {
    expect(sanitizeContent('<form action="/x"><input type="text" name="q"><textarea>t</textarea><select><option>o</option></select></form><p>after</p>', base)).toBe('<p>after</p>');
  });

  it('keeps YouTube, youtube-nocookie and Vimeo embeds and removes other iframes', () => {
    const html = sanitizeContent([
      '<iframe src="https://www.youtube.com/embed/abcdefghijk"></iframe>',
      '<iframe src="https://www.youtube-nocookie.com/embed/abcdefghijk"></iframe>',
      '<iframe src="https://player.vimeo.com/video/1"></iframe>',
      '<iframe src="https://ads.example/frame">fallback</iframe>',
      '<iframe src="/relative/frame"></iframe>',
    ].join(''), base);
    expect(html).toContain('https://www.youtube.com/embed/abcdefghijk');
    expect(html).toContain('https://www.youtube-nocookie.com/embed/abcdefghijk');
    expect(html).toContain('https://player.vimeo.com/video/1');
    expect(html).not.toContain('ads.example');
    expect(html).not.toContain('fallback');
    expect(html).not.toContain('relative/frame');
    expect(html.match(/<iframe/g)).toHaveLength(3);
  });

  it('removes tracking pixels: 1x1 images and known beacon hosts', () => {
    const html = sanitizeContent([
      '<img src="https://site.example/a.png" width="1" height="1">',
      '<img src="https://site.example/b.png" style="width:1px;height:1px;border:0">',
      '<img src="https://pixel.wp.com/g.gif?x=1">',
      '<img src="https://feeds.feedburner.com/~r/Site/~4/xyz">',
      '<img src="https://medium.com/_/stat?event=post.clientViewed">',
      '<img src="https://site.example/real.jpg" width="640" height="480">',
    ].join(''), base);
    expect(html).toBe('<img src="https://site.example/real.jpg" width="640" height="480" alt="" loading="lazy" />');
  });

  it('resolves relative href, src, srcset and poster against the base URL', () => {
    const html = sanitizeContent('<a href="../about">a</a><img src="img/a.png" srcset="img/a.png 1x, /img/b.png 2x"><video src="v.mp4" poster="//cdn.example/p.jpg"></video>', base);
    expect(html).toContain('href="https://site.example/about"');
    expect(html).toContain('src="https://site.example/posts/img/a.png"');
    expect(html).toContain('srcset="https://site.example/posts/img/a.png 1x, https://site.example/img/b.png 2x"');
    expect(html).toContain('src="https://site.example/posts/v.mp4"');
    expect(html).toContain('poster="https://cdn.example/p.jpg"');
  });

  it('makes images lazy and links open in a new tab without an opener', () => {
    const html = sanitizeContent('<a href="https://x.example/" target="_self" rel="opener">x</a><img src="https://x.example/i.png" loading="eager">', base);
    expect(html).toBe('<a href="https://x.example/" target="_blank" rel="noopener noreferrer">x</a><img src="https://x.example/i.png" loading="lazy" alt="" />');
  });

  it('returns plain text without markup unchanged and empty input as empty', () => {
    expect(sanitizeContent('Just words', base)).toBe('Just words');
    expect(sanitizeContent('', base)).toBe('');
  });
});

describe('toPlainText', () => {
  it('drops tags, scripts and comments, decodes entities and collapses whitespace', () => {
    expect(toPlainText('<p>Caf&eacute;&nbsp;&amp; <b>bar</b></p>\n\n<script>x()</script><!-- note --><p>Next&#8230;</p>')).toBe('Café & bar Next…');
  });

  it('separates block elements with a space but joins inline ones', () => {
    expect(toPlainText('<p>one</p><p>two</p>wo<em>rd</em><br>three')).toBe('one two word three');
  });

  it('cuts at a word boundary near maxLength and marks the cut', () => {
    const text = toPlainText(`<p>${'word '.repeat(100)}</p>`, 32);
    expect(text.length).toBeLessThanOrEqual(33);
    expect(text.endsWith('word…')).toBe(true);
  });

  it('leaves a less-than sign that is not a tag', () => {
    expect(toPlainText('1 < 2 and 3 > 2')).toBe('1 < 2 and 3 > 2');
  });
});
