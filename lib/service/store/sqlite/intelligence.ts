/**
 * The intelligence's storage on SQLite (see intelligence/storage.ts): the statements it ran before
 * the port, answering at once so indexing stays inside the caller's transaction, and the postings
 * held in memory (posting-cache.ts) in front of the window lookups.
 */
import type { Database, Statement } from 'better-sqlite3';
import type { IntelligenceStorage } from '../../intelligence/storage';
import type { DocRow } from '../../intelligence/stored-doc';
import { createPostingCache } from './posting-cache';

/** SQLite's intelligence storage, with what a transaction of the intelligence's own must call first. */
export type SqliteIntelligenceStorage = IntelligenceStorage & {
  /** Call before opening a transaction of the intelligence's own; returns what to call when it ends (see PostingCache.enter). */
  enter(): (committed: boolean) => void;
};

/** The intelligence's storage over a database with its schema; `cachePostings: false` reads every window from the table. */
export function sqliteIntelligenceStorage(db: Database, { cachePostings = true } = {}): SqliteIntelligenceStorage {
  const postings = cachePostings ? createPostingCache(db) : null;
  db.prepare("INSERT OR IGNORE INTO intel_meta (key, value) VALUES ('last_doc', COALESCE((SELECT MAX(doc) FROM intel_docs), 0))").run();
  const stmt = {
    count: db.prepare("SELECT value FROM intel_meta WHERE key = 'doc_count'").pluck(),
    bumpCount: db.prepare("INSERT INTO intel_meta (key, value) VALUES ('doc_count', ?) ON CONFLICT (key) DO UPDATE SET value = value + excluded.value"),
    termCount: db.prepare('SELECT COUNT(*) FROM intel_terms').pluck(),
    allDfs: db.prepare('SELECT id, df FROM intel_terms').raw(),
    dfs: db.prepare('SELECT id, df FROM intel_terms WHERE id IN (SELECT value FROM json_each(?))').raw(),
    addDfs: db.prepare(`INSERT INTO intel_terms (id, df) SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]') FROM json_each(?) WHERE true
      ON CONFLICT (id) DO UPDATE SET df = df + excluded.df`),
    // Numbers are never reused, even after the newest document is removed, so a number read once names the same document for good.
    nextDocs: db.prepare("UPDATE intel_meta SET value = value + ? WHERE key = 'last_doc' RETURNING value").pluck(),
    insertDoc: db.prepare('INSERT INTO intel_docs (doc, item_id, source_id, hour, published_at) VALUES (?, ?, ?, ?, ?)'),
    insertVector: db.prepare('INSERT INTO intel_vectors (doc, title, summary, vec) VALUES (?, ?, ?, ?)'),
    placedAmong: db.prepare(`SELECT item_id FROM intel_docs WHERE item_id IN (SELECT value FROM json_each(?))
      UNION SELECT item_id FROM story_items WHERE item_id IN (SELECT value FROM json_each(?))`).pluck(),
    docByItem: db.prepare('SELECT d.*, v.title, v.summary, v.vec FROM intel_docs d JOIN intel_vectors v ON v.doc = d.doc WHERE d.item_id = ?'),
    docsByDoc: db.prepare(`SELECT d.*, v.title, v.summary, v.vec FROM intel_docs d JOIN intel_vectors v ON v.doc = d.doc
      WHERE d.doc IN (SELECT value FROM json_each(?))`),
    deleteVector: db.prepare('DELETE FROM intel_vectors WHERE doc = ?'),
    itemIdsByDoc: db.prepare('SELECT doc, item_id FROM intel_docs WHERE doc IN (SELECT value FROM json_each(?))').raw(),
    deleteDoc: db.prepare('DELETE FROM intel_docs WHERE doc = ?'),
    deletePosting: db.prepare('DELETE FROM intel_postings WHERE term_id = ? AND hour = ? AND doc = ?'),
    postingsByWeight: db.prepare('SELECT doc, weight FROM intel_postings WHERE term_id = ? ORDER BY weight DESC LIMIT ?').raw(),
    // Walks the primary key out from the window's middle: sorting the window by weight read all of it.
    postingsFrom: db.prepare('SELECT doc, weight FROM intel_postings WHERE term_id = ? AND hour >= ? AND hour <= ? ORDER BY hour, doc LIMIT ?').raw(),
    postingsBefore: db.prepare('SELECT doc, weight FROM intel_postings WHERE term_id = ? AND hour < ? AND hour >= ? ORDER BY hour DESC, doc DESC LIMIT ?').raw(),
    storyOfItem: db.prepare('SELECT story_id FROM story_items WHERE item_id = ?').pluck(),
    storiesOfItems: db.prepare('SELECT item_id, story_id FROM story_items WHERE item_id IN (SELECT value FROM json_each(?))').raw(),
    members: db.prepare('SELECT item_id, source_id, published_at FROM story_items WHERE story_id = ? ORDER BY published_at'),
    memberDocs: db.prepare(`SELECT d.doc FROM story_items s JOIN intel_docs d ON d.item_id = s.item_id
      WHERE s.story_id = ? ORDER BY s.published_at LIMIT ?`).pluck(),
    span: db.prepare('SELECT first_published_at, last_published_at FROM stories WHERE id = ?').raw(),
    insertMember: db.prepare('INSERT OR REPLACE INTO story_items (item_id, story_id, source_id, published_at) VALUES (?, ?, ?, ?)'),
    deleteMember: db.prepare('DELETE FROM story_items WHERE item_id = ?'),
    moveMembers: db.prepare('UPDATE story_items SET story_id = ? WHERE story_id = ?'),
    insertStory: db.prepare(`INSERT INTO stories (id, title, summary, lead_item_id, first_published_at, last_published_at, article_count, source_count)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?)`),
    updateStory: db.prepare(`UPDATE stories SET title = ?, summary = ?, lead_item_id = ?, first_published_at = ?, last_published_at = ?,
      article_count = ?, source_count = ? WHERE id = ?`),
    deleteStory: db.prepare('DELETE FROM stories WHERE id = ?'),
    sourceCount: db.prepare('SELECT source_count FROM stories WHERE id = ?').pluck(),
  };

  /** The statement writing `n` postings in one go (one call into SQLite per document instead of twenty), prepared once per count. */
  const postingInserts = new Map<number, Statement>();
  function insertPostings(n: number): Statement {
    let statement = postingInserts.get(n);
    if (!statement) {
      statement = db.prepare(`INSERT OR REPLACE INTO intel_postings (term_id, hour, doc, weight) VALUES ${Array(n).fill('(?, ?, ?, ?)').join(', ')}`);
      postingInserts.set(n, statement);
    }
    return statement;
  }

  function insertFlat(flat: number[]): void {
    insertPostings(flat.length / 4).run(flat);
    for (let i = 0; i < flat.length; i += 4) postings?.added(flat[i], flat[i + 1], flat[i + 2], flat[i + 3]);
  }

  return {
    docCount: () => (stmt.count.get() as number | undefined) ?? 0,
    addDocCount: (n) => void stmt.bumpCount.run(n),
    termCount: () => stmt.termCount.get() as number,
    allFrequencies: () => stmt.allDfs.all() as Array<[number, number]>,
    frequencies: (ids) => stmt.dfs.all(JSON.stringify(ids)) as Array<[number, number]>,
    addFrequencies: (increments) => void stmt.addDfs.run(JSON.stringify(increments)),
    nextDocs: (n) => (stmt.nextDocs.get(n) as number) - n + 1,
    insertDoc(doc) {
      stmt.insertDoc.run(doc.doc, doc.itemId, doc.sourceId, doc.hour, doc.publishedAt);
      stmt.insertVector.run(doc.doc, doc.title, doc.summary, doc.vec);
      if (doc.postings.length) insertFlat(doc.postings);
    },
    placedAmong: (itemIds) => {
      const ids = JSON.stringify(itemIds);
      return stmt.placedAmong.all(ids, ids) as string[];
    },
    docByItem: (itemId) => stmt.docByItem.get(itemId) as DocRow | undefined,
    docsByNumber: (docs) => stmt.docsByDoc.all(JSON.stringify(docs)) as DocRow[],
    itemIdsOf: (docs) => stmt.itemIdsByDoc.all(JSON.stringify(docs)) as Array<[number, string]>,
    deleteDoc(doc) {
      stmt.deleteDoc.run(doc);
      stmt.deleteVector.run(doc);
    },
    insertPostings: insertFlat,
    deletePostings(termIds, hour, doc) {
      for (let i = 0; i < termIds.length; i++) {
        stmt.deletePosting.run(termIds[i], hour, doc);
        postings?.removed(termIds[i], hour, doc);
      }
    },
    postingsByWeight: (termIds, limit) => termIds.map((termId) => stmt.postingsByWeight.all(termId, limit) as Array<[number, number]>),
    postingsWindows: (termIds, start, middle, end, limit) => termIds.map((termId) => postings?.window(termId, start, middle, end, limit) ?? {
      later: stmt.postingsFrom.all(termId, middle, end, limit) as Array<[number, number]>,
      earlier: stmt.postingsBefore.all(termId, middle, start, limit) as Array<[number, number]>,
    }),
    storyOfItem: (itemId) => stmt.storyOfItem.get(itemId) as string | undefined,
    storiesOfItems: (itemIds) => stmt.storiesOfItems.all(JSON.stringify(itemIds)) as Array<[string, string]>,
    members: (storyId) => stmt.members.all(storyId) as Array<{ item_id: string; source_id: string; published_at: string }>,
    memberDocs: (storyId, limit) => stmt.memberDocs.all(storyId, limit) as number[],
    span: (storyId) => stmt.span.get(storyId) as [string, string],
    putMember: (storyId, member) => void stmt.insertMember.run(member.item_id, storyId, member.source_id, member.published_at),
    deleteMember: (itemId) => void stmt.deleteMember.run(itemId),
    mergeStory(to, from) {
      stmt.moveMembers.run(to, from);
      stmt.deleteStory.run(from);
    },
    insertStory(story, member) {
      stmt.insertStory.run(story.id, story.title, story.summary, story.leadItemId, story.firstPublishedAt, story.lastPublishedAt, story.articleCount,
        story.sourceCount);
      stmt.insertMember.run(member.item_id, story.id, member.source_id, member.published_at);
    },
    updateStory: (story) => void stmt.updateStory.run(story.title, story.summary, story.leadItemId, story.firstPublishedAt,
      story.lastPublishedAt, story.articleCount, story.sourceCount, story.id),
    deleteStory: (storyId) => void stmt.deleteStory.run(storyId),
    sourceCount: (storyId) => stmt.sourceCount.get(storyId) as number | undefined,
    inTransaction: () => db.inTransaction,
    enter: () => postings?.enter() ?? (() => {}),
  };
}
