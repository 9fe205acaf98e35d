import { describe, expect, it } from 'vitest';
import { parseFeed } from '@/lib/service/ingest/parse-feed';
import { fixture } from './shared-feeds';

function parse(name: string) {
  const feed = parseFeed(fixture(`namespaces/${name}`), { url: 'https://fixture.example/feed' });
  // The fingerprint hashes the item as written (prefixes included), so it differs between writings of the same feed by design.
  return { ...feed, items: feed.items.map((item) => ({ ...item, source_hash: undefined })) };
}

describe('parseFeed recognises namespaces by URI, whatever prefix binds them (tests/fixtures/feeds/namespaces)', () => {
  it('reads the plain Atom feed the prefixed variants are compared with', () => {
    const feed = parse('atom.atom');
    expect(feed.format).toBe('atom');
    expect(feed.title).toBe('Prefix Journal');
    expect(feed.website).toBe('https://example.org/blog/');
    expect(feed.language).toBe('en');
    expect(feed.artist).toBe('Ada Namespace');
    expect(feed.items.map((item) => item.url)).toEqual(['https://example.org/blog/posts/bound', 'https://example.org/other/second']);
    const [first, second] = feed.items;
    expect(first).toMatchObject({
      title: 'Bound anywhere', author: 'Ada Namespace', published_at: '2024-03-01T08:30:00Z',
      summary: 'A prefix is only a local name for a URI.', media_url: 'https://example.org/blog/images/bound.jpg',
      audio_url: 'https://example.org/blog/audio/bound.mp3', duration_seconds: 3723,
    });
    expect(first.content).toContain('href="https://example.org/blog/spec.html"');
    expect(second).toMatchObject({ author: 'Grace Prefix', published_at: '2024-02-28T08:00:00Z' });
    expect(second.content).toContain('src="https://example.org/other/pic.png"');
  });

  it('reads an Atom feed whose elements carry a prefix, with XHTML as the default namespace, like the plain one', () => {
    expect(parse('atom-prefixed.atom')).toEqual(parse('atom.atom'));
  });

  it('reads Atom elements under a redundant atom: prefix and an extension declared as an element\'s default namespace', () => {
    expect(parse('atom-mixed.atom')).toEqual(parse('atom.atom'));
  });

  it('reads Atom 0.3 with its elements prefixed like Atom 0.3 in the default namespace', () => {
    const plain = parse('atom03.atom');
    expect(plain).toMatchObject({ format: 'atom', title: 'Old Atom', description: 'Before the IETF', website: 'https://old.example.org/', language: 'fr' });
    expect(plain.items[0]).toMatchObject({ title: 'Early days', url: 'https://old.example.org/early', published_at: '2004-05-01T10:00:00Z' });
    expect(parse('atom03-prefixed.atom')).toEqual(plain);
  });

  it('reads RSS 2.0 whose iTunes, media, content, dc, atom and podcast prefixes are unusual, like the usual ones', () => {
    const plain = parse('rss2.rss');
    expect(plain).toMatchObject({ title: 'Odd Prefix Radio', artist: 'Radio Host', is_podcast: true, artwork_url: 'https://radio.example.org/cover.jpg', explicit: false });
    expect(plain.items[0]).toMatchObject({
      author: 'Guest Speaker', published_at: '2024-03-01T08:00:00Z', duration_seconds: 2700, episode_number: 1,
      artwork_url: 'https://radio.example.org/1.jpg', media_url: 'https://radio.example.org/1-thumb.jpg',
    });
    expect(plain.items[0].content).toContain('<b>notes</b>');
    expect(plain.items[0].platform_metadata.transcripts).toEqual([{ url: 'https://radio.example.org/1.vtt', type: 'text/vtt', language: null }]);
    expect(plain.items[1]).toMatchObject({ audio_url: 'https://radio.example.org/2.mp3', summary: 'Told in media terms' });
    expect(parse('rss2-odd-prefixes.rss')).toEqual(plain);
  });

  it('reads RSS 1.0 with every element prefixed (rdf too) like RSS 1.0 in the default namespace', () => {
    const plain = parse('rss1.rdf');
    expect(plain).toMatchObject({ format: 'rdf', title: 'Resource Daily', website: 'https://rdf.example.org/', language: 'de', artwork_url: 'https://rdf.example.org/logo.png' });
    expect(plain.items.map((item) => item.guid)).toEqual(['https://rdf.example.org/a', 'https://rdf.example.org/b']);
    expect(plain.items[0]).toMatchObject({ author: 'Tim', published_at: '2024-01-15T09:00:00Z' });
    expect(plain.items[0].content).toContain('<i>text</i>');
    expect(parse('rss1-prefixed.rdf')).toEqual(plain);
  });

  it('keeps XHTML content written with a prefix as HTML, in Atom and in RSS <xhtml:body>', () => {
    const atom = parseFeed(`<a:feed xmlns:a="http://www.w3.org/2005/Atom" xmlns:x="http://www.w3.org/1999/xhtml"><a:title>T</a:title>
      <a:entry><a:id>1</a:id><a:title>E</a:title><a:content type="xhtml"><x:div><x:p>Important <x:strong>update</x:strong></x:p></x:div></a:content></a:entry></a:feed>`,
    { url: 'https://fixture.example/feed' });
    expect(atom.items[0].content).toBe('<div><p>Important <strong>update</strong></p></div>');
    const rss = parseFeed(`<rss version="2.0"><channel><title>T</title><item><title>E</title><guid>1</guid>
      <h:body xmlns:h="http://www.w3.org/1999/xhtml"><h:p>Body <h:em>text</h:em></h:p></h:body></item></channel></rss>`,
    { url: 'https://fixture.example/feed' });
    expect(rss.items[0].content).toBe('<p>Body <em>text</em></p>');
  });

  it('finds a prefixed Atom feed behind junk a server put before the XML', () => {
    const body = `Notice: undefined index\n${fixture('namespaces/atom-prefixed.atom').toString('utf8').replace(/^<\?xml[^>]*>\s*/, '')}`;
    expect(parseFeed(body, { url: 'https://fixture.example/feed' }).items).toHaveLength(2);
  });
});
