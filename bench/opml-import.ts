/**
 * OPML import at scale: an OPML file of the refresh bench's 1,000 local feeds (20 items each, on
 * 25 loopback hosts) imported into a fresh store, timed until the import answers and until all
 * 20,000 items are listed, against the floor of merely fetching and parsing the same feeds
 * (16 at a time, feedsmith) in the same run; medians of BENCH_OPML_RUNS (3), floor and import
 * taking turns so that the machine's load weighs on both alike. Goal: all items listed within
 * 5 times the floor. Run alone: npx tsx bench/opml-import.ts (or npm run bench opml-import).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseFeed } from 'feedsmith';
import { ensureUser } from '@/lib/service/domain/accounts';
import { importFetched } from '@/lib/service/domain/opml/import-fetch';
import { importOpml } from '@/lib/service/domain/opml/import-opml';
import { createService } from '@/lib/service/service';
import { median } from './app-under-test';
import { feedCount, hosts, startServers } from './refresh';

const runs = Number(process.env.BENCH_OPML_RUNS ?? 3);
/** Fetches at once for the floor, as the issue measured it. */
const floorConcurrency = 16;
/** The goal: all items listed within this many times the floor. */
const goalRatio = 5;

export type OpmlImportFigures = {
  feeds: number; runs: number;
  floor_seconds: number; answer_seconds: number; listed_seconds: number; items_listed: number;
  ratio: number; runs_detail: { floor: number; answer: number; listed: number }[]; target: string; pass: boolean;
};

function feedUrls(servers: http.Server[]): string[] {
  return Array.from({ length: feedCount }, (_, feed) => {
    const { address, port } = servers[feed % hosts].address() as AddressInfo;
    return `http://${address}:${port}/feed/${feed}.xml`;
  });
}

function get(url: string): Promise<string> {
  return new Promise((resolve, reject) => {
    http.get(url, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      response.on('error', reject);
    }).on('error', reject);
  });
}

/** Seconds to fetch and parse every feed, `floorConcurrency` at a time: what no reader can beat. */
async function floor(urls: string[]): Promise<number> {
  const started = performance.now();
  let next = 0;
  let items = 0;
  await Promise.all(Array.from({ length: floorConcurrency }, async () => {
    while (next < urls.length) {
      const { feed } = parseFeed(await get(urls[next++])) as { feed: { items?: unknown[] } };
      items += feed.items?.length ?? 0;
    }
  }));
  if (items !== urls.length * 20) throw new Error(`the floor read ${items} items, not ${urls.length * 20}`);
  return (performance.now() - started) / 1000;
}

/** One import into a fresh store: seconds until it answers and until every item is listed. */
async function importOnce(urls: string[]): Promise<{ answer: number; listed: number; items: number }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'tidings-opml-bench-'));
  const service = createService({ databaseFile: path.join(dir, 'service.db'), config: { dataDir: dir, allowPrivateUrls: true } });
  try {
    const user = await ensureUser(service.store, 'bench@example.org', { plan: 'plus' });
    const outlines = urls.map((url, i) => `<outline type="rss" text="Feed ${i}" xmlUrl="${url}"/>`).join('');
    const opml = `<?xml version="1.0"?><opml version="2.0"><head><title>Bench</title></head><body><outline text="Bench">${outlines}</outline></body></opml>`;
    const started = performance.now();
    const result = await importOpml(service, user, opml);
    const answer = (performance.now() - started) / 1000;
    if (result.imported !== urls.length) throw new Error(`imported ${result.imported} of ${urls.length} feeds`);
    await importFetched(service.store, user);
    const listed = (performance.now() - started) / 1000;
    const items = service.db.prepare('SELECT COUNT(*) FROM entries WHERE user_id = ?').pluck().get(user.id) as number;
    return { answer, listed, items };
  } finally {
    service.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const rounded = (seconds: number) => Math.round(seconds * 1000) / 1000;

/** Runs floor and import in turn BENCH_OPML_RUNS times and returns the medians. */
export async function run(): Promise<OpmlImportFigures> {
  const servers = await startServers();
  try {
    const urls = feedUrls(servers);
    // The first fetches warm the servers and the worker thread alike; not measured.
    await floor(urls.slice(0, 50));
    const detail: { floor: number; answer: number; listed: number }[] = [];
    let items = 0;
    for (let i = 0; i < runs; i++) {
      const floorSeconds = await floor(urls);
      const imported = await importOnce(urls);
      items = imported.items;
      detail.push({ floor: rounded(floorSeconds), answer: rounded(imported.answer), listed: rounded(imported.listed) });
    }
    const floorSeconds = median(detail.map((d) => d.floor));
    const listed = median(detail.map((d) => d.listed));
    const ratio = Math.round((listed / floorSeconds) * 10) / 10;
    return {
      feeds: feedCount, runs, floor_seconds: floorSeconds, answer_seconds: median(detail.map((d) => d.answer)), listed_seconds: listed,
      items_listed: items, ratio, runs_detail: detail, target: `<= ${goalRatio}x the floor`, pass: ratio <= goalRatio,
    };
  } finally {
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  }
}

/** Lines for the bench report. */
export function summarize(figures: OpmlImportFigures): string[] {
  return [
    `OPML of ${figures.feeds} feeds, ${figures.runs} runs (medians)`,
    `answered in ${figures.answer_seconds} s; all ${figures.items_listed} items listed after ${figures.listed_seconds} s`,
    `fetch-and-parse floor (feedsmith, ${floorConcurrency} at a time): ${figures.floor_seconds} s`,
    `listed / floor: ${figures.ratio}x (target ${figures.target}: ${figures.pass ? 'pass' : 'MISS'})`,
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  run().then((figures) => console.log(summarize(figures).join('\n')));
}
