/**
 * What parseFeed reads from every document of ../shared/feeds and tests/fixtures/feeds, and from
 * damaged copies of each (cut at CUTS evenly spaced bytes, 4 by default; with every `&amp;`
 * turned into a stray `&`; with escaped HTML unescaped), to compare one XML parser with another.
 *   [CUTS=n] npx tsx bench/parse-corpus.ts record out.json     what the current code reads
 *   npx tsx bench/parse-corpus.ts compare old.json new.json
 *   npx tsx bench/parse-corpus.ts digests tests/lib/service/ingest/corpus-items.json
 * The last writes the item counts and title hashes that tests/lib/service/ingest/corpus-items.test.ts
 * holds every document to; write it again only when a change reads the corpus better.
 * A document is "same" when both read the same items, "better" when the new one reads every item
 * the old one did and more (or reads a feed where the old one failed), "worse" otherwise.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
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
  // Named from fixed labels, not from the checkout's folder, so every clone records the same names.
  const roots = [{ dir: path.resolve('../shared/feeds'), label: 'shared/feeds' }, { dir: path.resolve('tests/fixtures/feeds'), label: 'tests/fixtures/feeds' }];
  for (const [file, name] of roots.flatMap(({ dir, label }) => filesUnder(dir).map((file) => [file, path.posix.join(label, path.relative(dir, file).split(path.sep).join('/'))] as const))) {
    const bytes = readFileSync(file);
    documents.set(name, bytes);
    for (let cut = 1; cut <= cuts; cut++) {
      const at = Math.floor((bytes.length * cut) / (cuts + 1));
      documents.set(`${name} cut at byte ${at}`, bytes.subarray(0, at));
    }
    const text = bytes.toString('latin1');
    if (text.includes('&amp;')) documents.set(`${name} with stray &`, Buffer.from(text.replaceAll('&amp;', '&'), 'latin1'));
    if (text.includes('&lt;')) documents.set(`${name} with its HTML unescaped`, Buffer.from(text.replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&quot;', '"'), 'latin1'));
  }
  return documents;
}

const hash = (text: string) => createHash('sha1').update(text).digest('hex').slice(0, 10);

function read(name: string, bytes: Buffer, sanitize = true): Reading {
  try {
    const feed = parseFeed(bytes, { url: `https://corpus.example/${encodeURIComponent(name)}`, sanitize });
    return { title: feed.title, items: feed.items.map((item) => JSON.stringify([item.guid, item.url, item.title, item.published_at, item.audio_url, hash(item.content + item.summary)])) };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

/** A short, stable summary of a reading: its item count and a hash of the item titles, or "refused". */
export function itemDigest(name: string, bytes: Buffer): string {
  // Titles are plain text either way; leaving item HTML unsanitized keeps the test quick.
  const reading = read(name, bytes, false);
  if ('error' in reading) return 'refused';
  const titles = reading.items.map((item) => (JSON.parse(item) as unknown[])[2]);
  return `${titles.length} items ${hash(JSON.stringify(titles))}`;
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
if (import.meta.url !== pathToFileURL(process.argv[1] ?? '').href) {
  // Imported (by the corpus regression test): no command to run.
} else if (command === 'record' && first) {
  const readings: Record<string, Reading> = {};
  for (const [name, bytes] of corpusDocuments(Number(process.env.CUTS) || 4)) readings[name] = read(name, bytes);
  writeFileSync(first, JSON.stringify(readings, null, 1));
  console.log(`${Object.keys(readings).length} documents read into ${first}`);
} else if (command === 'digests' && first) {
  const digests: Record<string, string> = {};
  for (const [name, bytes] of corpusDocuments(4)) digests[name] = itemDigest(name, bytes);
  writeFileSync(first, `${JSON.stringify(digests, null, 1)}\n`);
} else if (command === 'compare' && first && second) {
  compare(first, second);
} else {
  console.error('usage: npx tsx bench/parse-corpus.ts record out.json | compare old.json new.json | digests out.json');
  process.exitCode = 2;
}
