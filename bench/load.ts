/**
 * Load on the production server (lib/server/serve.ts, as `npm start`) with the demo data:
 * - scenario: 20 polite API keys at 90 requests a minute each (a mix of lists, checks and
 *   reads) and one greedy key as fast as it can at BENCH_LOAD_GREEDY concurrency, for 30 s,
 *   under the default limit of 120 a minute per key. Targets: no 5xx, no 429 for a polite
 *   key, polite p99 under 100 ms.
 * - throughput: GET /v1/items?limit=50 at 8 concurrent for BENCH_LOAD_SECONDS (target: 500 a
 *   second), and the same list through the app's proxy (/api/v1, signed in) for comparison.
 * - where the time goes: the same requests timed in-process (the domain call alone, and the
 *   service's fetch handler) against one at a time over HTTP; the difference is the cost
 *   outside the domain (target under 1 ms). Then a server under `--cpu-prof` answers lists at 8
 *   concurrent for 5 s; the profile of that window says which parts of the stack took the time.
 * Run alone: npx tsx bench/load.ts (or npm run bench -- load). Needs a production build; BENCH_APP_ROOT
 * measures another checkout's server and build (the in-process timings stay this checkout's).
 */
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { startProductionServer } from '../tests/e2e/server';
import { summarizeProfile, type ProfileSummary } from './cpu-profile';
import { closedLoop, keepAliveAgent, openLoop, percentile, processCpuMs, round, tally, timedRequest, type Tally, type Timed } from './load-client';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The checkout whose server and build are measured (BENCH_APP_ROOT, say a clean copy of an older commit, built there), by default this one. */
const appRoot = path.resolve(process.env.BENCH_APP_ROOT || root);
const scenarioSeconds = 30;
const politeKeys = 20;
const politePerMinute = 90;
const greedyConcurrency = Number(process.env.BENCH_LOAD_GREEDY ?? 8);
const throughputSeconds = Number(process.env.BENCH_LOAD_SECONDS ?? 10);
const concurrency = 8;
const sequentialRuns = 400;
const profileSeconds = 5;
const ownerEmail = 'owner@tidings.local';
const password = 'bench password for tidings';

/** Answers of a closed loop, their rate, and the server's CPU time per request (steadier than the rate on a busy machine). */
export type Throughput = Tally & { per_second: number; server_cpu_ms: number };
type Sequential = Tally & { server_cpu_ms: number };
/**
 * One operation's CPU time (medians, ms): the domain call alone and the service's fetch handler
 * in-process, and the server's per request over HTTP; outside the domain is the last minus the
 * first. `http_p50_ms` is the wall time a client saw.
 */
export type Inside = { domain_ms: number; service_ms: number; http_server_ms: number; outside_domain_ms: number; http_p50_ms: number };
export type LoadFigures = {
  scenario: { seconds: number; polite_keys: number; polite_per_minute: number; greedy_concurrency: number; polite: Tally; greedy: Tally; pass: boolean };
  throughput: { seconds: number; concurrency: number; items: Throughput; proxy: Throughput | null; target_per_second: number; pass: boolean };
  inside: { items: Inside; check: Inside; target_ms: number; pass: boolean };
  profile: Profiled | null;
};
/** The profile's summary, with the profiled server's CPU time a request and the part of it outside the operation's handler. */
export type Profiled = ProfileSummary & { server_cpu_ms: number; outside_handler_ms: number };

type Env = NodeJS.ProcessEnv;

function runCommand(command: string, args: string[], env: Env): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: appRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => { out += chunk.toString(); });
    child.stderr.on('data', (chunk: Buffer) => { err += chunk.toString(); });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve(out.trim()) : reject(new Error(`${command} ${args.join(' ')} failed (${code}): ${err}`))));
  });
}

/** API keys of the owner through the command line, one after another (the store takes one writer). */
async function createKeys(env: Env, count: number): Promise<string[]> {
  const keys: string[] = [];
  for (let i = 0; i < count; i++) {
    keys.push(await runCommand('npm', ['run', '-s', 'tidings', '--', 'key', 'create', '--email', ownerEmail, '--name', `load ${i}`], env));
  }
  return keys;
}

/** Median CPU times of the domain call alone and of the service's fetch handler, in this process, on the seeded data. */
async function timeInProcess(dataDir: string, key: string): Promise<{ items: [number, number]; check: [number, number] }> {
  const { createService } = await import('@/lib/service/service');
  const { findCredentialBySecret } = await import('@/lib/service/domain/accounts');
  const { listItems } = await import('@/lib/service/domain/items/list-items');
  const { checkSubscriptions } = await import('@/lib/service/domain/subscriptions/change-subscriptions');
  const { operations } = await import('@/lib/contract/operations');
  const service = createService({ databaseFile: path.join(dataDir, 'service.db'), config: { dataDir, apiKeyRateLimit: 1e9, validateResponses: false } });
  try {
    const { user } = (await findCredentialBySecret(service.store, key))!;
    const query = operations.listItems.query.parse({ limit: '50' });
    const headers = { authorization: `Bearer ${key}`, accept: 'application/json' };
    const viaFetch = (pathAndQuery: string) => async () => {
      const response = await service.fetch(new Request(`http://embedded${pathAndQuery}`, { headers }));
      if (response.status !== 200) throw new Error(`In-process ${pathAndQuery} answered ${response.status}`);
      await response.text();
    };
    // CPU time, not wall time: other work on the machine stretches the latter.
    const pair = async (domain: () => unknown, fetched: () => Promise<void>): Promise<[number, number]> => {
      const times: [number[], number[]] = [[], []];
      for (let i = 0; i < sequentialRuns + 50; i++) {
        let started = process.cpuUsage();
        await domain();
        let used = process.cpuUsage(started);
        if (i >= 50) times[0].push((used.user + used.system) / 1000);
        started = process.cpuUsage();
        await fetched();
        used = process.cpuUsage(started);
        if (i >= 50) times[1].push((used.user + used.system) / 1000);
      }
      return [percentile(times[0], 0.5), percentile(times[1], 0.5)];
    };
    return {
      items: await pair(() => listItems(service.store, user, query), viaFetch('/v1/items?limit=50')),
      check: await pair(() => checkSubscriptions(service.store, user), viaFetch('/v1/subscriptions/check')),
    };
  } finally {
    service.close();
  }
}

/** The polite mix: mostly lists, then checks, subscriptions and single items. */
function politePath(n: number, itemIds: string[]): string {
  const kind = n % 10;
  if (kind < 4) return '/v1/items?limit=50';
  if (kind < 6) return '/v1/subscriptions/check';
  if (kind < 7) return '/v1/subscriptions';
  if (kind < 8) return '/v1/items?limit=20&is_read=unread';
  return `/v1/items/${itemIds[n % itemIds.length]}`;
}

async function scenario(env: Env, keys: string[]): Promise<LoadFigures['scenario']> {
  const server = await startProductionServer(appRoot, env);
  const politeAgent = keepAliveAgent(Infinity);
  const greedyAgent = keepAliveAgent(greedyConcurrency);
  try {
    const [greedyKey, ...polite] = keys;
    const auth = (key: string) => ({ authorization: `Bearer ${key}`, accept: 'application/json' });
    // Warm the server up on the greedy key (it ends up limited anyway) with the polite mix, then
    // let Next finish loading its routes, which it does in one go a few seconds after starting.
    const list = await fetch(`${server.baseUrl}/v1/items?limit=50`, { headers: auth(greedyKey) });
    const itemIds = list.ok ? ((await list.json()) as { data: { id: string }[] }).data.map((item) => item.id) : [];
    if (!itemIds.length) throw new Error(`The demo inbox answered no items (${list.status}).`);
    for (let n = 0; n < 100; n++) await timedRequest(greedyAgent, `${server.baseUrl}${politePath(n, itemIds)}`, auth(greedyKey));
    await new Promise((resolve) => setTimeout(resolve, 3000));

    const intervalMs = 60_000 / politePerMinute;
    const politeRuns = polite.map((key, i) => openLoop(intervalMs, (i * intervalMs) / polite.length, scenarioSeconds,
      (n) => timedRequest(politeAgent, `${server.baseUrl}${politePath(n + i, itemIds)}`, auth(key))));
    const greedy = closedLoop(greedyConcurrency, scenarioSeconds, (n) => timedRequest(greedyAgent, `${server.baseUrl}${politePath(n, itemIds)}`, auth(greedyKey)));
    const politeAnswers = (await Promise.all(politeRuns)).flat();
    const greedyAnswers = (await greedy).answers;
    const politeTally = tally(politeAnswers);
    const greedyTally = tally(greedyAnswers);
    return {
      seconds: scenarioSeconds, polite_keys: polite.length, polite_per_minute: politePerMinute, greedy_concurrency: greedyConcurrency,
      polite: politeTally, greedy: greedyTally,
      pass: politeTally.status_5xx + greedyTally.status_5xx === 0 && politeTally.status_429 === 0 && politeTally.failed === 0 && politeTally.p99_ms < 100,
    };
  } finally {
    politeAgent.destroy();
    greedyAgent.destroy();
    await server.stop();
  }
}

/** A session cookie of the app (password sign-in), or null when signing in does not work here. */
async function signIn(baseUrl: string): Promise<string | null> {
  const response = await fetch(`${baseUrl}/api/session`, {
    method: 'POST', redirect: 'manual', body: new URLSearchParams({ password }),
    headers: { accept: 'application/json', origin: baseUrl, 'content-type': 'application/x-www-form-urlencoded' },
  });
  const cookie = response.headers.get('set-cookie')?.split(';')[0];
  return response.ok && cookie ? cookie : null;
}

/** One request at a time, then 8 at a time, directly and through the app's proxy. */
async function throughput(env: Env, key: string) {
  const server = await startProductionServer(appRoot, env);
  const agent = keepAliveAgent(concurrency);
  const headers = { authorization: `Bearer ${key}`, accept: 'application/json' };
  const get = (pathAndQuery: string, extra: Record<string, string> = headers) => timedRequest(agent, `${server.baseUrl}${pathAndQuery}`, extra);
  try {
    for (let i = 0; i < 300; i++) await get(i % 2 ? '/v1/items?limit=50' : '/v1/subscriptions/check');
    const sequential = async (pathAndQuery: string): Promise<Sequential> => {
      const answers: Timed[] = [];
      const cpuBefore = processCpuMs(server.pid);
      for (let i = 0; i < sequentialRuns; i++) answers.push(await get(pathAndQuery));
      return { ...tally(answers), server_cpu_ms: round((processCpuMs(server.pid) - cpuBefore) / sequentialRuns) };
    };
    const httpItems = await sequential('/v1/items?limit=50');
    const httpCheck = await sequential('/v1/subscriptions/check');
    const cpuBefore = processCpuMs(server.pid);
    const items = await closedLoop(concurrency, throughputSeconds, () => get('/v1/items?limit=50'));
    const cpuMs = round((processCpuMs(server.pid) - cpuBefore) / items.answers.length);
    const cookie = await signIn(server.baseUrl);
    let proxy: Throughput | null = null;
    if (cookie) {
      const session = { cookie, accept: 'application/json' };
      for (let i = 0; i < 100; i++) await get('/api/v1/items?limit=50', session);
      const cpuBeforeProxy = processCpuMs(server.pid);
      const proxied = await closedLoop(concurrency, throughputSeconds, () => get('/api/v1/items?limit=50', session));
      const proxyCpuMs = round((processCpuMs(server.pid) - cpuBeforeProxy) / proxied.answers.length);
      proxy = { ...tally(proxied.answers), per_second: round(proxied.answers.length / throughputSeconds), server_cpu_ms: proxyCpuMs };
    }
    return { httpItems, httpCheck, proxy, items: { ...tally(items.answers), per_second: round(items.answers.length / throughputSeconds), server_cpu_ms: cpuMs } };
  } finally {
    agent.destroy();
    await server.stop();
  }
}

/** The server under `--cpu-prof` (on its own: the profiler slows it), summarized over a window of lists at 8 concurrent. */
async function profile(env: Env, key: string, profileDir: string): Promise<Profiled | null> {
  const server = await startProductionServer(appRoot, env, ['--cpu-prof', `--cpu-prof-dir=${profileDir}`]);
  const agent = keepAliveAgent(concurrency);
  const headers = { authorization: `Bearer ${key}`, accept: 'application/json' };
  let window: [number, number];
  let cpuMs: number;
  try {
    for (let i = 0; i < 300; i++) await timedRequest(agent, `${server.baseUrl}/v1/items?limit=50`, headers);
    const cpuBefore = processCpuMs(server.pid);
    const loop = await closedLoop(concurrency, profileSeconds, () => timedRequest(agent, `${server.baseUrl}/v1/items?limit=50`, headers));
    cpuMs = (processCpuMs(server.pid) - cpuBefore) / loop.answers.length;
    window = loop.window;
  } finally {
    agent.destroy();
    await server.stop();
  }
  // Node writes the profile as the server exits.
  const file = readdirSync(profileDir).find((name) => name.endsWith('.cpuprofile'));
  if (!file) return null;
  // Kept beside the report, for a closer look in Chrome's DevTools or speedscope.
  mkdirSync(path.join(root, 'bench', 'results'), { recursive: true });
  copyFileSync(path.join(profileDir, file), path.join(root, 'bench', 'results', 'load.cpuprofile'));
  const summary = summarizeProfile(path.join(profileDir, file), appRoot, window);
  return { ...summary, server_cpu_ms: round(cpuMs), outside_handler_ms: round(cpuMs * (1 - summary.under_handler / 100)) };
}

/** Seeds a throwaway data directory, then runs the scenario and the throughput phase on their own servers. */
export async function run(): Promise<LoadFigures | null> {
  if (!existsSync(path.join(appRoot, '.next', 'BUILD_ID'))) {
    console.error(`load: no production build in ${appRoot}/.next; run \`npm run build\` first.`);
    return null;
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tidings-bench-load-'));
  const profileDir = path.join(dataDir, 'profile');
  mkdirSync(profileDir);
  const env: Env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1', TIDINGS_DATA_DIR: dataDir, TIDINGS_APP_PASSWORD: password, TIDINGS_SMTP_PORT: '0', TIDINGS_OWNER_EMAIL: ownerEmail };
  for (const name of ['FEED_API_BASE_URL', 'FEED_API_KEY', 'TIDINGS_TLS_CERT', 'TIDINGS_TLS_KEY', 'TIDINGS_RATE_LIMIT', 'TIDINGS_APP_RATE_LIMIT', 'TIDINGS_VALIDATE_RESPONSES']) delete env[name];
  try {
    await runCommand('npm', ['run', '-s', 'seed:demo'], env);
    const keys = await createKeys(env, politeKeys + 1);
    const inProcess = await timeInProcess(dataDir, keys[0]);
    const scenarioFigures = await scenario(env, keys);
    const unlimited = { ...env, TIDINGS_RATE_LIMIT: '1000000000', TIDINGS_APP_RATE_LIMIT: '1000000000' };
    const measured = await throughput(unlimited, keys[0]);
    const profiled = await profile(unlimited, keys[0], profileDir);
    const inside = (medians: [number, number], http: Sequential): Inside => ({
      domain_ms: round(medians[0]), service_ms: round(medians[1]), http_server_ms: http.server_cpu_ms,
      outside_domain_ms: round(http.server_cpu_ms - medians[0]), http_p50_ms: http.p50_ms,
    });
    const items = inside(inProcess.items, measured.httpItems);
    const check = inside(inProcess.check, measured.httpCheck);
    return {
      scenario: scenarioFigures,
      throughput: {
        seconds: throughputSeconds, concurrency, items: measured.items, proxy: measured.proxy, target_per_second: 500,
        pass: measured.items.per_second >= 500 && measured.items.status_5xx === 0,
      },
      inside: { items, check, target_ms: 1, pass: items.outside_domain_ms < 1 && check.outside_domain_ms < 1 },
      profile: profiled,
    };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const verdict = (pass: boolean) => (pass ? 'pass' : 'FAIL');

/** Lines for the report. */
export function summarize(figures: LoadFigures): string[] {
  const { scenario: s, throughput: t, inside: i, profile } = figures;
  const counts = (tallied: Tally) => `${tallied.requests} requests: ${tallied.ok} ok, ${tallied.status_429} × 429, ${tallied.status_5xx} × 5xx, ${tallied.failed} failed`;
  const split = (name: string, x: Inside) => `${name}: domain ${x.domain_ms} ms, service in-process ${x.service_ms} ms, ` +
    `server over HTTP ${x.http_server_ms} ms → outside the domain ${x.outside_domain_ms} ms (client saw p50 ${x.http_p50_ms} ms)`;
  const lines = [
    `scenario (${s.seconds} s, ${s.polite_keys} keys at ${s.polite_per_minute}/min, one greedy key at ${s.greedy_concurrency} concurrent): ${verdict(s.pass)}`,
    `  polite: ${counts(s.polite)}; p50 ${s.polite.p50_ms} ms, p99 ${s.polite.p99_ms} ms, max ${s.polite.max_ms} ms (target: no 5xx, no 429, p99 < 100 ms)`,
    `  greedy: ${counts(s.greedy)}; p50 ${s.greedy.p50_ms} ms`,
    `throughput, GET /v1/items?limit=50 at ${t.concurrency} concurrent for ${t.seconds} s: ${t.items.per_second}/s, p50 ${t.items.p50_ms} ms, p99 ${t.items.p99_ms} ms, ${t.items.status_5xx} × 5xx, server CPU ${t.items.server_cpu_ms} ms a request, ` +
      `so about ${Math.round(1000 / t.items.server_cpu_ms)}/s on a core of its own (target ≥ ${t.target_per_second}/s: ${verdict(t.pass)})`,
    t.proxy ? `  through the app's proxy (/api/v1/items, signed in): ${t.proxy.per_second}/s, p50 ${t.proxy.p50_ms} ms, p99 ${t.proxy.p99_ms} ms, ${t.proxy.status_5xx} × 5xx, server CPU ${t.proxy.server_cpu_ms} ms a request` : '  through the app\'s proxy: not measured (signing in failed)',
    `one request at a time, CPU ms a request (target outside the domain < ${i.target_ms} ms: ${verdict(i.pass)})`,
    `  ${split('GET /v1/items?limit=50', i.items)}`,
    `  ${split('GET /v1/subscriptions/check', i.check)}`,
  ];
  if (profile) {
    lines.push(`server CPU profile of ${profileSeconds} s of lists at ${concurrency} concurrent${profile.windowed ? '' : ' (whole run: no sample matched the window)'}: busy ${profile.busy_ms} ms, idle ${profile.idle_ms} ms; ` +
      `${profile.server_cpu_ms} ms a request, ${profile.under_handler}% of it under the operation's handler, so ${profile.outside_handler_ms} ms outside it`);
    lines.push(`  self time by part: ${Object.entries(profile.by_part).map(([part, share]) => `${part} ${share}%`).join(', ')}`);
    lines.push('  busiest functions (self):', ...profile.top_functions.slice(0, 10).map((entry) => `    ${entry.self}% ${entry.name}`));
  }
  return lines;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  run().then((figures) => { if (figures) console.log(summarize(figures).join('\n')); }, (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
