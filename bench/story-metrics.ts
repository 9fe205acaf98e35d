/**
 * Scoring and the title-overlap baseline for the same-story bench. The
 * baseline is what a reader would get from matching headlines alone.
 */
import { isStopword } from '@/lib/service/intelligence/stopwords';

/** An article of the same-story set, as the clusterer may see it, plus the answer for scoring. */
export type Article = {
  id: string;
  title: string;
  summary: string;
  content: string;
  source: string;
  published_at: string;
  url: string | null;
  story_id: string | null;
};

/** Pairwise precision and recall of predicted same-story pairs against the labelled ones. */
export function pairScores(articles: Article[], clusterOf: Map<string, string>): { precision: number; recall: number; predictedPairs: number; truePairs: number } {
  let predicted = 0;
  let truth = 0;
  let both = 0;
  for (let i = 0; i < articles.length; i++) {
    for (let j = i + 1; j < articles.length; j++) {
      const a = articles[i];
      const b = articles[j];
      const same = a.story_id !== null && a.story_id === b.story_id;
      const ca = clusterOf.get(a.id);
      const together = ca !== undefined && ca === clusterOf.get(b.id);
      if (same) truth++;
      if (together) predicted++;
      if (same && together) both++;
    }
  }
  return { precision: predicted ? both / predicted : 1, recall: truth ? both / truth : 1, predictedPairs: predicted, truePairs: truth };
}

/** Mean over labelled articles of the share of their same-story siblings found in their top `k`. */
export function recallAtK(articles: Article[], topOf: (id: string) => string[]): number {
  const storyOf = new Map(articles.map((a) => [a.id, a.story_id]));
  let sum = 0;
  let count = 0;
  for (const a of articles) {
    if (!a.story_id) continue;
    const siblings = articles.filter((b) => b.id !== a.id && b.story_id === a.story_id);
    if (siblings.length === 0) continue;
    const top = topOf(a.id);
    sum += top.filter((id) => storyOf.get(id) === a.story_id).length / siblings.length;
    count++;
  }
  return count ? sum / count : 0;
}

function titleWords(title: string): Set<string> {
  return new Set(title.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((w) => w.length > 2 && !isStopword(w)));
}

function jaccard(a: Set<string>, b: Set<string>): number {
  let shared = 0;
  for (const w of a) if (b.has(w)) shared++;
  return shared / Math.max(1, a.size + b.size - shared);
}

const BASELINE_LINK = 0.25;
const BASELINE_WINDOW_MS = 3 * 24 * 3_600_000;

/** Baseline stories: articles of different outlets within three days whose headlines share a quarter of their words, joined transitively. */
export function baselineClusters(articles: Article[]): Map<string, string> {
  const parent = new Map(articles.map((a) => [a.id, a.id]));
  const find = (id: string): string => {
    let root = id;
    while (parent.get(root) !== root) root = parent.get(root)!;
    parent.set(id, root);
    return root;
  };
  const words = articles.map((a) => titleWords(a.title));
  for (let i = 0; i < articles.length; i++) {
    for (let j = i + 1; j < articles.length; j++) {
      const a = articles[i];
      const b = articles[j];
      if (a.source === b.source) continue;
      if (Math.abs(Date.parse(a.published_at) - Date.parse(b.published_at)) > BASELINE_WINDOW_MS) continue;
      if (jaccard(words[i], words[j]) >= BASELINE_LINK) parent.set(find(a.id), find(b.id));
    }
  }
  return new Map(articles.map((a) => [a.id, find(a.id)]));
}

/** Baseline similar items: the articles whose headlines share most words, nearest in time on ties. */
export function baselineTop(articles: Article[], k: number): (id: string) => string[] {
  const words = new Map(articles.map((a) => [a.id, titleWords(a.title)]));
  const byId = new Map(articles.map((a) => [a.id, a]));
  return (id) => {
    const a = byId.get(id)!;
    return articles
      .filter((b) => b.id !== id)
      .map((b) => ({ id: b.id, score: jaccard(words.get(id)!, words.get(b.id)!), gap: Math.abs(Date.parse(a.published_at) - Date.parse(b.published_at)) }))
      .sort((x, y) => y.score - x.score || x.gap - y.gap)
      .slice(0, k)
      .map((r) => r.id);
  };
}
