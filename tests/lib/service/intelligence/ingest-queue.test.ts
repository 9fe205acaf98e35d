import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createFeed } from '@/lib/service/store/sqlite/subscribing';
import { indexNewItems, indexPreparedItemsLater } from '@/lib/service/intelligence/ingest-queue';
import { newItemSteps } from '@/lib/service/domain/rules/ingest-rules';
import { insertItems, storeItems } from '@/lib/service/store/sqlite/store-items';
import { parseFeed } from '@/lib/service/ingest/parse-feed';
import { createService, type SqliteService } from '@/lib/service/service';
import { rss } from '../feed-server';

let dir: string;
const opened: SqliteService[] = [];

function open(): SqliteService {
  const service = createService({ databaseFile: path.join(dir, 'service.db'), config: { dataDir: dir } });
  opened.push(service);
  return service;
}

afterEach(() => {
  for (const service of opened.splice(0)) if (service.db.open) service.close();
  rmSync(dir, { recursive: true, force: true });
});

const indexed = (service: SqliteService, feedId: string) =>
  service.db.prepare('SELECT COUNT(*) FROM intel_docs WHERE source_id = ?').pluck().get(feedId) as number;

describe('indexing left for later', () => {
  it('indexes on the next start the items a stopped run stored but had not indexed yet', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'tidings-resume-'));
    const first = open();
    const feedId = createFeed(first.db, { url: 'https://harbour.example/feed.xml', source_type: 'feed', title: 'Harbour' });
    const items = Array.from({ length: 300 }, (_, i) => ({ guid: `report-${i}`, title: `Harbour report ${i} on the ferry timetable`, date: new Date(Date.now() - (i + 1) * 60_000) }));
    await indexNewItems(first, storeItems(first.db, feedId, parseFeed(rss('Harbour', items), { url: 'https://harbour.example/feed.xml' }).items));
    // Closing drops the slices still queued, as a process that stops would.
    first.close();

    const second = open();
    const left = 300 - indexed(second, feedId);
    expect(left).toBeGreaterThan(0);
    await second.intelligence.idle();
    expect(indexed(second, feedId)).toBe(300);
    const stored = second.db.prepare('SELECT COUNT(*) FROM items WHERE feed_id = ?').pluck().get(feedId);
    expect(stored).toBe(300);
  });

  it('indexes nothing again on a start after all was indexed', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'tidings-resume-'));
    const first = open();
    const feedId = createFeed(first.db, { url: 'https://quiet.example/feed.xml', source_type: 'feed', title: 'Quiet' });
    const items = Array.from({ length: 3 }, (_, i) => ({ guid: `note-${i}`, title: `Note ${i}`, date: new Date(Date.now() - (i + 1) * 60_000) }));
    await indexNewItems(first, storeItems(first.db, feedId, parseFeed(rss('Quiet', items), { url: 'https://quiet.example/feed.xml' }).items));
    const docsBefore = first.db.prepare('SELECT doc, item_id FROM intel_docs ORDER BY doc').all();
    first.close();

    const second = open();
    await second.intelligence.idle();
    expect(second.db.prepare('SELECT doc, item_id FROM intel_docs ORDER BY doc').all()).toEqual(docsBefore);
  });

  it('indexes a refresh\'s new items behind it in short slices, with other work run between them', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'tidings-behind-'));
    const service = open();
    const feedId = createFeed(service.db, { url: 'https://harbour.example/feed.xml', source_type: 'feed', title: 'Harbour' });
    const items = Array.from({ length: 300 }, (_, i) => ({ guid: `report-${i}`, title: `Harbour report ${i} on the ferry timetable`, date: new Date(Date.now() - (i + 1) * 60_000) }));
    const parsed = parseFeed(rss('Harbour', items), { url: 'https://harbour.example/feed.xml' });
    const now = new Date();
    service.db.transaction(() => indexPreparedItemsLater(service, feedId, parsed, insertItems(service.db, feedId, parsed.items, now, newItemSteps), now, [],
      () => Promise.resolve(null)))();
    // Counts the turns of the event loop that other work gets while the backlog drains.
    let turns = 0;
    let draining = true;
    const tick = () => {
      if (!draining) return;
      turns++;
      setImmediate(tick);
    };
    setImmediate(tick);
    await service.intelligence.idle();
    draining = false;
    expect(indexed(service, feedId)).toBe(300);
    // A slice stops after 64 items however fast the machine is (sooner on a slow one): 300 items take
    // five slices or more, so other work gets at least the four turns between them.
    expect(turns).toBeGreaterThanOrEqual(4);
  });
});
