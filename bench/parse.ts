/**
 * Feed parse throughput on the real-world corpus (../shared/feeds/real-world): Tidings'
 * parseFeed (parse + normalize, with and without sanitizing item HTML) beside feedsmith and
 * rss-parser, in the same process, rounds interleaved so machine load hits all alike.
 * Throughput is the median of the rounds. Robustness: documents each parser read without
 * throwing, and the items it found. Run: npx tsx bench/parse.ts [rounds]
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseFeed as feedsmithParse } from 'feedsmith';
import RssParser from 'rss-parser';
import { parseFeed } from '@/lib/service/ingest/parse-feed';
import { sanitizeContent } from '@/lib/service/ingest/sanitize';

type Document = { name: string; bytes: Buffer; text: string; xml: boolean };
type Parser = { name: string; xmlOnly: boolean; parse: (doc: Document) => Promise<number> | number };

/** Figures for one parser over one corpus. */
export type ParserFigures = { mbPerSecond: number; medianMs: number; parsed: number; failed: number; items: number };
/** Figures of the parse bench. */
export type ParseFigures = {
  rounds: number;
  corpora: Record<'xml' | 'all', { files: number; megabytes: number }>;
  xml: Record<string, ParserFigures>;
  all: Record<string, ParserFigures>;
  /** Ours (parse + normalize) over the fastest other parser on the XML corpus; ≥ 1 meets the target. */
  ratioParseNormalize: number;
  /** Ours with sanitizing included, over the fastest other parser on the XML corpus (which does not sanitize). */
  ratioWithSanitize: number;
  /** Ours with sanitizing over feedsmith followed by the same sanitizing: like for like. */
  ratioSanitizedLikeForLike: number;
  fastestOther: string;
};

type FeedsmithItem = {
  content?: { encoded?: string; value?: string } | string;
  description?: string;
  summary?: { value?: string } | string;
  content_html?: string;
  content_text?: string;
};

/** The item's richest HTML as feedsmith exposes it across formats. */
function feedsmithHtml(item: FeedsmithItem): string {
  const content = typeof item.content === 'object' ? item.content.encoded ?? item.content.value : item.content;
  const summary = typeof item.summary === 'object' ? item.summary.value : item.summary;
  return content ?? item.content_html ?? item.description ?? summary ?? item.content_text ?? '';
}

const corpusDir = path.resolve(process.cwd(), '../shared/feeds/real-world');
const rssParser = new RssParser();

function loadCorpus(): Document[] {
  return readdirSync(corpusDir)
    .filter((name) => !/\.(?:html|opml)$/i.test(name))
    .sort()
    .map((name) => {
      const bytes = readFileSync(path.join(corpusDir, name));
      const text = bytes.toString('utf8');
      return { name, bytes, text, xml: text.trimStart().startsWith('<') };
    });
}

const parsers: Parser[] = [
  { name: 'tidings parse+normalize', xmlOnly: false, parse: (doc) => parseFeed(doc.bytes, { url: `https://bench.example/${doc.name}`, sanitize: false }).items.length },
  { name: 'tidings +sanitize', xmlOnly: false, parse: (doc) => parseFeed(doc.bytes, { url: `https://bench.example/${doc.name}` }).items.length },
  {
    name: 'feedsmith', xmlOnly: false, parse: (doc) => {
      const { feed } = feedsmithParse(doc.text) as { feed: { items?: unknown[]; entries?: unknown[] } };
      return (feed.items ?? feed.entries ?? []).length;
    },
  },
  {
    // The same sanitizing work done on feedsmith's output, for a like-for-like comparison.
    name: 'feedsmith +sanitize', xmlOnly: false, parse: (doc) => {
      const { feed } = feedsmithParse(doc.text) as { feed: { items?: FeedsmithItem[]; entries?: FeedsmithItem[] } };
      const items = feed.items ?? feed.entries ?? [];
      for (const item of items) sanitizeContent(feedsmithHtml(item), `https://bench.example/${doc.name}`);
      return items.length;
    },
  },
  { name: 'rss-parser', xmlOnly: true, parse: async (doc) => (await rssParser.parseString(doc.text)).items.length },
];

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

async function pass(parser: Parser, docs: Document[]): Promise<{ ms: number; parsed: number; failed: number; items: number }> {
  let parsed = 0;
  let failed = 0;
  let items = 0;
  const started = performance.now();
  for (const doc of docs) {
    try {
      items += await parser.parse(doc);
      parsed++;
    } catch {
      failed++;
    }
  }
  return { ms: performance.now() - started, parsed, failed, items };
}

async function measure(docs: Document[], rounds: number, included: (parser: Parser) => boolean): Promise<Record<string, ParserFigures>> {
  const chosen = parsers.filter(included);
  const bytes = docs.reduce((sum, doc) => sum + doc.bytes.length, 0);
  const times = new Map<string, number[]>(chosen.map((parser) => [parser.name, []]));
  const last = new Map<string, { parsed: number; failed: number; items: number }>();
  for (const parser of chosen) await pass(parser, docs);
  for (let round = 0; round < rounds; round++) {
    for (const parser of chosen) {
      const result = await pass(parser, docs);
      times.get(parser.name)?.push(result.ms);
      last.set(parser.name, result);
    }
  }
  const figures: Record<string, ParserFigures> = {};
  for (const parser of chosen) {
    const ms = median(times.get(parser.name) ?? []);
    const { parsed, failed, items } = last.get(parser.name) ?? { parsed: 0, failed: 0, items: 0 };
    figures[parser.name] = { mbPerSecond: Number((bytes / 1e6 / (ms / 1000)).toFixed(1)), medianMs: Number(ms.toFixed(1)), parsed, failed, items };
  }
  return figures;
}

/** Runs the bench; null when the shared corpus is absent. */
export async function run(rounds = 9): Promise<ParseFigures | null> {
  if (!existsSync(corpusDir)) return null;
  const docs = loadCorpus();
  const xmlDocs = docs.filter((doc) => doc.xml);
  const megabytes = (list: Document[]) => Number((list.reduce((sum, doc) => sum + doc.bytes.length, 0) / 1e6).toFixed(2));
  const xml = await measure(xmlDocs, rounds, () => true);
  const all = await measure(docs, rounds, (parser) => !parser.xmlOnly);
  const others = Object.entries(xml).filter(([name]) => !name.startsWith('tidings') && !name.endsWith('+sanitize'));
  const [fastestOther, fastest] = others.reduce((best, entry) => (entry[1].mbPerSecond > best[1].mbPerSecond ? entry : best));
  return {
    rounds,
    corpora: { xml: { files: xmlDocs.length, megabytes: megabytes(xmlDocs) }, all: { files: docs.length, megabytes: megabytes(docs) } },
    xml,
    all,
    ratioParseNormalize: Number((xml['tidings parse+normalize'].mbPerSecond / fastest.mbPerSecond).toFixed(2)),
    ratioWithSanitize: Number((xml['tidings +sanitize'].mbPerSecond / fastest.mbPerSecond).toFixed(2)),
    ratioSanitizedLikeForLike: Number((xml['tidings +sanitize'].mbPerSecond / xml['feedsmith +sanitize'].mbPerSecond).toFixed(2)),
    fastestOther,
  };
}

function table(title: string, rows: Record<string, ParserFigures>): string[] {
  const lines = [title, `  ${'parser'.padEnd(26)}${'MB/s'.padStart(8)}${'median ms'.padStart(11)}${'parsed'.padStart(8)}${'failed'.padStart(8)}${'items'.padStart(8)}`];
  for (const [name, row] of Object.entries(rows)) {
    lines.push(`  ${name.padEnd(26)}${row.mbPerSecond.toFixed(1).padStart(8)}${row.medianMs.toFixed(1).padStart(11)}${String(row.parsed).padStart(8)}${String(row.failed).padStart(8)}${String(row.items).padStart(8)}`);
  }
  return lines;
}

/** Readable lines for bench/run.ts and the command line. */
export function summarize(figures: ParseFigures): string[] {
  return [
    ...table(`XML feeds: ${figures.corpora.xml.files} files, ${figures.corpora.xml.megabytes} MB, median of ${figures.rounds} rounds`, figures.xml),
    ...table(`All feeds incl. JSON: ${figures.corpora.all.files} files, ${figures.corpora.all.megabytes} MB`, figures.all),
    `  ours / fastest other (${figures.fastestOther}): parse+normalize ${figures.ratioParseNormalize}x; with sanitizing ${figures.ratioWithSanitize}x`,
    `  ours +sanitize / feedsmith +sanitize (same sanitizer): ${figures.ratioSanitizedLikeForLike}x`,
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  run(Number(process.argv[2]) || undefined).then((figures) => {
    console.log(figures ? summarize(figures).join('\n') : `No corpus at ${corpusDir}; nothing measured.`);
  });
}
