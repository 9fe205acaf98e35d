/**
 * Story clustering, incremental: a new item joins the story whose articles
 * from other outlets it resembles on average, within a time window; stories
 * that the new item shows to be one are merged, so the outcome depends little
 * on the order items arrive in. Each item starts as a one-article candidate;
 * a story is listed once it has two sources.
 */
import { randomUUID } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import { cosine, type Corpus, type StoredDoc, type Vector } from './corpus';

/** Articles more than this far apart are not reports of the same development. */
export const STORY_WINDOW_HOURS = 72;
/** Average similarity (time-discounted TF-IDF cosine) to a story's other-outlet articles needed to join it; chosen for precision. */
const JOIN_SIMILARITY = 0.15;
/**
 * Share of similarity lost per day apart: reports of one development cluster
 * within a day, while follow-ups on the same topic come days later.
 */
const DECAY_PER_DAY = 0.25;
/** Candidates examined per new item. */
const CANDIDATES = 15;
/** Articles of a story compared with a newcomer and when picking its lead: its earliest, which define the event; bounds the cost of big stories. */
const MEMBER_SAMPLE = 24;

/** Similarity of two articles, discounted by their distance in time. */
function related(a: Weighed, b: Weighed): number {
  const days = Math.abs(a.doc.hour - b.doc.hour) / 24;
  return cosine(a.vector, b.vector) * Math.max(0, 1 - DECAY_PER_DAY * days);
}

/** A document with its TF-IDF vector. */
type Weighed = { doc: StoredDoc; vector: Vector };

/** First and last hour of a story's articles. */
type Span = [number, number];

function hourOf(iso: string): number {
  return Math.floor(Date.parse(iso) / 3_600_000);
}

type Member = { item_id: string; source_id: string; published_at: string };

/** Opens story clustering over the corpus. */
export function createStories(db: Database, corpus: Corpus) {
  const stmt = {
    storyOfItem: db.prepare('SELECT story_id FROM story_items WHERE item_id = ?').pluck(),
    storiesOfItems: db.prepare('SELECT item_id, story_id FROM story_items WHERE item_id IN (SELECT value FROM json_each(?))').raw(),
    members: db.prepare('SELECT item_id, source_id, published_at FROM story_items WHERE story_id = ? ORDER BY published_at'),
    memberDocs: db.prepare(`SELECT d.doc FROM story_items s JOIN intel_docs d ON d.item_id = s.item_id
      WHERE s.story_id = ? ORDER BY s.published_at LIMIT ${MEMBER_SAMPLE}`).pluck(),
    span: db.prepare('SELECT first_published_at, last_published_at FROM stories WHERE id = ?').raw(),
    insertMember: db.prepare('INSERT OR REPLACE INTO story_items (item_id, story_id, source_id, published_at) VALUES (?, ?, ?, ?)'),
    deleteMember: db.prepare('DELETE FROM story_items WHERE item_id = ?'),
    moveMembers: db.prepare('UPDATE story_items SET story_id = ? WHERE story_id = ?'),
    insertStory: db.prepare(`INSERT INTO stories (id, title, summary, lead_item_id, first_published_at, last_published_at, article_count, source_count)
      VALUES (?, ?, ?, ?, ?, ?, 1, 1)`),
    updateStory: db.prepare(`UPDATE stories SET title = ?, summary = ?, lead_item_id = ?, first_published_at = ?, last_published_at = ?,
      article_count = ?, source_count = ? WHERE id = ?`),
    deleteStory: db.prepare('DELETE FROM stories WHERE id = ?'),
    storyRow: db.prepare('SELECT source_count FROM stories WHERE id = ?').pluck(),
  };

  /** Loads (a sample of) the documents of a story with their vectors, reusing those already in `loaded`. */
  function storyDocs(storyId: string, n: number, loaded = new Map<number, Weighed>()): Weighed[] {
    const wanted = stmt.memberDocs.all(storyId) as number[];
    const missing = wanted.filter((d) => !loaded.has(d));
    for (const doc of corpus.byDocs(missing).values()) loaded.set(doc.doc, { doc, vector: corpus.weigh(doc, n) });
    return wanted.flatMap((d) => loaded.get(d) ?? []);
  }

  /** First and last hour of a story. */
  function spanOf(storyId: string): Span {
    const [first, last] = stmt.span.get(storyId) as [string, string];
    return [hourOf(first), hourOf(last)];
  }

  /** Mean similarity of `doc` to the story's articles from other outlets, or null when the story would outgrow its window or has none. */
  function affinity(doc: StoredDoc, vector: Vector, span: Span, members: Weighed[]): number | null {
    if (Math.max(span[1], doc.hour) - Math.min(span[0], doc.hour) > STORY_WINDOW_HOURS) return null;
    let sum = 0;
    let count = 0;
    for (const member of members) {
      if (member.doc.sourceId === doc.sourceId || member.doc.doc === doc.doc) continue;
      sum += related({ doc, vector }, member);
      count++;
    }
    return count > 0 ? sum / count : null;
  }

  /** Mean similarity across two stories, over pairs from different outlets, or null when they cannot be one story. */
  function crossAffinity(a: Weighed[], spanA: Span, b: Weighed[], spanB: Span): number | null {
    if (Math.max(spanA[1], spanB[1]) - Math.min(spanA[0], spanB[0]) > STORY_WINDOW_HOURS) return null;
    let sum = 0;
    let count = 0;
    for (const x of a) {
      for (const y of b) {
        if (x.doc.sourceId === y.doc.sourceId) continue;
        sum += related(x, y);
        count++;
      }
    }
    return count > 0 ? sum / count : null;
  }

  /** Recomputes a story's counts, dates and lead article (the one closest to the others). */
  function refresh(storyId: string): void {
    const members = stmt.members.all(storyId) as Member[];
    if (members.length === 0) {
      stmt.deleteStory.run(storyId);
      return;
    }
    const n = corpus.docCount() + 1;
    const docs = storyDocs(storyId, n).sort((a, b) => a.doc.publishedAt.localeCompare(b.doc.publishedAt));
    let lead = docs[0];
    let best = -1;
    for (const x of docs) {
      let total = 0;
      for (const y of docs) if (x !== y) total += cosine(x.vector, y.vector);
      if (total > best + 1e-9) {
        best = total;
        lead = x;
      }
    }
    const sources = new Set(members.map((m) => m.source_id)).size;
    stmt.updateStory.run(
      lead?.doc.title ?? '', lead?.doc.summary ?? '', lead?.doc.itemId ?? members[0].item_id,
      members[0].published_at, members[members.length - 1].published_at, members.length, sources, storyId,
    );
  }

  /** Places a newly indexed document in a story, merging stories it shows to be the same. */
  function place(doc: StoredDoc, vector: Vector): string {
    const n = corpus.docCount() + 1;
    const window: [number, number] = [doc.hour - STORY_WINDOW_HOURS, doc.hour + STORY_WINDOW_HOURS];
    const scored = [...corpus.candidates(vector, { terms: 20, window }).scores].filter(([d]) => d !== doc.doc).sort((a, b) => b[1] - a[1]).slice(0, CANDIDATES);
    const loaded = new Map<number, Weighed>();
    for (const c of corpus.byDocs(scored.map(([d]) => d)).values()) loaded.set(c.doc, { doc: c, vector: corpus.weigh(c, n) });
    const linked = [...loaded.values()].filter((c) => c.doc.sourceId !== doc.sourceId && related({ doc, vector }, c) >= JOIN_SIMILARITY).map((c) => c.doc);
    const storyIds = new Set<string>();
    if (linked.length > 0) {
      for (const [, storyId] of stmt.storiesOfItems.all(JSON.stringify(linked.map((c) => c.itemId))) as Array<[string, string]>) storyIds.add(storyId);
    }
    const passing: Array<{ storyId: string; score: number; span: Span; members: Weighed[] }> = [];
    for (const storyId of storyIds) {
      const span = spanOf(storyId);
      const members = storyDocs(storyId, n, loaded);
      const score = affinity(doc, vector, span, members);
      if (score !== null && score >= JOIN_SIMILARITY) passing.push({ storyId, score, span, members });
    }
    passing.sort((a, b) => b.score - a.score);
    if (passing.length === 0) {
      const storyId = randomUUID();
      stmt.insertStory.run(storyId, doc.title, doc.summary, doc.itemId, doc.publishedAt, doc.publishedAt);
      stmt.insertMember.run(doc.itemId, storyId, doc.sourceId, doc.publishedAt);
      return storyId;
    }
    const target = passing[0];
    stmt.insertMember.run(doc.itemId, target.storyId, doc.sourceId, doc.publishedAt);
    const grown = [...target.members, { doc, vector }];
    let span: Span = [Math.min(target.span[0], doc.hour), Math.max(target.span[1], doc.hour)];
    for (const other of passing.slice(1)) {
      const score = crossAffinity(grown, span, other.members, other.span);
      if (score === null || score < JOIN_SIMILARITY) continue;
      stmt.moveMembers.run(target.storyId, other.storyId);
      stmt.deleteStory.run(other.storyId);
      grown.push(...other.members);
      span = [Math.min(span[0], other.span[0]), Math.max(span[1], other.span[1])];
    }
    refresh(target.storyId);
    return target.storyId;
  }

  /** Takes an item out of its story; an emptied story disappears. */
  function unplace(itemId: string): void {
    const storyId = stmt.storyOfItem.get(itemId) as string | undefined;
    if (!storyId) return;
    stmt.deleteMember.run(itemId);
    refresh(storyId);
  }

  /** The listed story (two sources or more) an item belongs to. */
  function storyOf(itemId: string): string | null {
    const storyId = stmt.storyOfItem.get(itemId) as string | undefined;
    if (!storyId) return null;
    return ((stmt.storyRow.get(storyId) as number | undefined) ?? 0) >= 2 ? storyId : null;
  }

  /** Documents of the other articles clustered with an item, listed story or not. */
  function peers(itemId: string): number[] {
    const storyId = stmt.storyOfItem.get(itemId) as string | undefined;
    return storyId ? (stmt.memberDocs.all(storyId) as number[]) : [];
  }

  return { place, unplace, storyOf, peers };
}
