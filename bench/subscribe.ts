/**
 * Subscribing to large new feeds: how long the answer takes and the longest time the service's
 * event loop was held meanwhile (what every other request waits), medians over
 * BENCH_SUBSCRIBE_RUNS (3) feeds of each size, served from a local HTTP server. Items carry a
 * paragraph each; the feeds are synthetic so the sizes are exact.
 */
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureUser } from '@/lib/service/domain/accounts';
import { subscribe } from '@/lib/service/domain/subscriptions/subscribe';
import { createService } from '@/lib/service/service';
import { median } from './app-under-test';

type SizeFigures = { items: number; megabytes: number; answer_ms: number; longest_stall_ms: number };
export type SubscribeFigures = { runs: number; sizes: SizeFigures[] };

const SIZES = [500, 5_000, 20_000];

function feedXml(count: number, tag: string): string {
  const items = Array.from({ length: count }, (_, i) => `<item><guid>${tag}-${i}</guid><title>Item ${i} about harbour repairs</title>`
    + `<link>https://example.com/${tag}/${i}</link><pubDate>${new Date(Date.UTC(2025, 0, 1) + i * 60_000).toUTCString()}</pubDate>`
    + `<description>&lt;p&gt;Paragraph ${i} on tides, boats and the council's meeting about repairs to the quay.&lt;/p&gt;</description></item>`).join('');
  return `<?xml version="1.0"?><rss version="2.0"><channel><title>Bench ${tag}</title><link>https://example.com/${tag}</link>${items}</channel></rss>`;
}

/** Runs `work` while sampling the event loop every 5 ms; answers its duration and the longest gap between samples. */
async function watched(work: () => Promise<unknown>): Promise<{ ms: number; stall: number }> {
  let last = performance.now();
  let stall = 0;
  const sampler = setInterval(() => {
    const now = performance.now();
    stall = Math.max(stall, now - last);
    last = now;
  }, 5);
  const started = performance.now();
  await work();
  const ms = performance.now() - started;
  // The block that ends with the answer is only seen on the sampler's next turn.
  await new Promise((resolve) => setTimeout(resolve, 20));
  clearInterval(sampler);
  return { ms: Math.round(ms), stall: Math.round(Math.max(stall, performance.now() - last)) };
}

/** Subscribes one user to new feeds of each size in turn on a fresh service. */
export async function run(): Promise<SubscribeFigures> {
  const runs = Number(process.env.BENCH_SUBSCRIBE_RUNS ?? 3);
  const documents = new Map<string, string>();
  const server = http.createServer((request, response) => {
    const body = documents.get(request.url ?? '');
    response.writeHead(body ? 200 : 404, { 'content-type': 'application/rss+xml' });
    response.end(body ?? '');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tidings-bench-subscribe-'));
  const service = createService({ databaseFile: path.join(dir, 'service.db'), config: { allowPrivateUrls: true } });
  try {
    const user = await ensureUser(service.store, 'bench@example.com', { plan: 'pro' });
    // The first subscribe starts the worker thread; it is not what is measured.
    documents.set('/warm.xml', feedXml(10, 'warm'));
    await subscribe(service, user, { url: `${base}/warm.xml` });
    const sizes: SizeFigures[] = [];
    for (const count of SIZES) {
      const samples: { ms: number; stall: number }[] = [];
      let bytes = 0;
      for (let i = 0; i < runs; i += 1) {
        const name = `/feed-${count}-${i}.xml`;
        const xml = feedXml(count, `${count}-${i}`);
        bytes = xml.length;
        documents.set(name, xml);
        samples.push(await watched(() => subscribe(service, user, { url: base + name })));
        documents.delete(name);
      }
      sizes.push({
        items: count, megabytes: Math.round(bytes / 1e5) / 10,
        answer_ms: median(samples.map((sample) => sample.ms)), longest_stall_ms: median(samples.map((sample) => sample.stall)),
      });
    }
    return { runs, sizes };
  } finally {
    service.close();
    server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** One line per feed size. */
export function summarize(figures: SubscribeFigures): string[] {
  return figures.sizes.map((size) => `${size.items} items (${size.megabytes} MB): answer ${size.answer_ms} ms, longest event-loop stall ${size.longest_stall_ms} ms (medians of ${figures.runs})`);
}
