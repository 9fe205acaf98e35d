import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createFeed } from '@/lib/service/store/sqlite/subscribing';
import { createFeedPreparer, type FeedPreparer, type FeedStore } from '@/lib/service/domain/feeds/feed-preparer';
import { itemText } from '@/lib/service/domain/feeds/item-text';
import type { FeedSource } from '@/lib/service/domain/feeds/prepare-feed';
import { refreshFeeds } from '@/lib/service/domain/feeds/refresh-feed';
import { prepareDoc } from '@/lib/service/intelligence/prepare-doc';
import { FeedParseError } from '@/lib/service/ingest/parse-feed';
import { createService, type SqliteService } from '@/lib/service/service';
import { document, FeedServer } from '../../feed-server';
import { corpusFile, hasSharedFeeds } from '../../ingest/shared-feeds';
import { realWorldFeeds } from '../../ingest/real-world-expectations';

let dir: string;
let site: FeedServer;
let threaded: FeedPreparer;
const inline = createFeedPreparer(null, () => {});
const services: SqliteService[] = [];

function openService(name: string): SqliteService {
  const service = createService({ databaseFile: path.join(dir, `${name}.db`), config: { dataDir: dir, allowPrivateUrls: true } });
  services.push(service);
  return service;
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'tidings-preparer-'));
  site = await new FeedServer().start();
  threaded = createFeedPreparer();
});
afterAll(async () => {
  await threaded.close();
  for (const service of services) service.close();
  await site.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** An RSS document of articles with HTML bodies: names, links, entities, a script to sanitize away. */
function articles(feed: number, guids: number[]): string {
  const items = guids.map((n) => `<item><guid>g${n}</guid><title>Harbour Council votes on the ${n % 2 ? 'ferry' : 'bridge'} plan &amp; budget</title>
    <link>https://site${feed}.example/story/${n}</link><pubDate>${new Date(Date.UTC(2026, 0, 10, n)).toUTCString()}</pubDate>
    <description><![CDATA[<p>The Harbour Council met on Tuesday. Mayor Ada Quinn said the ${n % 2 ? 'ferry' : 'bridge'} would cost
    ${n * 3} million; see <a href="https://news.example/harbour/${n}">the report</a>.</p><script>track()</script>
    <p onclick="x()">Residents of North Quay asked for more time &mdash; “we were not told,” one said.</p>]]></description></item>`).join('');
  return `<?xml version="1.0"?><rss version="2.0"><channel><title>Site ${feed}</title><link>https://site${feed}.example/</link>${items}</channel></rss>`;
}

const noneStored = (file: string | null): FeedStore => ({ file, feedId: 'no-such-feed', known: (keys) => keys.map(() => false) });

describe('preparing fetched feeds on a worker thread', () => {
  it('runs on its worker thread in tests too', () => {
    expect(threaded.threaded).toBe(true);
  });

  it.skipIf(!hasSharedFeeds)('gives the same feed, items and terms as inline for every real-world feed', async () => {
    const service = openService('real-world');
    for (const { file } of realWorldFeeds) {
      const source: FeedSource = { body: corpusFile('real-world', file), url: `https://feeds.example/${file}`, contentType: null };
      const [onWorker, onMain] = await Promise.allSettled([
        threaded.prepare(source, noneStored(service.db.name)),
        inline.prepare(source, noneStored(null)),
      ]);
      expect(onWorker, file).toEqual(onMain);
      if (onMain.status === 'fulfilled') expect(onMain.value.docs.length, file).toBe(onMain.value.feed.items.length);
    }
  });

  it('reports a document that is no feed as a FeedParseError with the same message as inline', async () => {
    const source: FeedSource = { body: new TextEncoder().encode('<!doctype html><title>Hi</title>'), url: 'https://x.example/', contentType: 'text/html' };
    const service = openService('not-a-feed');
    const failure = new FeedParseError('The document is an HTML page, not a feed.');
    await expect(threaded.prepare(source, noneStored(service.db.name))).rejects.toEqual(failure);
    await expect(threaded.prepare(source, noneStored(service.db.name))).rejects.toBeInstanceOf(FeedParseError);
    await expect(inline.prepare(source, noneStored(null))).rejects.toBeInstanceOf(FeedParseError);
  });

  it('leaves out the items stored already, looking them up on a connection of its own', async () => {
    const service = openService('known');
    const feedId = createFeed(service.db, { url: site.route('/known.xml', document(articles(0, [1, 2]))), source_type: 'feed', title: 'Known' });
    expect((await refreshFeeds(service, [feedId], 1, threaded))[0]).toMatchObject({ result: 'updated', added: 2 });
    let askedMain = false;
    const prepared = await threaded.prepare(
      { body: new TextEncoder().encode(articles(0, [3, 2, 1])), url: `${site.baseUrl}/known.xml`, contentType: null },
      { file: service.db.name, feedId, known: (keys) => { askedMain = true; return keys.map(() => false); } },
    );
    expect(prepared.feed.items.map((item) => item.guid)).toEqual(['g3']);
    expect(askedMain).toBe(false);
  });


  it('prepares a feed on its worker without a database file to read (PostgreSQL), asking the main thread which items are stored', async () => {
    const source: FeedSource = { body: new TextEncoder().encode(articles(1, [3, 2, 1])), url: 'https://site1.example/feed.xml', contentType: null };
    const asked: (string | null)[][] = [];
    const store: FeedStore = { file: null, feedId: 'feed', known: async (keys) => {
      asked.push(keys.map((key) => key.guid));
      return keys.map((key) => key.guid === 'g2');
    } };
    const preparing = threaded.prepare(source, store);
    // Inline, the document would have been read and the store asked before prepare returned.
    expect(asked).toEqual([]);
    const prepared = await preparing;
    expect(asked).toEqual([['g3', 'g2', 'g1']]);
    expect(prepared.feed.items.map((item) => item.guid)).toEqual(['g3', 'g1']);
    expect(prepared).toEqual(await inline.prepare(source, store));
    const failing: FeedStore = { ...store, known: () => Promise.reject(new Error('The store is gone.')) };
    await expect(threaded.prepare(source, failing)).rejects.toThrow('The store is gone.');
    await expect(threaded.prepare({ ...source, body: new TextEncoder().encode('<!doctype html><p>No feed') }, store)).rejects.toBeInstanceOf(FeedParseError);
  });
  it('hands back the search text and hash of each new item, and a refresh stores those rather than working them out again', async () => {
    const service = openService('texts');
    const url = site.route('/texts.xml', document(articles(3, [1, 2])));
    const prepared = await threaded.prepare({ body: new TextEncoder().encode(articles(3, [1, 2])), url, contentType: null }, noneStored(service.db.name));
    expect(prepared.texts).toEqual(prepared.feed.items.map(itemText));
    expect(prepared.texts[0].body).toContain('Mayor Ada Quinn said');
    expect(prepared.texts[0].body).not.toMatch(/<|track\(\)/);
    // What the preparer's thread worked out is what gets stored: a word only there is found.
    const marking: FeedPreparer = {
      ...threaded,
      prepare: async (source, store) => {
        const made = await threaded.prepare(source, store);
        return { ...made, texts: made.texts.map((text) => ({ ...text, body: `${text.body} quokkaworded` })) };
      },
    };
    const feedId = createFeed(service.db, { url, source_type: 'feed', title: 'Texts' });
    expect((await refreshFeeds(service, [feedId], 1, marking))[0]).toMatchObject({ result: 'updated', added: 2 });
    expect(service.db.prepare("SELECT COUNT(*) FROM items_fts WHERE items_fts MATCH 'quokkaworded'").pluck().get()).toBe(2);
    expect(service.db.prepare('SELECT content_hash FROM items WHERE feed_id = ? ORDER BY guid').pluck().all(feedId)).toEqual(prepared.texts.map((text) => text.hash));
  });

  it('works out the indexing docs of stored items on the worker as inline, and leaves them to the caller without a worker', async () => {
    const texts = [
      { title: 'Harbour Council votes on the ferry plan', summary: 'The council met.', content: '<p>Mayor Ada Quinn said the ferry would cost 3 million.</p>' },
      { title: 'Bridge &amp; budget', summary: '', content: '<p>Residents of North Quay asked for more time.</p>' },
    ];
    expect(await threaded.prepareDocs(texts)).toEqual(texts.map((text) => prepareDoc(text)));
    expect(await inline.prepareDocs(texts)).toBeNull();
  });

  it('stores the same items, terms, postings and stories through the worker as inline', async () => {
    // One item a feed: the items of one feed are indexed in the random order of their ids, which frequencies depend on.
    const feeds = Array.from({ length: 8 }, (_, feed) => site.route(`/same/${feed}.xml`, document(articles(feed, [feed]))));
    const snapshot = async (preparer: FeedPreparer, name: string) => {
      const service = openService(name);
      const feedIds = feeds.map((url, feed) => createFeed(service.db, { url, source_type: 'feed', title: `Feed ${feed}` }));
      // One feed at a time, so that the items are indexed in the same order.
      for (const feedId of feedIds) await refreshFeeds(service, [feedId], 1, preparer);
      // Indexed behind the refreshes, in the order they stored the items.
      await service.intelligence.idle();
      const db = service.db;
      const items = db.prepare(`SELECT f.url AS feed, i.guid, i.url, i.title, i.summary, i.content, i.published_at, i.reading_time, i.media_url
        FROM items i JOIN feeds f ON f.id = i.feed_id ORDER BY f.url, i.guid`).all();
      const index = db.prepare(`SELECT f.url AS feed, i.guid, v.title, v.summary, hex(v.vec) AS vec,
          (SELECT group_concat(p.term_id || ':' || p.weight) FROM (SELECT * FROM intel_postings WHERE doc = d.doc ORDER BY term_id) p) AS postings
        FROM intel_docs d JOIN intel_vectors v ON v.doc = d.doc JOIN items i ON i.id = d.item_id JOIN feeds f ON f.id = i.feed_id
        ORDER BY f.url, i.guid`).all();
      const stories = db.prepare(`SELECT group_concat(f.url || '#' || i.guid, ' ') AS members FROM
          (SELECT * FROM story_items ORDER BY item_id) s JOIN items i ON i.id = s.item_id JOIN feeds f ON f.id = i.feed_id
        GROUP BY s.story_id`).pluck().all().map((members) => String(members).split(' ').sort().join(' ')).sort();
      const terms = db.prepare('SELECT id, df FROM intel_terms ORDER BY id').raw().all();
      return { items, index, stories, terms };
    };
    const onWorker = await snapshot(threaded, 'same-worker');
    const onMain = await snapshot(inline, 'same-inline');
    expect(onWorker.items).toHaveLength(8);
    expect(onWorker.items[0]).toMatchObject({ content: expect.not.stringContaining('script') });
    expect(onWorker.stories.some((members) => members.includes(' '))).toBe(true);
    expect(onWorker).toEqual(onMain);
  });
});

describe('a feed preparer whose worker cannot run', () => {
  const source: FeedSource = { body: new TextEncoder().encode(articles(9, [1])), url: 'https://site9.example/feed.xml', contentType: null };

  it('works inline when the entry file is missing, and says so once', async () => {
    const lines: string[] = [];
    const preparer = createFeedPreparer(null, (line) => lines.push(line));
    const prepared = await preparer.prepare(source, noneStored(path.join(dir, 'x.db')));
    expect(prepared).toEqual(await inline.prepare(source, noneStored(null)));
    await preparer.prepare(source, noneStored(path.join(dir, 'x.db')));
    expect(preparer.threaded).toBe(false);
    expect(lines).toEqual([expect.stringContaining('parsed on the main thread')]);
  });

  it('does the work under way inline when the worker fails, and says so once', async () => {
    const broken = path.join(dir, 'broken-worker.mjs');
    writeFileSync(broken, "throw new Error('cannot load the handler');\n");
    const lines: string[] = [];
    const preparer = createFeedPreparer(broken, (line) => lines.push(line));
    const service = openService('broken');
    const results = await Promise.all([1, 2, 3].map(() => preparer.prepare(source, noneStored(service.db.name))));
    const expected = await inline.prepare(source, noneStored(null));
    for (const result of results) expect(result).toEqual(expected);
    expect(preparer.threaded).toBe(false);
    expect(lines).toEqual([expect.stringContaining('cannot load the handler')]);
    await preparer.close();
  });
});
