import { describe, expect, it } from 'vitest';
import { discoverFeeds, looksLikeFeed, wellKnownFeedPaths } from '@/lib/service/ingest/discover';
import { fixture } from './shared-feeds';

describe('discoverFeeds', () => {
  it('finds RSS, Atom and JSON feed links in page order, made absolute', () => {
    expect(discoverFeeds(fixture('not-a-feed.html').toString('utf8'), 'https://page.example/blog/')).toEqual([
      'https://page.example/posts.xml',
      'https://elsewhere.example/atom',
      'https://page.example/blog/feed.json',
    ]);
  });

  it('honours <base href>, decodes entities in href and skips duplicates and non-feed links', () => {
    const html = `<head><base href="https://cdn.example/root/">
      <link rel="alternate" type="application/rss+xml" href="rss?a=1&amp;b=2">
      <link rel="Alternate Feed" type="application/atom+xml; charset=utf-8" href="rss?a=1&amp;b=2">
      <link rel="alternate" type="application/json+oembed" href="/oembed">
      <link rel="alternate" type="application/rss+xml" href="javascript:alert(1)"></head>`;
    expect(discoverFeeds(html, 'https://page.example/')).toEqual(['https://cdn.example/root/rss?a=1&b=2']);
  });
});

describe('wellKnownFeedPaths', () => {
  it('guesses the usual feed paths under the page and the site root', () => {
    const paths = wellKnownFeedPaths('https://site.example/blog/');
    expect(paths.slice(0, 3)).toEqual(['https://site.example/blog/feed', 'https://site.example/blog/rss', 'https://site.example/blog/atom.xml']);
    expect(paths).toContain('https://site.example/feed.json');
    expect(paths).toContain('https://site.example/index.xml');
    expect(wellKnownFeedPaths('https://site.example')).toEqual([
      'https://site.example/feed', 'https://site.example/rss', 'https://site.example/atom.xml', 'https://site.example/feed.xml',
      'https://site.example/rss.xml', 'https://site.example/index.xml', 'https://site.example/feed.json',
    ]);
    expect(wellKnownFeedPaths('not a url')).toEqual([]);
  });
});

describe('looksLikeFeed', () => {
  it('tells feeds from pages by their content, whatever the content type says', () => {
    expect(looksLikeFeed('<?xml version="1.0"?><rss version="2.0"><channel/></rss>', 'text/html')).toBe(true);
    expect(looksLikeFeed('\uFEFF <feed xmlns="http://www.w3.org/2005/Atom"></feed>', null)).toBe(true);
    expect(looksLikeFeed('<rdf:RDF xmlns:rdf="x"></rdf:RDF>', 'application/xml')).toBe(true);
    expect(looksLikeFeed('{"version":"https://jsonfeed.org/version/1.1","items":[]}', 'application/json')).toBe(true);
    expect(looksLikeFeed(fixture('not-a-feed.html'), 'application/rss+xml')).toBe(false);
    expect(looksLikeFeed('{"hello":1}', 'application/json')).toBe(false);
  });
});
