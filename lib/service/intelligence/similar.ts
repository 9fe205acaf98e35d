/**
 * Similar items: candidates from the postings of the item's strongest terms,
 * re-ranked by full TF-IDF cosine, nudged towards items of the same time and
 * the same story, then filtered to what the reader may see. When too few
 * survive the filter, the search widens.
 */
import { cosine, type Corpus } from './corpus';

/** Below this an item shares words, not a subject. */
const MIN_SCORE = 0.05;
/** Items of the same story are about the same event whatever their wording. */
const SAME_STORY_BONUS = 0.1;
/** Half of the score fades with distance in time, over about this many days. */
const TIME_SCALE_DAYS = 7;
/** Ever wider searches: query terms, postings read per term, candidates re-ranked. */
const ROUNDS = [
  { terms: 12, perTerm: 150, rerank: 80 },
  { terms: 24, perTerm: 1500, rerank: 600 },
  { terms: 48, perTerm: 20000, rerank: 5000 },
];
/** Candidates handed to `visible` at a time. */
const VISIBLE_BATCH = 100;

/** One similar item. */
export type SimilarItem = { id: string; score: number };

/** Finds up to `limit` items like `itemId` among those `visible` lets through, best first. */
export function findSimilar(
  corpus: Corpus,
  storiesOf: (itemIds: string[]) => Map<string, string>,
  itemId: string,
  limit: number,
  visible: (ids: string[]) => Set<string>,
): SimilarItem[] {
  const item = corpus.byItem(itemId);
  if (!item || limit <= 0) return [];
  const n = corpus.docCount() + 1;
  const query = corpus.weigh(item.terms, n);
  const ownStory = storiesOf([itemId]).get(itemId);
  const seen = new Set<number>([item.doc]);
  const found: SimilarItem[] = [];
  for (const round of ROUNDS) {
    const pool = [...corpus.candidates(query, round)].filter(([doc]) => !seen.has(doc));
    pool.sort((a, b) => b[1] - a[1]);
    const chosen = pool.slice(0, round.rerank).map(([doc]) => doc);
    for (const doc of chosen) seen.add(doc);
    const docs = [...corpus.byDocs(chosen).values()];
    const stories = ownStory ? storiesOf(docs.map((d) => d.itemId)) : new Map<string, string>();
    const ranked = docs
      .map((d) => {
        const days = Math.abs(d.hour - item.hour) / 24;
        let score = cosine(query, corpus.weigh(d.terms, n)) * (0.5 + 0.5 * Math.exp(-days / TIME_SCALE_DAYS));
        if (ownStory && stories.get(d.itemId) === ownStory) score += SAME_STORY_BONUS;
        return { id: d.itemId, score };
      })
      .filter((r) => r.score >= MIN_SCORE)
      .sort((a, b) => b.score - a.score);
    for (let i = 0; i < ranked.length && found.length < limit; i += VISIBLE_BATCH) {
      const batch = ranked.slice(i, i + VISIBLE_BATCH);
      const allowed = visible(batch.map((r) => r.id));
      for (const r of batch) if (allowed.has(r.id) && found.length < limit) found.push(r);
    }
    if (found.length >= limit) break;
  }
  return found.sort((a, b) => b.score - a.score);
}
