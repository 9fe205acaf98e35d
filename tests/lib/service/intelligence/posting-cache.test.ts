import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createIntelligence, intelligenceSchemaSql, type IndexedDoc, type SqliteIntelligence } from '@/lib/service/intelligence';
import { createPostingCache } from '@/lib/service/store/sqlite/posting-cache';
import { corpus, random } from '@/tests/fixtures/intelligence/event-corpus';

let dir: string;
const opened: Database.Database[] = [];

function openDb(name: string): Database.Database {
  const db = new Database(path.join(dir, name));
  db.pragma('journal_mode = WAL');
  db.exec(intelligenceSchemaSql);
  opened.push(db);
  return db;
}

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'tidings-postings-'));
});

afterEach(() => {
  for (const db of opened.splice(0)) db.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Each item's fellow members of its story (whatever the story's random id), as a comparable list. */
function storyMates(db: Database.Database): string[] {
  return db.prepare(`SELECT a.item_id || ':' || group_concat(b.item_id) FROM story_items a JOIN story_items b ON b.story_id = a.story_id
    GROUP BY a.item_id ORDER BY a.item_id`).pluck().all() as string[];
}

const everyone = async (ids: string[]) => new Set(ids);

/** Indexes `docs` in slices as the backlog does, and takes out and puts back a few as a re-fetched feed does. */
function ingest(intelligence: SqliteIntelligence, docs: IndexedDoc[]): void {
  for (let start = 0; start < docs.length; start += 25) {
    intelligence.batch(() => docs.slice(start, start + 25).forEach((doc) => intelligence.addItem(doc)));
    // Done when the call returns, in a transaction of its own.
    if (start % 100 === 0) void intelligence.removeItem(docs[start].id);
    if (start % 150 === 0 && start > 0) intelligence.batch(() => intelligence.addItem(docs[start - 100]));
  }
}

describe('postings held in memory', () => {
  it('places items in the same stories, and finds the same similar items, as reading every window from the table', async () => {
    const docs = corpus(400);
    const held = openDb('held.db');
    const read = openDb('read.db');
    const withMemory = createIntelligence(held);
    const fromTable = createIntelligence(read, { cachePostings: false });
    ingest(withMemory, docs);
    ingest(fromTable, docs);
    const mates = storyMates(held);
    expect(mates).toEqual(storyMates(read));
    // The corpus forms real stories, so placements were decided by the candidates found.
    expect(read.prepare('SELECT COUNT(*) FROM stories WHERE source_count >= 2').pluck().get()).toBeGreaterThan(20);
    for (const doc of docs.slice(0, 20)) expect(await withMemory.similar(doc.id, 5, everyone)).toEqual(await fromTable.similar(doc.id, 5, everyone));
  }, 60_000);

  it('keeps nothing of a rolled-back transaction, its own or a caller\'s', () => {
    const docs = corpus(300);
    const held = openDb('held.db');
    const read = openDb('read.db');
    const withMemory = createIntelligence(held);
    const fromTable = createIntelligence(read, { cachePostings: false });
    ingest(withMemory, docs.slice(0, 150));
    ingest(fromTable, docs.slice(0, 150));
    // Their document numbers are given again to the next items: remembered postings would point at those.
    expect(() => withMemory.batch(() => {
      docs.slice(150, 200).forEach((doc) => withMemory.addItem({ ...doc, id: `gone-${doc.id}` }));
      throw new Error('the feed could not be stored');
    })).toThrow('could not be stored');
    expect(() => held.transaction(() => {
      docs.slice(200, 250).forEach((doc) => withMemory.addItem({ ...doc, id: `gone-${doc.id}`, title: `${doc.title} ${doc.title}` }));
      void withMemory.removeItem(docs[10].id);
      throw new Error('the refresh could not be stored');
    })()).toThrow('could not be stored');
    ingest(withMemory, docs.slice(150));
    ingest(fromTable, docs.slice(150));
    expect(storyMates(held)).toEqual(storyMates(read));
  }, 60_000);

  it('forgets postings written in a transaction rolled back, whether the intelligence or its caller opened it', () => {
    const db = openDb('postings.db');
    const cache = createPostingCache(db);
    const insert = db.prepare('INSERT INTO intel_postings (term_id, hour, doc, weight) VALUES (?, ?, ?, ?)');
    const window = () => cache.window(1, 0, 50, 100, 50) ?? 'read from the table';
    const empty = { later: [], earlier: [] };
    expect(window()).toEqual(empty);
    const addPosting = (doc: number) => {
      insert.run(1, 60, doc, 500);
      cache.added(1, 60, doc, 500);
    };
    const leave = cache.enter();
    expect(() => db.transaction(() => {
      addPosting(1);
      expect(window()).toEqual({ later: [[1, 500]], earlier: [] });
      throw new Error('rolled back');
    })()).toThrow('rolled back');
    leave(false);
    expect(window()).toEqual(empty);
    expect(() => db.transaction(() => {
      addPosting(2);
      expect(window()).toEqual('read from the table');
      throw new Error('rolled back');
    })()).toThrow('rolled back');
    expect(window()).toEqual(empty);
  });

  it('answers every window as the table does, for terms held, evicted, too many to hold, added to and removed from', () => {
    const db = openDb('postings.db');
    const cache = createPostingCache(db, { term: 30, total: 100 });
    const insert = db.prepare('INSERT OR REPLACE INTO intel_postings (term_id, hour, doc, weight) VALUES (?, ?, ?, ?)');
    const remove = db.prepare('DELETE FROM intel_postings WHERE term_id = ? AND hour = ? AND doc = ?');
    const from = db.prepare('SELECT doc, weight FROM intel_postings WHERE term_id = ? AND hour >= ? AND hour <= ? ORDER BY hour, doc LIMIT ?').raw();
    const before = db.prepare('SELECT doc, weight FROM intel_postings WHERE term_id = ? AND hour < ? AND hour >= ? ORDER BY hour DESC, doc DESC LIMIT ?').raw();
    const next = random(7);
    const draw = (n: number) => Math.floor(next() * n);
    let doc = 0;
    const write = () => db.transaction(() => {
      for (let i = 0; i < 40; i++) {
        const [term, hour, weight] = [draw(8), 1000 + draw(200), 1 + draw(1000)];
        doc++;
        insert.run(term, hour, doc, weight);
        cache.added(term, hour, doc, weight);
        if (draw(4) === 0) {
          const victim = db.prepare('SELECT term_id, hour, doc FROM intel_postings ORDER BY random() LIMIT 1').raw().get() as [number, number, number];
          remove.run(...victim);
          cache.removed(...victim);
        }
      }
    })();
    let answered = 0;
    let refused = 0;
    for (let round = 0; round < 12; round++) {
      const leave = cache.enter();
      write();
      leave(true);
      for (let q = 0; q < 30; q++) {
        const term = draw(9);
        const start = 950 + draw(250);
        const end = start + draw(150);
        const middle = Math.floor((start + end) / 2);
        const limit = 1 + draw(25);
        const table = { later: from.all(term, middle, end, limit), earlier: before.all(term, middle, start, limit) };
        const held = cache.window(term, start, middle, end, limit);
        if (held) answered++;
        else refused++;
        expect(held ?? table).toEqual(table);
      }
    }
    expect(answered).toBeGreaterThan(100);
    expect(refused).toBeGreaterThan(10);
  });
});
