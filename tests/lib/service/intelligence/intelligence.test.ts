import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createIntelligence, intelligenceSchemaSql, type IndexedDoc, type SqliteIntelligence } from '@/lib/service/intelligence';
import { bridgeCollapse, bridgeWeekLater, festivalOneSource, rateRise, unrelated } from '@/tests/fixtures/intelligence/articles';

let dir: string;
let db: Database.Database;
let intelligence: SqliteIntelligence;

const everyone = async (ids: string[]) => new Set(ids);

function ingest(docs: IndexedDoc[]): void {
  db.transaction(() => docs.forEach((doc) => intelligence.addItem(doc)))();
}

/** The listed stories (two sources or more) with their item ids, as the service would list them. */
function listedStories(): Map<string, string[]> {
  const rows = db.prepare(`SELECT s.id, si.item_id FROM stories s JOIN story_items si ON si.story_id = s.id
    WHERE s.source_count >= 2 ORDER BY s.last_published_at DESC, si.item_id`).all() as Array<{ id: string; item_id: string }>;
  const stories = new Map<string, string[]>();
  for (const row of rows) stories.set(row.id, [...(stories.get(row.id) ?? []), row.item_id]);
  return stories;
}

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'tidings-intel-'));
  db = new Database(path.join(dir, 'test.db'));
  db.pragma('journal_mode = WAL');
  db.exec(intelligenceSchemaSql);
  intelligence = createIntelligence(db);
});

afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('stories', () => {
  it('groups same-event articles from different sources into one story and leaves unrelated ones out', async () => {
    ingest([...bridgeCollapse, ...rateRise, ...unrelated].sort((a, b) => a.published_at!.localeCompare(b.published_at!)));
    const stories = [...listedStories().values()].map((ids) => ids.sort());
    expect(stories).toHaveLength(2);
    expect(stories).toContainEqual(['bridge-courier', 'bridge-herald', 'bridge-tribune']);
    expect(stories).toContainEqual(['rates-herald', 'rates-ledger']);
    for (const doc of unrelated) expect((await intelligence.storyOf(doc.id))).toBeNull();
    const storyId = (await intelligence.storyOf('bridge-herald'));
    expect(storyId).not.toBeNull();
    expect((await intelligence.storyOf('bridge-tribune'))).toBe(storyId);
  });

  it('keeps the story row up to date: counts, dates and a lead article', async () => {
    ingest(bridgeCollapse);
    const story = db.prepare('SELECT * FROM stories WHERE id = ?').get((await intelligence.storyOf('bridge-herald'))) as Record<string, unknown>;
    expect(story).toMatchObject({
      article_count: 3, source_count: 3,
      first_published_at: bridgeCollapse[0].published_at, last_published_at: bridgeCollapse[2].published_at,
    });
    expect(bridgeCollapse.map((d) => d.id)).toContain(story.lead_item_id);
    expect(String(story.title)).toMatch(/Marlow/);
  });

  it('does not list a story told by one source only', async () => {
    ingest(festivalOneSource);
    expect(listedStories().size).toBe(0);
    expect((await intelligence.storyOf('festival-1'))).toBeNull();
    expect((await intelligence.storyOf('festival-2'))).toBeNull();
  });

  it('leaves an article outside the time window out of the story', async () => {
    ingest([...bridgeCollapse, bridgeWeekLater]);
    expect((await intelligence.storyOf('bridge-later'))).toBeNull();
    expect(listedStories().get((await intelligence.storyOf('bridge-herald'))!)).toHaveLength(3);
  });

  it('forms the same stories whatever order the articles arrive in', () => {
    ingest([...unrelated, rateRise[1], bridgeCollapse[2], rateRise[0], bridgeCollapse[0], bridgeCollapse[1]]);
    const stories = [...listedStories().values()].map((ids) => ids.sort());
    expect(stories).toHaveLength(2);
    expect(stories).toContainEqual(['bridge-courier', 'bridge-herald', 'bridge-tribune']);
  });

  it('drops a removed article from its story, and the story once one source is left', async () => {
    ingest(rateRise);
    expect((await intelligence.storyOf('rates-ledger'))).not.toBeNull();
    await intelligence.removeItem('rates-herald');
    expect((await intelligence.storyOf('rates-ledger'))).toBeNull();
    expect(db.prepare('SELECT count(*) FROM story_items WHERE item_id = ?').pluck().get('rates-herald')).toBe(0);
  });
});

describe('similar items', () => {
  beforeEach(() => ingest([...bridgeCollapse, ...rateRise, ...festivalOneSource, bridgeWeekLater, ...unrelated]));

  it('ranks same-event articles first and never returns the item itself', async () => {
    const result = await intelligence.similar('bridge-herald', 5, everyone);
    const ids = result.map((r) => r.id);
    expect(ids).not.toContain('bridge-herald');
    expect(ids.slice(0, 2).sort()).toEqual(['bridge-courier', 'bridge-tribune']);
    expect(ids).toContain('bridge-later');
    expect(ids).not.toContain('recipe');
    for (let i = 1; i < result.length; i++) expect(result[i - 1].score).toBeGreaterThanOrEqual(result[i].score);
  });

  it('returns only items that visible lets through', async () => {
    const calls: string[][] = [];
    const onlyHerald = async (ids: string[]) => {
      calls.push(ids);
      return new Set(ids.filter((id) => id.endsWith('-herald') || id === 'bridge-later'));
    };
    const ids = (await intelligence.similar('bridge-courier', 10, onlyHerald)).map((r) => r.id);
    expect(calls.length).toBeGreaterThan(0);
    expect(ids[0]).toBe('bridge-herald');
    expect(ids.every((id) => id.endsWith('-herald') || id === 'bridge-later')).toBe(true);
    expect(ids).not.toContain('bridge-tribune');
  });

  it('honours the limit and answers nothing for an unknown item', async () => {
    expect(await intelligence.similar('bridge-herald', 1, everyone)).toHaveLength(1);
    expect(await intelligence.similar('no-such-item', 5, everyone)).toEqual([]);
  });

  it('forgets a removed item', async () => {
    await intelligence.removeItem('bridge-tribune');
    expect((await intelligence.similar('bridge-herald', 10, everyone)).map((r) => r.id)).not.toContain('bridge-tribune');
    expect(await intelligence.similar('bridge-tribune', 10, everyone)).toEqual([]);
  });

  it('indexes an item without any text, which then has no similar items and no story', async () => {
    ingest([{ id: 'episode', title: '', summary: '', content: '', source_id: 'podcast', published_at: null, url: null }]);
    expect(await intelligence.similar('episode', 5, everyone)).toEqual([]);
    expect((await intelligence.storyOf('episode'))).toBeNull();
  });

  it('replaces an item added twice instead of duplicating it', async () => {
    ingest([bridgeCollapse[0]]);
    const ids = (await intelligence.similar('bridge-courier', 10, everyone)).map((r) => r.id);
    expect(ids.filter((id) => id === 'bridge-herald')).toHaveLength(1);
    expect((await intelligence.storyOf('bridge-herald'))).toBe((await intelligence.storyOf('bridge-courier')));
  });
});

describe('adding items in a batch', () => {
  const all = () => [...bridgeCollapse, ...rateRise, ...unrelated].sort((a, b) => a.published_at!.localeCompare(b.published_at!));
  const frequencies = (handle: Database.Database) => handle.prepare('SELECT id, df FROM intel_terms ORDER BY id').all();
  const documents = (handle: Database.Database) => handle.prepare("SELECT value FROM intel_meta WHERE key = 'doc_count'").pluck().get();

  it('counts words and documents, forms stories and finds similar items as adding them one by one does', async () => {
    ingest(all());
    const other = new Database(path.join(dir, 'batch.db'));
    try {
      other.exec(intelligenceSchemaSql);
      const batched = createIntelligence(other);
      batched.batch(() => all().forEach((doc) => batched.addItem(doc)));
      expect(frequencies(other)).toEqual(frequencies(db));
      expect(documents(other)).toBe(documents(db));
      for (const id of ['bridge-herald', 'rates-ledger']) {
        expect(await batched.similar(id, 5, everyone)).toEqual(await intelligence.similar(id, 5, everyone));
        expect((await batched.storyOf(id))).not.toBeNull();
      }
    } finally {
      other.close();
    }
  });

  it('leaves nothing of a failed batch behind: no counts, no remembered documents', async () => {
    expect(() => intelligence.batch(() => {
      // Same-story articles, so placing the later ones reads the earlier ones back.
      for (const doc of bridgeCollapse) intelligence.addItem({ ...doc, id: `rolled-back-${doc.id}` });
      throw new Error('the feed could not be stored');
    })).toThrow('could not be stored');
    expect(frequencies(db)).toEqual([]);
    const later = [...rateRise, ...unrelated, ...bridgeCollapse];
    ingest(later);
    const other = new Database(path.join(dir, 'plain.db'));
    try {
      other.exec(intelligenceSchemaSql);
      const plain = createIntelligence(other);
      other.transaction(() => later.forEach((doc) => plain.addItem(doc)))();
      expect(frequencies(db)).toEqual(frequencies(other));
      for (const id of ['bridge-herald', 'rates-ledger']) expect(await intelligence.similar(id, 5, everyone)).toEqual(await plain.similar(id, 5, everyone));
      expect((await intelligence.storyOf('bridge-herald'))).toBe((await intelligence.storyOf('bridge-tribune')));
    } finally {
      other.close();
    }
  });

  it('counts on from the stored frequencies when a new instance opens an indexed database', async () => {
    const first = all().slice(0, 6);
    const rest = all().slice(6);
    ingest(first);
    const reopened = createIntelligence(db);
    db.transaction(() => rest.forEach((doc) => reopened.addItem(doc)))();
    const other = new Database(path.join(dir, 'one-go.db'));
    try {
      other.exec(intelligenceSchemaSql);
      const single = createIntelligence(other);
      other.transaction(() => all().forEach((doc) => single.addItem(doc)))();
      expect(frequencies(db)).toEqual(frequencies(other));
      expect(await reopened.similar('bridge-herald', 5, everyone)).toEqual(await single.similar('bridge-herald', 5, everyone));
    } finally {
      other.close();
    }
  });
});
