/**
 * Latency of the intelligence at scale: a synthetic corpus (100,000 items,
 * 500 sources, ~3 months; see synthetic-corpus.ts) is ingested through
 * addItem, then similar() and the stories listing the service is expected to
 * run are timed, for the whole instance and for a reader of 50 sources.
 * Run: npx tsx bench/intelligence-scale.ts [items]  (ingest dominates: ~2 ms of CPU an item)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import Database from 'better-sqlite3';
import { createIntelligence, intelligenceSchemaSql } from '@/lib/service/intelligence';
import { syntheticCorpus } from './synthetic-corpus';

/** Median and 99th percentile of a set of timings, in milliseconds. */
export type Timing = { median: number; p99: number; samples: number };

/** Figures of one run. */
export type ScaleFigures = {
  items: number;
  ingestSeconds: number;
  addItem: Timing;
  similarAll: Timing;
  similarFiftySources: Timing;
  storiesAll: Timing;
  storiesFiftySources: Timing;
  listedStories: number;
  databaseMegabytes: number;
  /** Sanity check of quality at scale: share of the sampled items' same-event siblings in their top 10. */
  similarEventRecallAt10: number;
};

function timing(values: number[]): Timing {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => Number(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))].toFixed(3));
  return { median: at(0.5), p99: at(0.99), samples: sorted.length };
}

function time(fn: () => unknown): number {
  const started = performance.now();
  fn();
  return performance.now() - started;
}

/** Times `fn` once for each of `list`, one after another. */
async function timeEach<T>(list: T[], fn: (value: T) => Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  for (const value of list) {
    const started = performance.now();
    await fn(value);
    times.push(performance.now() - started);
  }
  return times;
}

/** Stories newest first with two sources or more, with their articles: the whole instance. */
const STORIES_ALL = `SELECT id, title, summary, last_published_at, article_count, source_count FROM stories
  WHERE source_count >= 2 ORDER BY last_published_at DESC LIMIT 50`;
/** The same for one reader: stories whose articles from the reader's sources come from two sources or more. */
const STORIES_FOR_READER = `SELECT s.id, s.title, s.summary, s.last_published_at, s.article_count, s.source_count FROM stories s
  WHERE s.source_count >= 2 AND (SELECT count(DISTINCT si.source_id) FROM story_items si
    WHERE si.story_id = s.id AND si.source_id IN (SELECT source_id FROM bench_subscriptions)) >= 2
  ORDER BY s.last_published_at DESC LIMIT 50`;
const ARTICLES_ALL = 'SELECT story_id, item_id, source_id, published_at FROM story_items WHERE story_id IN (SELECT value FROM json_each(?)) ORDER BY published_at DESC';
const ARTICLES_FOR_READER = `SELECT story_id, item_id, source_id, published_at FROM story_items WHERE story_id IN (SELECT value FROM json_each(?))
  AND source_id IN (SELECT source_id FROM bench_subscriptions) ORDER BY published_at DESC`;

/** Runs the scale bench over `items` synthetic items (BENCH_SCALE_ITEMS overrides the 100,000 default). */
export async function run(items = Number(process.env.BENCH_SCALE_ITEMS ?? 100_000)): Promise<ScaleFigures> {
  const dir = mkdtempSync(path.join(tmpdir(), 'tidings-scale-'));
  const file = path.join(dir, 'scale.db');
  const db = new Database(file);
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('cache_size = -65536');
    db.exec(intelligenceSchemaSql);
    db.exec('CREATE TABLE bench_items (id TEXT PRIMARY KEY, source_id TEXT NOT NULL); CREATE TABLE bench_subscriptions (source_id TEXT PRIMARY KEY);');
    const intelligence = createIntelligence(db);
    const insertItem = db.prepare('INSERT INTO bench_items (id, source_id) VALUES (?, ?)');
    const addTimes: number[] = [];
    const ids: string[] = [];
    const started = performance.now();
    let batch: Array<Parameters<typeof intelligence.addItem>[0]> = [];
    const flush = db.transaction((docs: typeof batch) => {
      for (const doc of docs) {
        insertItem.run(doc.id, doc.source_id);
        addTimes.push(time(() => intelligence.addItem(doc)));
      }
    });
    const eventOf = new Map<string, number>();
    const eventItems = new Map<number, string[]>();
    for (const { event, ...doc } of syntheticCorpus({ items, sources: 500, days: 90, seed: 42 })) {
      ids.push(doc.id);
      if (event !== null) {
        eventOf.set(doc.id, event);
        eventItems.set(event, [...(eventItems.get(event) ?? []), doc.id]);
      }
      batch.push(doc);
      if (batch.length === 1000) {
        flush(batch);
        batch = [];
      }
    }
    flush(batch);
    const ingestSeconds = (performance.now() - started) / 1000;
    db.pragma('optimize');

    for (let s = 0; s < 500; s += 10) db.prepare('INSERT INTO bench_subscriptions (source_id) VALUES (?)').run(`source-${s}`);
    const everyone = async (list: string[]) => new Set(list);
    const readerQuery = db.prepare(`SELECT id FROM bench_items WHERE id IN (SELECT value FROM json_each(?))
      AND source_id IN (SELECT source_id FROM bench_subscriptions)`).pluck();
    const reader = async (list: string[]) => new Set(readerQuery.all(JSON.stringify(list)) as string[]);
    const sample = Array.from({ length: 300 }, (_, i) => ids[Math.floor(((i * 7919) % 300) / 300 * ids.length)]);
    let siblings = 0;
    let siblingsFound = 0;
    const similarAll = await timeEach(sample, async (id) => {
      const found = await intelligence.similar(id, 10, everyone);
      const event = eventOf.get(id);
      if (event === undefined) return;
      siblings += eventItems.get(event)!.length - 1;
      siblingsFound += found.filter((r) => eventOf.get(r.id) === event).length;
    });
    const similarReader = await timeEach(sample, (id) => intelligence.similar(id, 10, reader));

    const storiesAll = db.prepare(STORIES_ALL);
    const storiesReader = db.prepare(STORIES_FOR_READER);
    const articlesAll = db.prepare(ARTICLES_ALL);
    const articlesReader = db.prepare(ARTICLES_FOR_READER);
    const listAll = () => articlesAll.all(JSON.stringify((storiesAll.all() as Array<{ id: string }>).map((s) => s.id)));
    const listReader = () => articlesReader.all(JSON.stringify((storiesReader.all() as Array<{ id: string }>).map((s) => s.id)));
    const storyTimesAll = Array.from({ length: 200 }, () => time(listAll));
    const storyTimesReader = Array.from({ length: 200 }, () => time(listReader));
    const listedStories = db.prepare('SELECT count(*) FROM stories WHERE source_count >= 2').pluck().get() as number;
    const pageBytes = (db.pragma('page_count', { simple: true }) as number) * (db.pragma('page_size', { simple: true }) as number);
    return {
      items, ingestSeconds: Number(ingestSeconds.toFixed(1)), addItem: timing(addTimes),
      similarAll: timing(similarAll), similarFiftySources: timing(similarReader),
      storiesAll: timing(storyTimesAll), storiesFiftySources: timing(storyTimesReader),
      listedStories, databaseMegabytes: Math.round(pageBytes / 1e6),
      similarEventRecallAt10: Number((siblings ? siblingsFound / siblings : 0).toFixed(3)),
    };
  } finally {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Lines for the bench report. */
export function summarize(f: ScaleFigures): string[] {
  const t = (x: Timing) => `median ${x.median} ms, p99 ${x.p99} ms`;
  return [
    `${f.items} items ingested in ${f.ingestSeconds} s; addItem ${t(f.addItem)}; database ${f.databaseMegabytes} MB; ${f.listedStories} stories listed`,
    `similar (limit 10), everything visible: ${t(f.similarAll)}; same-event siblings in top 10: ${f.similarEventRecallAt10}`,
    `similar (limit 10), reader of 50 sources: ${t(f.similarFiftySources)}`,
    `stories (newest 50, >= 2 sources, with articles), instance: ${t(f.storiesAll)}`,
    `stories, reader of 50 sources: ${t(f.storiesFiftySources)}`,
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(summarize(await run(process.argv[2] ? Number(process.argv[2]) : undefined)).join('\n'));
}
