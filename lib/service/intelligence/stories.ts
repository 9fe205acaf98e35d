/**
 * Story clustering, incremental: a new item joins the story whose articles
 * from other outlets it resembles on average, within a time window; stories
 * that the new item shows to be one are merged, so the outcome depends little
 * on the order items arrive in. Each item starts as a one-article candidate;
 * a story is listed once it has two sources.
 */
import { randomUUID } from 'node:crypto';
import { cosine, type Corpus, type StoredDoc, type Vector } from './corpus';
import { ask, type Steps } from './storage';

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

/** A story a new document may join, with its similarity to it and the articles compared. */
type Passing = { storyId: string; score: number; span: Span; members: Weighed[] };

function hourOf(iso: string): number {
  return Math.floor(Date.parse(iso) / 3_600_000);
}

/** Opens story clustering over the corpus; every method is steps for an engine's storage to run. */
export function createStories(corpus: Corpus) {
  /** Loads (a sample of) the documents of a story with their vectors, reusing those already in `loaded`. */
  function* storyDocs(storyId: string, n: number, loaded = new Map<number, Weighed>()): Steps<Weighed[]> {
    const wanted = yield* ask((s) => s.memberDocs(storyId, MEMBER_SAMPLE));
    const missing = wanted.filter((d) => !loaded.has(d));
    for (const doc of (yield* corpus.byDocs(missing)).values()) loaded.set(doc.doc, { doc, vector: corpus.weigh(doc, n) });
    return wanted.flatMap((d) => loaded.get(d) ?? []);
  }

  /** First and last hour of a story. */
  function* spanOf(storyId: string): Steps<Span> {
    const [first, last] = yield* ask((s) => s.span(storyId));
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
  function* refresh(storyId: string): Steps<void> {
    const members = yield* ask((s) => s.members(storyId));
    if (members.length === 0) {
      yield* ask((s) => s.deleteStory(storyId));
      return;
    }
    const n = (yield* corpus.docCount()) + 1;
    const docs = (yield* storyDocs(storyId, n)).sort((a, b) => a.doc.publishedAt.localeCompare(b.doc.publishedAt));
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
    yield* ask((s) => s.updateStory({
      id: storyId, title: lead?.doc.title ?? '', summary: lead?.doc.summary ?? '', leadItemId: lead?.doc.itemId ?? members[0].item_id,
      firstPublishedAt: members[0].published_at, lastPublishedAt: members[members.length - 1].published_at, articleCount: members.length, sourceCount: sources,
    }));
  }

  /** The stories a new document may join, best first. */
  function* passingStories(doc: StoredDoc, vector: Vector): Steps<Passing[]> {
    const n = (yield* corpus.docCount()) + 1;
    const window: [number, number] = [doc.hour - STORY_WINDOW_HOURS, doc.hour + STORY_WINDOW_HOURS];
    const scored = [...(yield* corpus.candidates(vector, { terms: 20, window })).scores].filter(([d]) => d !== doc.doc).sort((a, b) => b[1] - a[1]).slice(0, CANDIDATES);
    const loaded = new Map<number, Weighed>();
    for (const c of (yield* corpus.byDocs(scored.map(([d]) => d))).values()) loaded.set(c.doc, { doc: c, vector: corpus.weigh(c, n) });
    const linked = [...loaded.values()].filter((c) => c.doc.sourceId !== doc.sourceId && related({ doc, vector }, c) >= JOIN_SIMILARITY).map((c) => c.doc);
    const storyIds = new Set<string>();
    if (linked.length > 0) {
      for (const [, storyId] of yield* ask((s) => s.storiesOfItems(linked.map((c) => c.itemId)))) storyIds.add(storyId);
    }
    const passing: Passing[] = [];
    for (const storyId of storyIds) {
      const span = yield* spanOf(storyId);
      const members = yield* storyDocs(storyId, n, loaded);
      const score = affinity(doc, vector, span, members);
      if (score !== null && score >= JOIN_SIMILARITY) passing.push({ storyId, score, span, members });
    }
    return passing.sort((a, b) => b.score - a.score);
  }

  /**
   * Places a newly indexed document in a story, merging stories it shows to be the same. In two
   * generators, not one: a large one with many steps took V8 several times as long to compile.
   */
  function* place(doc: StoredDoc, vector: Vector): Steps<string> {
    const passing = yield* passingStories(doc, vector);
    const member = { item_id: doc.itemId, source_id: doc.sourceId, published_at: doc.publishedAt };
    if (passing.length === 0) {
      const storyId = randomUUID();
      yield* ask((s) => s.insertStory({
        id: storyId, title: doc.title, summary: doc.summary, leadItemId: doc.itemId, firstPublishedAt: doc.publishedAt, lastPublishedAt: doc.publishedAt,
        articleCount: 1, sourceCount: 1,
      }, member));
      return storyId;
    }
    const target = passing[0];
    yield* ask((s) => s.putMember(target.storyId, member));
    const grown = [...target.members, { doc, vector }];
    let span: Span = [Math.min(target.span[0], doc.hour), Math.max(target.span[1], doc.hour)];
    for (const other of passing.slice(1)) {
      const score = crossAffinity(grown, span, other.members, other.span);
      if (score === null || score < JOIN_SIMILARITY) continue;
      yield* ask((s) => s.mergeStory(target.storyId, other.storyId));
      grown.push(...other.members);
      span = [Math.min(span[0], other.span[0]), Math.max(span[1], other.span[1])];
    }
    yield* refresh(target.storyId);
    return target.storyId;
  }

  /** Takes an item out of its story; an emptied story disappears. */
  function* unplace(itemId: string): Steps<void> {
    const storyId = yield* ask((s) => s.storyOfItem(itemId));
    if (!storyId) return;
    yield* ask((s) => s.deleteMember(itemId));
    yield* refresh(storyId);
  }

  /** The listed story (two sources or more) an item belongs to. */
  function* storyOf(itemId: string): Steps<string | null> {
    const storyId = yield* ask((s) => s.storyOfItem(itemId));
    if (!storyId) return null;
    return ((yield* ask((s) => s.sourceCount(storyId))) ?? 0) >= 2 ? storyId : null;
  }

  /** Documents of the other articles clustered with an item, listed story or not. */
  function* peers(itemId: string): Steps<number[]> {
    const storyId = yield* ask((s) => s.storyOfItem(itemId));
    return storyId ? yield* ask((s) => s.memberDocs(storyId, MEMBER_SAMPLE)) : [];
  }

  return { place, unplace, storyOf, peers };
}
