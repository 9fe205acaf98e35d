/**
 * The proxy's overhead on GET /v1/items (a page of 50 items): median latency through
 * proxy() with a signed-in session, minus the median of the same request sent directly,
 * interleaved so both see the same machine. Local mode: the embedded service in-process
 * (target under 1 ms). Remote mode: the embedded service served over HTTP on 127.0.0.1 by
 * @hono/node-server, direct fetch against proxy() (target under 2 ms).
 * Run alone: npx tsx bench/proxy.ts (or npm run bench -- proxy). The measuring runs in a
 * child process with the react-server condition, where `server-only` imports are allowed.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const runs = Number(process.env.BENCH_RUNS_PROXY ?? 1500);
const warmup = 200;
const pageSize = 50;

/** One mode's medians in milliseconds; the overhead is the median of paired differences (proxied minus direct). */
export type Overhead = { direct_median_ms: number; proxied_median_ms: number; overhead_ms: number; target_ms: number; pass: boolean };

export type ProxyFigures = { runs: number; items_per_page: number; local: Overhead; remote: Overhead; remote_connections: number };

const thisFile = fileURLToPath(import.meta.url);
const root = path.resolve(path.dirname(thisFile), '..');

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

const round = (value: number) => Math.round(value * 1000) / 1000;

type Medians = { direct: number; proxied: number; difference: number };

/**
 * Times two request kinds alternately; answers each one's median and the median of the
 * paired differences, which cancels most of what a busy machine adds to both.
 */
async function interleaved(direct: () => Promise<unknown>, proxied: () => Promise<unknown>): Promise<Medians> {
  for (let i = 0; i < warmup; i++) {
    await direct();
    await proxied();
  }
  const times = { direct: [] as number[], proxied: [] as number[] };
  for (let i = 0; i < runs; i++) {
    // Alternate which goes first so neither always runs on a warmer cache.
    const order = i % 2 ? (['direct', 'proxied'] as const) : (['proxied', 'direct'] as const);
    for (const kind of order) {
      const started = performance.now();
      await (kind === 'direct' ? direct() : proxied());
      times[kind].push(performance.now() - started);
    }
  }
  const differences = times.proxied.map((time, i) => time - times.direct[i]);
  return { direct: median(times.direct), proxied: median(times.proxied), difference: median(differences) };
}

function overhead(medians: Medians, targetMs: number): Overhead {
  return {
    direct_median_ms: round(medians.direct), proxied_median_ms: round(medians.proxied),
    overhead_ms: round(medians.difference), target_ms: targetMs, pass: medians.difference < targetMs,
  };
}

async function expectOk(response: Response): Promise<string> {
  const text = await response.text();
  if (!response.ok) throw new Error(`Expected 200, got ${response.status}: ${text.slice(0, 200)}`);
  return text;
}

/** The measuring itself, in the child process. */
async function measure(): Promise<ProxyFigures> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tidings-bench-proxy-'));
  Object.assign(process.env, {
    TIDINGS_DATA_DIR: dataDir, TIDINGS_APP_PASSWORD: 'bench password', TIDINGS_RATE_LIMIT: '1000000000',
    TIDINGS_APP_RATE_LIMIT: '1000000000', TIDINGS_SMTP_PORT: '0',
  });
  delete process.env.FEED_API_BASE_URL;
  delete process.env.FEED_API_KEY;
  const { serve } = await import('@hono/node-server');
  const { embeddedService } = await import('@/lib/service/embedded');
  const { findUser, issueCredential } = await import('@/lib/service/domain/accounts');
  const { createFeed, subscribeUserToFeed } = await import('@/lib/service/store/sqlite/subscribing');
  const { storeItems } = await import('@/lib/service/store/sqlite/store-items');
  const { historyCapOf } = await import('@/lib/service/domain/feeds/subscribe-user');
  const { proxy } = await import('@/lib/server/proxy');
  const { startSession } = await import('@/lib/server/session');

  const { ownerToken, ownerId, ...embedded } = await embeddedService();
  // This bench's install is on SQLite (no DATABASE_URL): its connection seeds the feeds.
  const service = embedded.service as import('@/lib/service/service').SqliteService;
  const owner = (await findUser(service.store, ownerId))!;
  for (let feed = 0; feed < 20; feed++) {
    const feedId = createFeed(service.db, { url: `https://feeds.example.com/${feed}.xml`, source_type: 'feed', title: `Feed ${feed}`, website: `https://site${feed}.example.com` });
    subscribeUserToFeed(service.db, owner.id, feedId, { historyCap: historyCapOf(owner.plan) });
    storeItems(service.db, feedId, Array.from({ length: 50 }, (_, n) => ({
      guid: `${feed}-${n}`, url: `https://site${feed}.example.com/${n}`, title: `Article ${n} of feed ${feed} about something that happened`,
      published_at: new Date(Date.now() - (feed * 50 + n) * 3_600_000).toISOString(), author: 'A Writer',
      summary: 'A summary of a couple of sentences, as feeds give them. It says what the article is about.'.repeat(2),
      content: `<p>${'Body text of the article. '.repeat(40)}</p>`, item_type: 'article' as const, media_url: null, audio_url: null,
      duration_seconds: null, episode_number: null, episode_type: null, explicit: null, artwork_url: null, description: null, platform_metadata: {},
    })));
  }

  const appOrigin = 'http://localhost:3000';
  const cookie = (await startSession(new Request(appOrigin), { kind: 'installation' })).split(';')[0];
  const query = `?limit=${pageSize}`;
  const throughProxy = async () => expectOk(await proxy(new Request(`${appOrigin}/api/v1/items${query}`, { headers: { cookie } }), ['items']));

  const local = await interleaved(
    async () => expectOk(await service.fetch(new Request(`http://embedded/v1/items${query}`, { headers: { authorization: `Bearer ${ownerToken}`, accept: 'application/json' } }))),
    throughProxy,
  );

  let connections = 0;
  const apiKey = (await issueCredential(service.store, ownerId, 'api_key', 'bench')).secret;
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const started = serve({ fetch: service.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(started));
  });
  server.on('connection', () => { connections += 1; });
  const address = server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  process.env.FEED_API_BASE_URL = base;
  process.env.FEED_API_KEY = apiKey;
  const remote = await interleaved(
    async () => expectOk(await fetch(`${base}/v1/items${query}`, { headers: { authorization: `Bearer ${apiKey}`, accept: 'application/json' } })),
    throughProxy,
  );

  await new Promise<void>((resolve) => server.close(() => resolve()));
  service.close();
  rmSync(dataDir, { recursive: true, force: true });
  return {
    runs, items_per_page: pageSize, local: overhead(local, 1), remote: overhead(remote, 2),
    remote_connections: connections,
  };
}

/** Runs the measuring child and answers its figures. */
export function run(): ProxyFigures {
  const output = execFileSync(process.execPath, ['--conditions=react-server', '--import', 'tsx', thisFile, '--measure'], {
    cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env },
  });
  return JSON.parse(output.trim().split('\n').at(-1)!) as ProxyFigures;
}

/** Lines for the report. */
export function summarize(figures: ProxyFigures): string[] {
  const line = (name: string, mode: Overhead) => `${name}: direct ${mode.direct_median_ms} ms, through the proxy ${mode.proxied_median_ms} ms, ` +
    `overhead ${mode.overhead_ms} ms (target < ${mode.target_ms} ms: ${mode.pass ? 'pass' : 'FAIL'})`;
  return [
    `GET /v1/items, ${figures.items_per_page} items a page, ${figures.runs} interleaved runs each; overhead = median of paired differences`,
    line('in-process (local)', figures.local),
    line('over HTTP (remote)', figures.remote),
    `connections opened to the service over HTTP: ${figures.remote_connections} (keep-alive)`,
  ];
}

if (process.argv.includes('--measure')) {
  measure().then((figures) => { process.stdout.write(`${JSON.stringify(figures)}\n`); }, (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
} else if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(summarize(run()).join('\n'));
}
