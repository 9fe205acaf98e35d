import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readOpml } from '@/lib/service/domain/opml/read-opml';
import { DomainError } from '@/lib/service/domain/errors';

const realWorld = path.resolve(process.cwd(), '../shared/feeds/real-world');
const hasRealWorld = existsSync(path.join(realWorld, 'Subs.opml'));
if (!hasRealWorld) console.warn(`skipped the real-world OPML files: ${realWorld} is absent (the shared feed corpus lives beside the repository)`);

const countBy = (values: (string | null)[]) => Object.fromEntries([...new Set(values)].map((v) => [String(v), values.filter((x) => x === v).length]));

describe('readOpml', () => {
  it('reads feeds in document order with their folder, nested folders named by their path', () => {
    const feeds = readOpml(`<?xml version="1.0"?><opml version="2.0"><head><title>t</title></head><body>
      <outline text="Loose" type="rss" xmlUrl=" https://a.example/feed "/>
      <outline text="News"><outline title="Only a title" xmlUrl="https://b.example/rss"/>
        <outline text="Local"><outline text="Town" type="rss" xmlUrl="https://c.example/atom"/></outline></outline>
      <outline text="Empty folder"/>
      <outline text="Just a note" isComment="true" xmlUrl="https://ignored.example/"/>
    </body></opml>`);
    expect(feeds).toEqual([
      { url: 'https://a.example/feed', title: 'Loose', folder: null },
      { url: 'https://b.example/rss', title: 'Only a title', folder: 'News' },
      { url: 'https://c.example/atom', title: 'Town', folder: 'News / Local' },
    ]);
  });

  it('reads attribute names in any case and decodes entities', () => {
    const feeds = readOpml('<OPML version="1.0"><BODY><OUTLINE TEXT="Tom &amp; Jerry&apos;s" XMLURL="https://x.example/?a=1&amp;b=2"/></BODY></OPML>');
    expect(feeds).toEqual([{ url: 'https://x.example/?a=1&b=2', title: "Tom & Jerry's", folder: null }]);
  });

  it('refuses what is not OPML as invalid', () => {
    for (const text of ['not xml at all', '<html><body>hello</body></html>', '{"opml": true}']) {
      expect(() => readOpml(text)).toThrow(DomainError);
      try {
        readOpml(text);
      } catch (error) {
        expect((error as DomainError).kind).toBe('invalid');
      }
    }
  });

  describe.skipIf(!hasRealWorld)('real-world files (../shared/feeds/real-world)', () => {
    // Counted by reading the files: 69 outlines at the top level, then the folders
    // Programming (33), Macintosh (5), Weblogs (97) and Writers (3): 207 xmlUrl attributes.
    const expectedFolders = { null: 69, Programming: 33, Macintosh: 5, Weblogs: 97, Writers: 3 };

    it('reads Subs.opml (OPML 1.1, text and title attributes)', () => {
      const feeds = readOpml(readFileSync(path.join(realWorld, 'Subs.opml'), 'utf8'));
      expect(feeds).toHaveLength(207);
      expect(countBy(feeds.map((f) => f.folder))).toEqual(expectedFolders);
      expect(feeds[0]).toEqual({ url: 'http://daringfireball.net/feeds/main', title: 'Daring Fireball', folder: null });
      expect(feeds[4]).toEqual({ url: 'http://corinnekrych.blogspot.com/feeds/posts/default', title: 'chat & code', folder: null });
      expect(feeds[69]).toEqual({ url: 'http://iosunittesting.com/feed/', title: 'iOS Unit Testing', folder: 'Programming' });
      expect(feeds[206]).toEqual({ url: 'http://www.gerrold.com/feed/', title: 'Gerrold', folder: 'Writers' });
      expect(feeds.filter((f) => f.title === 'Katie Floyd').map((f) => f.url)).toEqual(['http://feed.katiefloyd.com', 'http://feed.katiefloyd.com/']);
    });

    it('reads SubsNoTitleAttributes.opml (OPML 2.0, text only, a commented-out head)', () => {
      const feeds = readOpml(readFileSync(path.join(realWorld, 'SubsNoTitleAttributes.opml'), 'utf8'));
      expect(feeds).toHaveLength(207);
      expect(countBy(feeds.map((f) => f.folder))).toEqual(expectedFolders);
      expect(feeds.find((f) => f.url === 'http://www.libertypages.com/clarktech/?feed=rss2')).toEqual({
        url: 'http://www.libertypages.com/clarktech/?feed=rss2', title: "Clark's Tech Blog", folder: 'Weblogs',
      });
      expect(feeds.find((f) => f.url === 'http://www.allenpike.com/feed/')?.title).toBe('Allen Pike');
    });
  });
});
