/**
 * First-load JavaScript per route, the browser's way (robust across Next versions): each route
 * is opened in a fresh Chromium context (empty cache, service worker blocked, phone viewport)
 * and every script response is kept. "First load" is what arrived before the load event; "after
 * load" is what the page fetched by itself until the network was idle (lazy parts it asked for
 * at once). Sizes are measured on the response bodies: raw, gzip at level 6 (what `next start`
 * sends) and brotli at quality 11 (what a CDN would precompress). The yardstick is a bare
 * Next.js page built the same way (bench/bare-next.ts); the target (issue 6): the inbox's first
 * load at most 40 KB (1 KB = 1000 bytes) gzip above it.
 * Run alone: npm run bench -- bundle-size (needs `npm run build` first).
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { chromium, type Browser, type Response } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath, missingPrerequisite, startApp } from './app-under-test';
import { bareNextApp, startBareNext } from './bare-next';

/** Totals over a set of scripts, in bytes; `transferred` is what crossed the wire (encoded). */
export type Sizes = { scripts: number; raw: number; gzip: number; brotli: number; transferred: number };

type Script = { url: string; path: string; raw: number; gzip: number; brotli: number; transferred: number; before_load: boolean };

export type RouteFigures = {
  route: string; status: number; final_path: string; first_load: Sizes;
  /** Fetched after the load event: the page's own lazy chunks, and chunks of routes its links prefetched. */
  after_load: { lazy: Sizes; prefetched: Sizes };
  /** First load minus the bare page's first load. */
  above_bare: { gzip: number; brotli: number };
  /** The scripts, largest first (after-load ones include chunks of prefetched links). */
  files: { first_load: { path: string; gzip: number }[]; after_load: { path: string; gzip: number }[] };
};

export type BundleFigures = {
  build: { dir: string; id: string; stale: string | null };
  bare: { next: string; react: string; built_now: boolean; first_load: Sizes; after_load: Sizes };
  routes: RouteFigures[];
  target: { route: string; max_above_bare_gzip_kb: number; above_bare_gzip_kb: number; pass: boolean };
};

const targetKb = 40;
const quietMs = 2000;
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

function measureBody(body: Buffer) {
  return {
    raw: body.length,
    gzip: gzipSync(body, { level: 6 }).length,
    brotli: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }).length,
  };
}

function total(scripts: Script[]): Sizes {
  const sum = (key: 'raw' | 'gzip' | 'brotli' | 'transferred') => scripts.reduce((acc, script) => acc + script[key], 0);
  return { scripts: scripts.length, raw: sum('raw'), gzip: sum('gzip'), brotli: sum('brotli'), transferred: sum('transferred') };
}

function byGzip(scripts: Script[]): { path: string; gzip: number }[] {
  return [...scripts].sort((a, b) => b.gzip - a.gzip).map(({ path, gzip }) => ({ path, gzip }));
}

/** Opens one URL in a fresh context and answers its scripts, split at the load event. */
async function loadScripts(browser: Browser, url: string, cookie: string | null) {
  const context = await browser.newContext({
    ...PHONE, serviceWorkers: 'block', extraHTTPHeaders: cookie ? { cookie } : {},
  });
  try {
    // Room for every resource's timing entry (the default keeps 250), read below.
    await context.addInitScript(() => performance.setResourceTimingBufferSize(2000));
    const page = await context.newPage();
    const pending: Promise<Script>[] = [];
    let loaded = false;
    let done = false;
    let lastScriptAt = Date.now();
    page.on('request', (request) => {
      if (request.resourceType() === 'script') lastScriptAt = Date.now();
    });
    page.on('response', (response: Response) => {
      if (done || response.request().resourceType() !== 'script') return;
      lastScriptAt = Date.now();
      const beforeLoad = !loaded;
      pending.push((async () => {
        const body = await response.body();
        const sizes = await response.request().sizes();
        return { url: response.url(), path: new URL(response.url()).pathname, ...measureBody(body), transferred: sizes.responseBodySize, before_load: beforeLoad };
      })());
    });
    const response = await page.goto(url, { waitUntil: 'load' });
    loaded = true;
    // The app keeps some connections busy (polling), so "network idle" may never come: wait
    // instead until no script was asked for during a quiet spell.
    const deadline = Date.now() + 15_000;
    while (Date.now() - lastScriptAt < quietMs && Date.now() < deadline) await page.waitForTimeout(200);
    done = true;
    // Which side of the load event a script is on, by the page's own clock: the response events
    // reach us later than the page saw them, so a chunk asked for just after load (offline support
    // starts then) was sometimes counted as first load.
    const startedBeforeLoad = new Set(await page.evaluate(() => {
      const loadAt = (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)?.loadEventStart ?? Infinity;
      return performance.getEntriesByType('resource').filter((entry) => entry.startTime < loadAt).map((entry) => entry.name);
    }));
    const scripts = (await Promise.all(pending)).map((script) => ({ ...script, before_load: script.before_load && startedBeforeLoad.has(script.url) }));
    return { status: response?.status() ?? 0, finalPath: new URL(page.url()).pathname, scripts };
  } finally {
    await context.close();
  }
}

/** Measures every route of the app and the bare page. */
export async function run(): Promise<BundleFigures | null> {
  const missing = missingPrerequisite();
  if (missing) {
    console.log(`bundle-size: ${missing}.`);
    return null;
  }
  const bareApp = bareNextApp();
  const app = await startApp();
  let bareServer: Awaited<ReturnType<typeof startBareNext>> | undefined;
  let browser: Browser | undefined;
  try {
    bareServer = await startBareNext(bareApp.dir);
    browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: CHROMIUM_ARGS });
    const bareLoad = await loadScripts(browser, `${bareServer.baseUrl}/`, null);
    const bareFirst = total(bareLoad.scripts.filter((script) => script.before_load));
    const paths = ['/inbox', `/items/${app.itemId}`, '/stories', '/search', '/subscriptions', '/settings', '/sign-in'];
    const loads: ({ route: string } & Awaited<ReturnType<typeof loadScripts>>)[] = [];
    // The sign-in page is what a visitor without a session sees.
    for (const route of paths) loads.push({ route, ...(await loadScripts(browser, `${app.baseUrl}${route}`, route === '/sign-in' ? null : app.cookie)) });
    const routes = loads.map((load): RouteFigures => {
      const first = load.scripts.filter((script) => script.before_load);
      const after = load.scripts.filter((script) => !script.before_load);
      // A chunk that another route loads first is there because a link to that route was prefetched.
      const othersFirst = new Set(loads.filter((other) => other !== load).flatMap((other) => other.scripts.filter((script) => script.before_load).map((script) => script.path)));
      const firstLoad = total(first);
      return {
        route: load.route.startsWith('/items/') ? '/items/<id>' : load.route, status: load.status, final_path: load.finalPath.replace(app.itemId, '<id>'),
        first_load: firstLoad,
        after_load: { lazy: total(after.filter((script) => !othersFirst.has(script.path))), prefetched: total(after.filter((script) => othersFirst.has(script.path))) },
        above_bare: { gzip: firstLoad.gzip - bareFirst.gzip, brotli: firstLoad.brotli - bareFirst.brotli },
        files: { first_load: byGzip(first), after_load: byGzip(after) },
      };
    });
    const inbox = routes[0];
    const aboveKb = Math.round(inbox.above_bare.gzip / 100) / 10;
    return {
      build: app.build,
      bare: { next: bareApp.next, react: bareApp.react, built_now: bareApp.built_now, first_load: bareFirst, after_load: total(bareLoad.scripts.filter((script) => !script.before_load)) },
      routes,
      target: { route: '/inbox', max_above_bare_gzip_kb: targetKb, above_bare_gzip_kb: aboveKb, pass: aboveKb <= targetKb },
    };
  } finally {
    await browser?.close();
    await bareServer?.stop();
    await app.stop();
  }
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
const signedKb = (bytes: number) => `${bytes >= 0 ? '+' : ''}${kb(bytes)}`;

/** A table of the routes: first load (gzip, brotli), the difference above bare, and what loaded after. */
export function summarize(figures: BundleFigures): string[] {
  const bare = figures.bare.first_load;
  const lines = [
    `Build ${figures.build.id} of ${figures.build.dir}${figures.build.stale ? ` (may be stale: ${figures.build.stale})` : ''}; bare Next ${figures.bare.next} / React ${figures.bare.react} page: ${bare.scripts} scripts, ${kb(bare.gzip)} gzip, ${kb(bare.brotli)} brotli, ${kb(bare.raw)} raw.`,
    'First load (before the load event), gzip level 6 and brotli 11; after load: own lazy chunks / chunks of prefetched links, gzip.',
    'route            status  scripts   gzip      brotli    above bare (gzip / brotli)   after load: lazy / prefetched',
  ];
  for (const route of figures.routes) {
    const moved = route.final_path === route.route ? '' : ` → ${route.final_path}`;
    lines.push(
      `${route.route.padEnd(16)} ${String(route.status).padEnd(7)} ${String(route.first_load.scripts).padEnd(9)} ${kb(route.first_load.gzip).padEnd(9)} ${kb(route.first_load.brotli).padEnd(9)} ${`${signedKb(route.above_bare.gzip)} / ${signedKb(route.above_bare.brotli)}`.padEnd(28)} ${kb(route.after_load.lazy.gzip)} in ${route.after_load.lazy.scripts} / ${kb(route.after_load.prefetched.gzip)} in ${route.after_load.prefetched.scripts}${moved}`,
    );
  }
  const target = figures.target;
  lines.push(`Target: ${target.route} first load at most ${target.max_above_bare_gzip_kb} KB gzip above bare; measured ${target.above_bare_gzip_kb} KB: ${target.pass ? 'pass' : 'FAIL'}.`);
  return lines;
}
