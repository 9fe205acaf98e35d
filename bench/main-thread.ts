/**
 * Main-thread work on load, a steadier measure than Lighthouse's simulated TBT on a shared
 * machine: Chromium (playwright-core) loads the bare Next page (bench/bare-next.ts), the
 * signed-in inbox and an item's reader page in turn, BENCH_MAIN_THREAD_RUNS times (5), each in
 * a fresh context (cold cache) with the CPU slowed BENCH_MAIN_THREAD_CPU_SLOWDOWN times (4, the
 * mobile profile Lighthouse assumes), tracing until the network is idle and 3 s more. Per page,
 * medians of the main thread's task time, the long tasks (over 50 ms) and their time past 50 ms
 * (the TBT formula, from the first contentful paint; and over the whole load), with the ratios to
 * the bare page's in the same run, and the long tasks' time by script (bench/main-thread-trace.ts).
 * With BENCH_MAIN_THREAD_PROFILE=1 the trace also samples JavaScript (which costs some time of its
 * own), and each page's self time by script file and its busiest functions are listed.
 * Run alone: npm run bench -- main-thread (needs `npm run build` first).
 */
import os from 'node:os';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath, median, missingPrerequisite, startApp } from './app-under-test';
import { bareNextApp, startBareNext } from './bare-next';
import { readLoad, readProfile, type LoadFigures, type ScriptProfile, type TraceEvent } from './main-thread-trace';

const runs = Number(process.env.BENCH_MAIN_THREAD_RUNS ?? 5);
const slowdown = Number(process.env.BENCH_MAIN_THREAD_CPU_SLOWDOWN ?? 4);
/** After the network is idle: time for the work the app defers to the load event and an idle moment. */
const settleMs = 3000;
const profile = process.env.BENCH_MAIN_THREAD_PROFILE === '1';
const categories = [
  '__metadata', 'toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'v8.execute', 'loading', 'blink.user_timing',
  ...(profile ? ['disabled-by-default-v8.cpu_profiler'] : []),
];

type Load = LoadFigures & { script_ms: number; profile: ScriptProfile | null };
type Page = { name: string; url: string; cookie?: { name: string; value: string; url: string } };

/** One page's medians, and their ratios to the bare page's of the same run. */
export type PageFigures = {
  name: string;
  median: { task_ms: number; script_ms: number; tbt_ms: number; blocking_ms: number; long_tasks: number; longest_ms: number; fcp_ms: number };
  ratio_to_bare: { task: number; tbt: number; blocking: number };
  runs: { task_ms: number; tbt_ms: number; blocking_ms: number }[];
  /** Mean per load of the long tasks' time by script or kind of work, the largest first. */
  by_source: [string, number][];
  /** With BENCH_MAIN_THREAD_PROFILE=1: mean per load of JavaScript self time by file, and by function. */
  profile: { by_file: [string, number][]; top_functions: [string, number][] } | null;
};

export type MainThreadFigures = { chromium: string; runs: number; cpu_slowdown: number; load_average: number[]; pages: PageFigures[] };

async function load(browser: Browser, page: Page): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  try {
    if (page.cookie) await context.addCookies([{ ...page.cookie, httpOnly: true, sameSite: 'Lax' }]);
    const tab = await context.newPage();
    const cdp = await context.newCDPSession(tab);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
    await cdp.send('Performance.enable');
    await browser.startTracing(tab, { categories });
    await tab.goto(page.url, { waitUntil: 'load' });
    await tab.waitForLoadState('networkidle');
    await tab.waitForTimeout(settleMs);
    const metrics = (await cdp.send('Performance.getMetrics')).metrics;
    const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] };
    if (new URL(tab.url()).pathname !== new URL(page.url).pathname) throw new Error(`${page.url} ended on ${tab.url()} (signed out?)`);
    const script = metrics.find((metric) => metric.name === 'ScriptDuration')?.value ?? Number.NaN;
    return { ...readLoad(trace.traceEvents, tab.url()), script_ms: Math.round(script * 1000), profile: profile ? readProfile(trace.traceEvents, tab.url()) : null };
  } finally {
    await context.close();
  }
}

function summarizePage(name: string, loads: Load[], bare: Load[] | null): PageFigures {
  const pick = (key: keyof Omit<Load, 'by_source' | 'fcp_ms' | 'profile'>) => median(loads.map((one) => one[key]));
  const middle = {
    task_ms: pick('task_ms'), script_ms: pick('script_ms'), tbt_ms: pick('tbt_ms'), blocking_ms: pick('blocking_ms'),
    long_tasks: pick('long_tasks'), longest_ms: pick('longest_ms'), fcp_ms: median(loads.map((one) => one.fcp_ms ?? Number.NaN)),
  };
  const ratio = (key: 'task_ms' | 'tbt_ms' | 'blocking_ms') => {
    const base = bare ? median(bare.map((one) => one[key])) : middle[key];
    return Math.round((middle[key] / Math.max(base, 1)) * 100) / 100;
  };
  const perLoad = (records: Record<string, number>[], count: number): [string, number][] => {
    const totals: Record<string, number> = {};
    for (const record of records) for (const [key, ms] of Object.entries(record)) totals[key] = (totals[key] ?? 0) + ms;
    return Object.entries(totals).map(([key, ms]): [string, number] => [key, Math.round(ms / loads.length)]).sort((a, b) => b[1] - a[1]).slice(0, count);
  };
  const profiles = loads.flatMap((one) => (one.profile ? [one.profile] : []));
  return {
    name, median: middle,
    ratio_to_bare: { task: ratio('task_ms'), tbt: ratio('tbt_ms'), blocking: ratio('blocking_ms') },
    runs: loads.map(({ task_ms, tbt_ms, blocking_ms }) => ({ task_ms, tbt_ms, blocking_ms })),
    by_source: perLoad(loads.map((one) => one.by_source), 8),
    profile: profiles.length ? {
      by_file: perLoad(profiles.map((one) => one.by_file), 8),
      top_functions: perLoad(profiles.map((one) => Object.fromEntries(one.top_functions.map(({ name, ms }) => [name, ms]))), 8),
    } : null,
  };
}

/** The bare page, the inbox and the reader loaded in turn, `runs` times each. */
export async function run(): Promise<MainThreadFigures | null> {
  const missing = missingPrerequisite();
  if (missing) {
    console.log(`main-thread: ${missing}.`);
    return null;
  }
  const bareApp = bareNextApp();
  const app = await startApp();
  let bare: Awaited<ReturnType<typeof startBareNext>> | undefined;
  let browser: Browser | undefined;
  try {
    bare = await startBareNext(bareApp.dir);
    browser = await chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_ARGS });
    const [name, value] = [app.cookie.slice(0, app.cookie.indexOf('=')), app.cookie.slice(app.cookie.indexOf('=') + 1)];
    const cookie = { name, value, url: app.baseUrl };
    const pages: Page[] = [
      { name: 'bare Next', url: `${bare.baseUrl}/` },
      { name: '/inbox', url: `${app.baseUrl}/inbox`, cookie },
      { name: '/items/<id>', url: `${app.baseUrl}/items/${app.itemId}`, cookie },
    ];
    // One warm-up load each: the servers' first answers compile and fill caches.
    for (const page of pages) await load(browser, page);
    const loads = new Map<string, Load[]>(pages.map((page) => [page.name, []]));
    for (let i = 0; i < runs; i++) for (const page of pages) loads.get(page.name)!.push(await load(browser, page));
    const bareLoads = loads.get('bare Next')!;
    return {
      chromium: browser.version(), runs, cpu_slowdown: slowdown,
      load_average: os.loadavg().map((value) => Math.round(value * 100) / 100),
      pages: pages.map((page) => summarizePage(page.name, loads.get(page.name)!, page.name === 'bare Next' ? null : bareLoads)),
    };
  } finally {
    await browser?.close();
    await bare?.stop();
    await app.stop();
  }
}

/** Medians per page with their ratios to the bare page, and where the long tasks' time went. */
export function summarize(figures: MainThreadFigures): string[] {
  const lines = [
    `Chromium ${figures.chromium}, CPU slowed ${figures.cpu_slowdown}x, ${figures.runs} loads per page in turn (cold cache), medians; load average at the end ${figures.load_average.join(' ')}.`,
    'TBT: long tasks\' time past 50 ms from the first contentful paint; blocking: the same over the whole load.',
  ];
  for (const page of figures.pages) {
    const m = page.median;
    const ratios = page.name === 'bare Next' ? '' : ` (x${page.ratio_to_bare.tbt} / x${page.ratio_to_bare.blocking} / x${page.ratio_to_bare.task} the bare page's)`;
    lines.push(
      `${page.name.padEnd(12)} TBT ${m.tbt_ms} ms, blocking ${m.blocking_ms} ms, main-thread tasks ${m.task_ms} ms${ratios}; script ${m.script_ms} ms, ${m.long_tasks} long tasks, longest ${m.longest_ms} ms, FCP ${m.fcp_ms} ms`,
      `${''.padEnd(12)} runs' TBT ${page.runs.map((one) => one.tbt_ms).join(' / ')} ms; long tasks by source: ${page.by_source.map(([source, ms]) => `${source} ${ms}`).join(', ')}`,
    );
    if (page.profile) {
      lines.push(
        `${''.padEnd(12)} JavaScript self time by file: ${page.profile.by_file.map(([file, ms]) => `${file} ${ms}`).join(', ')}`,
        `${''.padEnd(12)} busiest functions: ${page.profile.top_functions.map(([name, ms]) => `${name} ${ms}`).join(', ')}`,
      );
    }
  }
  return lines;
}
