/**
 * What parseFeed reads from every document of ../shared/feeds and tests/fixtures/feeds, and from
 * damaged copies of each (cut at CUTS evenly spaced bytes, 4 by default, and with every `&amp;`
 * turned into a stray `&`), to compare one XML parser with another over the same set.
 *   [CUTS=n] npx tsx bench/parse-corpus.ts record out.json     what the current code reads
 *   npx tsx bench/parse-corpus.ts compare old.json new.json
 * A document is "same" when both read the same items, "better" when the new one reads every item
 * the old one did and more (or reads a feed where the old one failed), "worse" otherwise.
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseFeed } from '@/lib/service/ingest/parse-feed';

type Reading = { error: string } | { title: string; items: string[] };

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).sort().flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return filesUnder(full);
    // podcastparser's NAME.json files are its expected results, not feeds.
    return /\.(?:html|opml|md)$/i.test(name) || (full.includes('podcastparser') && name.endsWith('.json')) ? [] : [full];
  });
}

/** The corpus documents and their damaged copies, keyed by a readable name. */
export function corpusDocuments(cuts: number): Map<string, Buffer> {
  const documents = new Map<string, Buffer>();
  const roots = [path.resolve('../shared/feeds'), path.resolve('tests/fixtures/feeds')];
  for (const file of roots.flatMap(filesUnder)) {
    const bytes = readFileSync(file);
    const name = path.relative(path.resolve('..'), file);
    documents.set(name, bytes);
    for (let cut = 1; cut <= cuts; cut++) {
      const at = Math.floor((bytes.length * cut) / (cuts + 1));
      documents.set(`${name} cut at byte ${at}`, bytes.subarray(0, at));
    }
    const text = bytes.toString('latin1');
    if (text.includes('&amp;')) documents.set(`${name} with stray &`, Buffer.from(text.replaceAll('&amp;', '&'), 'latin1'));
  }
  return documents;
}

function read(name: string, bytes: Buffer): Reading {
  try {
    const feed = parseFeed(bytes, { url: `https://corpus.example/${encodeURIComponent(name)}` });
    return { title: feed.title, items: feed.items.map((item) => JSON.stringify([item.guid, item.url, item.title, item.published_at, item.content_html?.length ?? 0, item.audio_url])) };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

function compare(oldFile: string, newFile: string): void {
  const before = JSON.parse(readFileSync(oldFile, 'utf8')) as Record<string, Reading>;
  const after = JSON.parse(readFileSync(newFile, 'utf8')) as Record<string, Reading>;
  const tally = { same: 0, better: 0, worse: 0 };
  for (const [name, old] of Object.entries(before)) {
    const now = after[name];
    let verdict: keyof typeof tally;
    if (!now) verdict = 'worse';
    else if (JSON.stringify(old) === JSON.stringify(now)) verdict = 'same';
    else if ('error' in old) verdict = 'error' in now ? 'same' : 'better';
    else if ('error' in now) verdict = 'worse';
    else verdict = old.items.every((item) => now.items.includes(item)) && now.items.length > old.items.length ? 'better' : 'worse';
    tally[verdict]++;
    if (verdict !== 'same') console.log(`${verdict}: ${name}\n  old ${JSON.stringify(old).slice(0, 400)}\n  new ${JSON.stringify(now).slice(0, 400)}`);
  }
  console.log(`${Object.keys(before).length} documents: ${tally.same} same, ${tally.better} better, ${tally.worse} worse`);
}

const [command, first, second] = process.argv.slice(2);
if (command === 'record' && first) {
  const readings: Record<string, Reading> = {};
  for (const [name, bytes] of corpusDocuments(Number(process.env.CUTS) || 4)) readings[name] = read(name, bytes);
  writeFileSync(first, JSON.stringify(readings, null, 1));
  console.log(`${Object.keys(readings).length} documents read into ${first}`);
} else if (command === 'compare' && first && second) {
  compare(first, second);
} else {
  console.error('usage: npx tsx bench/parse-corpus.ts record out.json | compare old.json new.json');
  process.exitCode = 2;
}
