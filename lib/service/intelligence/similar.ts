/**
 * Similar items: candidates from the postings of the item's strongest terms,
 * screened by what the reader may see, re-ranked by full TF-IDF cosine and
 * nudged towards items of the same time and the same story. When too few
 * survive, the search widens.
 */
import { cosine, type Corpus } from './corpus';
import { ask, type Steps } from './storage';

/** Below this an item shares words, not a subject. */
const MIN_SCORE = 0.05;
/** Items of the same story are about the same event whatever their wording. */
const SAME_STORY_BONUS = 0.1;
/** Half of the score fades with distance in time, over about this many days. */
const TIME_SCALE_DAYS = 7;
/**
 * Ever wider searches: query terms, postings read per term, candidates
 * screened through `visible` (best postings score first) and visible ones re-ranked.
 */
const ROUNDS = [
  { terms: 24, perTerm: 200, screen: 5000, rerank: 100 },
  { terms: 32, perTerm: 1500, screen: 20000, rerank: 100 },
];

/** One similar item. */
export type SimilarItem = { id: string; score: number };

/** What similar items need to know of stories: the documents clustered with an item. */
export type StoryPeers = (itemId: string) => Steps<number[]>;

/** Which of a round's candidate item ids the reader may see: the caller asks its store, once per round. */
export type VisibleAmong = (candidateIds: string[]) => Promise<Set<string>>;

/** Finds up to `limit` items like `itemId` among those `visible` lets through, best first. */
export function* findSimilar(
  corpus: Corpus,
  storyPeers: StoryPeers,
  itemId: string,
  limit: number,
  visible: VisibleAmong,
): Steps<SimilarItem[]> {
  const item = yield* corpus.byItem(itemId);
  if (!item || limit <= 0) return [];
  const n = (yield* corpus.docCount()) + 1;
  const query = corpus.weigh(item, n);
  const peers = new Set(yield* storyPeers(itemId));
  const seen = new Set<number>([item.doc]);
  const found: SimilarItem[] = [];
  for (const [round, options] of ROUNDS.entries()) {
    const { scores, capped } = yield* corpus.candidates(query, options);
    const pool = [...scores].filter(([doc]) => !seen.has(doc)).sort((a, b) => b[1] - a[1]).slice(0, options.screen).map(([doc]) => doc);
    // The item's story peers are candidates from the start, whatever words they share.
    if (round === 0) for (const doc of peers) if (!seen.has(doc) && !scores.has(doc)) pool.unshift(doc);
    for (const doc of pool) seen.add(doc);
    const ids = yield* corpus.itemIdsOf(pool);
    const candidateIds = [...ids.values()];
    const allowed = pool.length > 0 ? yield* ask(() => visible(candidateIds)) : new Set<string>();
    const shown = pool.filter((doc) => allowed.has(ids.get(doc) ?? '')).slice(0, options.rerank);
    const hidden = pool.length - allowed.size;
    for (const d of (yield* corpus.byDocs(shown)).values()) {
      const days = Math.abs(d.hour - item.hour) / 24;
      let score = cosine(query, corpus.weigh(d, n)) * (0.5 + 0.5 * Math.exp(-days / TIME_SCALE_DAYS));
      if (peers.has(d.doc)) score += SAME_STORY_BONUS;
      if (score >= MIN_SCORE) found.push({ id: d.itemId, score });
    }
    // Widening helps only when the reader's filter kept candidates out and some term had more postings than were read.
    if (found.length >= limit || hidden === 0 || (!capped && scores.size <= options.screen)) break;
  }
  return found.sort((a, b) => b.score - a.score).slice(0, limit);
}
