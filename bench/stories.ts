/**
 * Same-story quality on ../shared/stories/dev.jsonl: articles are fed, one
 * source per outlet in published order, through the intelligence module into
 * a fresh SQLite file; then story clusters and similar items are scored
 * beside a title-overlap baseline. Only title, summary, content, source,
 * published_at and url reach the module; story_id is used to score.
 * Run: npx tsx bench/stories.ts
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import Database from 'better-sqlite3';
import { createIntelligence, intelligenceSchemaSql } from '@/lib/service/intelligence';
import { baselineClusters, baselineTop, pairScores, recallAtK, type Article } from './story-metrics';

/** Figures of one run. */
export type StoryFigures = {
  articles: number;
  stories: { precision: number; recall: number; listed: number; truePairs: number; predictedPairs: number };
  baselineStories: { precision: number; recall: number };
  similarRecallAt5: number;
  baselineSimilarRecallAt5: number;
  addItemMedianMs: number;
  /** The same clustering with the articles arriving in a shuffled order: how much order matters. */
  shuffledArrival?: { precision: number; recall: number };
};

/** Path of the development set, beside the repository. */
export const devSetPath = () => path.resolve(process.cwd(), '../shared/stories/dev.jsonl');

/** Reads the development set, keeping the fields a clusterer may see and the answer. */
export function readArticles(file = devSetPath()): Article[] {
  return readFileSync(file, 'utf8').split('\n').filter(Boolean).map((line) => {
    const raw = JSON.parse(line) as Record<string, unknown>;
    return {
      id: String(raw.id), title: String(raw.title ?? ''), summary: String(raw.summary ?? ''), content: String(raw.content ?? ''),
      source: String(raw.source ?? ''), published_at: String(raw.published_at), url: typeof raw.url === 'string' ? raw.url : null,
      story_id: typeof raw.story_id === 'string' ? raw.story_id : null,
    };
  });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)] : 0;
}

/** A fixed pseudo-random permutation, to see how much arrival order moves the clusters. */
function shuffled<T>(list: T[], seed: number): T[] {
  const copy = [...list];
  let state = seed;
  for (let i = copy.length - 1; i > 0; i--) {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    const j = state % (i + 1);
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}

/** Runs the bench in published order, then stories again in a shuffled order; null when the development set is absent. */
export function run(file = devSetPath()): StoryFigures | null {
  if (!existsSync(file)) {
    console.log(`skipped: ${file} is absent`);
    return null;
  }
  const articles = readArticles(file);
  const figures = measure(articles);
  const shuffled = measure(articles, 7);
  return { ...figures, shuffledArrival: { precision: shuffled.stories.precision, recall: shuffled.stories.recall } };
}

/** Lines for the bench report. */
export function summarize(f: StoryFigures): string[] {
  const pct = (x: number) => x.toFixed(3);
  return [
    `articles ${f.articles}; stories listed ${f.stories.listed}`,
    `stories   precision ${pct(f.stories.precision)} recall ${pct(f.stories.recall)}  (baseline ${pct(f.baselineStories.precision)} / ${pct(f.baselineStories.recall)}; shuffled arrival ${pct(f.shuffledArrival?.precision ?? NaN)} / ${pct(f.shuffledArrival?.recall ?? NaN)})`,
    `similar   recall@5 ${pct(f.similarRecallAt5)}  (baseline ${pct(f.baselineSimilarRecallAt5)})`,
    `addItem median ${f.addItemMedianMs.toFixed(2)} ms`,
  ];
}

/** Feeds the articles (published order, or shuffled by `shuffleSeed`) into a fresh database and scores the result. */
export function measure(articles: Article[], shuffleSeed?: number): StoryFigures {
  const dir = mkdtempSync(path.join(tmpdir(), 'tidings-stories-'));
  const db = new Database(path.join(dir, 'bench.db'));
  try {
    db.pragma('journal_mode = WAL');
    db.exec(intelligenceSchemaSql);
    const intelligence = createIntelligence(db);
    const ordered = shuffleSeed === undefined
      ? [...articles].sort((a, b) => a.published_at.localeCompare(b.published_at))
      : shuffled(articles, shuffleSeed);
    const timings: number[] = [];
    for (const a of ordered) {
      const started = performance.now();
      db.transaction(() => intelligence.addItem({
        id: a.id, title: a.title, summary: a.summary, content: a.content, source_id: a.source, published_at: a.published_at, url: a.url,
      }))();
      timings.push(performance.now() - started);
    }
    const listed = db.prepare('SELECT si.item_id, si.story_id FROM story_items si JOIN stories s ON s.id = si.story_id WHERE s.source_count >= 2').all() as Array<{ item_id: string; story_id: string }>;
    const clusters = new Map(listed.map((r) => [r.item_id, r.story_id]));
    const stories = pairScores(articles, clusters);
    const baseline = pairScores(articles, baselineClusters(articles));
    const everyone = (ids: string[]) => new Set(ids);
    const similarRecall = recallAtK(articles, (id) => intelligence.similar(id, 5, everyone).map((r) => r.id));
    const baselineRecall = recallAtK(articles, baselineTop(articles, 5));
    return {
      articles: articles.length,
      stories: { ...stories, listed: new Set(clusters.values()).size },
      baselineStories: { precision: baseline.precision, recall: baseline.recall },
      similarRecallAt5: similarRecall,
      baselineSimilarRecallAt5: baselineRecall,
      addItemMedianMs: median(timings),
    };
  } finally {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const figures = run();
  if (figures) console.log(summarize(figures).join('\n'));
}
