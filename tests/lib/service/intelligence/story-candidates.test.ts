import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createIntelligence, intelligenceSchemaSql } from '@/lib/service/intelligence';
import { createCorpus } from '@/lib/service/intelligence/corpus';
import { runNow } from '@/lib/service/intelligence/storage';
import { sqliteIntelligenceStorage } from '@/lib/service/store/sqlite/intelligence';

let dir: string;
let db: Database.Database;

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'tidings-candidates-'));
  db = new Database(path.join(dir, 'test.db'));
  db.exec(intelligenceSchemaSql);
});

afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('story candidates', () => {
  it('reads 200 postings per term within the time window, however many documents share it', () => {
    // A feed of thousands of undated items (all dated "now") put every earlier item in each new
    // one's window: placing them cost items squared (4000 items: 19 s with the event loop held).
    const intelligence = createIntelligence(db);
    const at = '2026-03-01T12:00:00Z';
    db.transaction(() => {
      for (let i = 0; i < 300; i++) {
        intelligence.addItem({ id: `item-${i}`, title: `Harbour crane report ${i}`, summary: 'Harbour crane report.',
          content: '<p>Harbour crane report.</p>', source_id: `source-${i % 3}`, published_at: at, url: null });
      }
    })();
    const corpus = createCorpus();
    const storage = sqliteIntelligenceStorage(db);
    const doc = runNow(corpus.byItem('item-0'), storage)!;
    const vector = corpus.weigh(doc, runNow(corpus.docCount(), storage));
    const { scores, capped } = runNow(corpus.candidates(vector, { terms: 1, window: [doc.hour - 72, doc.hour + 72] }), storage);
    expect(scores.size).toBe(200);
    expect(capped).toBe(true);
  });
});
