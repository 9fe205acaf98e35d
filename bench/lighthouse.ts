/**
 * Lighthouse (mobile form factor, default simulated throttling) on the signed-in inbox and an
 * item's reader page, median of BENCH_LIGHTHOUSE_RUNS runs (3): performance, accessibility and
 * best-practices scores and LCP, against issue 6's targets. Lighthouse 12.8 is the newest that
 * runs on Node 20 (13 needs Node 22) and has no PWA category any more, so installability and
 * offline (issue 7) are checked in the same Chromium by bench/installable.ts.
 * The app is served over HTTPS (HTTP/2, a throwaway certificate), the way a phone on a mobile
 * network reaches it: a phone can only install it, or reach it at all from another machine, from
 * a secure origin, and over TLS Chromium speaks HTTP/2. Over plain HTTP/1.1 Chromium opens six
 * connections, and Lighthouse's simulation starts each one cold (a handshake and slow start on a
 * 150 ms, 1.6 Mbps link); BENCH_LIGHTHOUSE_PLAIN_RUNS (3) runs per page over plain HTTP on
 * localhost show what that costs; they are reported, not judged.
 * Each simulated run lists the scripts its LCP estimate counted (bench/lantern-lcp.ts), and
 * BENCH_LIGHTHOUSE_APPLIED_RUNS (3) more runs per page load with applied throttling, the same
 * profile measured in the browser instead of simulated; they are reported, not judged.
 * A bare Next.js page (bench/bare-next.ts, served by `next start` over plain HTTP) is run the same
 * number of times between them, so the report shows what this machine gives any Next page at
 * that moment: the yardstick of the scores.
 * Chromium is started with a debugging port (bench/lighthouse-chromium.ts); Playwright puts the session cookie into its
 * profile (Lighthouse keeps cookies between runs) and Lighthouse drives it through the port.
 * Run alone: npm run bench -- lighthouse (needs `npm run build` first, and openssl).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse from 'lighthouse';
import { CHROMIUM_TLS_ARGS, median, missingPrerequisite, startApp, type AppUnderTest } from './app-under-test';
import { bareNextApp, startBareNext } from './bare-next';
import { checkInstallableAndOffline, type InstallFigures } from './installable';
import { lcpScripts, type LcpScripts } from './lantern-lcp';
import { addSessionCookie, launchChromium, type Chromium } from './lighthouse-chromium';

const runs = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
/** Runs per page with applied (DevTools) throttling, reported beside the simulated figures. */
const appliedRuns = Number(process.env.BENCH_LIGHTHOUSE_APPLIED_RUNS ?? 3);
/** Runs per page over plain HTTP/1.1 on localhost, reported beside the judged HTTPS figures. */
const plainRuns = Number(process.env.BENCH_LIGHTHOUSE_PLAIN_RUNS ?? 3);
const categories = ['performance', 'accessibility', 'best-practices'] as const;
/** With BENCH_LIGHTHOUSE_KEEP=1 each run's full report goes to bench/results/lighthouse/, for digging. */
const keepReports = process.env.BENCH_LIGHTHOUSE_KEEP === '1';
const reportsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results', 'lighthouse');
const targets = { performance: 95, accessibility: 100, best_practices: 95, lcp_ms: 2000 };

/** One Lighthouse run's figures; scores out of 100. */
type Run = {
  performance: number; accessibility: number; best_practices: number;
  lcp_ms: number; fcp_ms: number; tbt_ms: number; cls: number; speed_index_ms: number;
  /** Lighthouse's measure of how fast this machine was during the run (higher is faster). */
  benchmark_index: number;
  failing: string[];
  /** What Lighthouse saw: the LCP element, the LCP phases in ms, and console errors. */
  details: { lcp_element: string | null; lcp_phases: Record<string, number>; console_errors: string[] };
  /** The scripts the simulated LCP waited for (none with applied throttling, which measures LCP). */
  lcp_scripts: LcpScripts | null;
  /** The protocol the page itself came over, as Chromium reported it (h2, http/1.1). */
  protocol: string;
};

type Throttling = 'simulate' | 'devtools';

export type PageFigures = {
  route: string;
  median: Omit<Run, 'failing' | 'details' | 'lcp_scripts' | 'protocol'>;
  runs: Run[];
  /**
   * The same page loaded on a throttled connection and CPU (Lighthouse's DevTools throttling, the
   * same mobile profile) rather than simulated from a fast load: LCP as the throttled browser saw it.
   */
  applied: { runs: number; performance: number; lcp_ms: number; fcp_ms: number };
  /** Audits below full marks in any run (id: title), the leads for improvements. */
  failing_audits: string[];
  pass: { performance: boolean; accessibility: boolean; best_practices: boolean; lcp: boolean };
};

/** The bare Next.js page's medians over the same runs: no app code, only Next and React. */
export type BareFigures = { next: string; react: string; performance: number; lcp_ms: number; fcp_ms: number; tbt_ms: number; runs: number[] };

/** The same pages over plain HTTP/1.1 on localhost: how much of the LCP the protocol decides. */
export type PlainHttpFigures = { runs: number; pages: { route: string; protocol: string; performance: number; lcp_ms: number; lcp_runs_ms: number[] }[] };

export type LighthouseFigures = {
  lighthouse: string; chromium: string; runs: number; build: { dir: string; id: string; stale: string | null };
  /** How the judged pages were served, and the protocols Chromium used for them. */
  served: { scheme: 'https'; protocols: string[] };
  targets: typeof targets; pages: PageFigures[]; bare: BareFigures; installable: InstallFigures; plain_http: PlainHttpFigures | null;
};

async function lighthouseRun(url: string, port: number, name: string, throttlingMethod: Throttling = 'simulate'): Promise<Run> {
  const result = await lighthouse(url, {
    port, output: 'json', logLevel: 'error', onlyCategories: [...categories], throttlingMethod,
    // Neither counts towards a score; the back/forward-cache check costs two extra navigations.
    skipAudits: ['bf-cache'], disableFullPageScreenshot: true,
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (keepReports) {
    mkdirSync(reportsDir, { recursive: true });
    writeFileSync(path.join(reportsDir, `${name}.json`), JSON.stringify(lhr));
  }
  if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  if (lhr.finalDisplayedUrl !== url) throw new Error(`Lighthouse ended on ${lhr.finalDisplayedUrl}, not ${url} (signed out?)`);
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? Number.NaN) * 100);
  const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const failing = categories.flatMap((id) => lhr.categories[id].auditRefs
    .filter((ref) => ref.weight > 0 || id === 'performance')
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => audit.score !== null && audit.score < 1 && ['binary', 'numeric', 'metricSavings'].includes(audit.scoreDisplayMode))
    .map((audit) => `${id}/${audit.id}: ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''}`));
  return {
    performance: score('performance'), accessibility: score('accessibility'), best_practices: score('best-practices'),
    lcp_ms: Math.round(value('largest-contentful-paint')), fcp_ms: Math.round(value('first-contentful-paint')),
    tbt_ms: Math.round(value('total-blocking-time')), cls: Math.round(value('cumulative-layout-shift') * 1000) / 1000,
    speed_index_ms: Math.round(value('speed-index')), benchmark_index: Math.round(lhr.environment.benchmarkIndex), failing,
    details: runDetails(lhr),
    lcp_scripts: throttlingMethod === 'simulate' ? await lcpScripts(result) : null,
    protocol: documentProtocol(lhr, url),
  };
}

type TableItem = Record<string, unknown> & { node?: { selector?: string; snippet?: string } };
type Details = { type?: string; items?: (TableItem | Details)[] };

function documentProtocol(lhr: { audits: Record<string, { details?: unknown }> }, url: string): string {
  const requests = ((lhr.audits['network-requests']?.details as Details | undefined)?.items ?? []) as TableItem[];
  return String(requests.find((row) => row.url === url)?.protocol ?? 'unknown');
}

function runDetails(lhr: { audits: Record<string, { details?: unknown }> }): Run['details'] {
  // The LCP element audit is a list of two tables: the element, then its phases.
  const tables = ((lhr.audits['largest-contentful-paint-element']?.details as Details | undefined)?.items ?? []) as Details[];
  const element = (tables[0]?.items?.[0] as TableItem | undefined)?.node;
  const phases = Object.fromEntries(((tables[1]?.items ?? []) as TableItem[]).map((row) => [String(row.phase), Math.round(Number(row.timing))]));
  const errors = ((lhr.audits['errors-in-console']?.details as Details | undefined)?.items ?? []) as TableItem[];
  return {
    lcp_element: element ? `${element.selector ?? ''} ${element.snippet ?? ''}`.trim() : null,
    lcp_phases: phases,
    console_errors: errors.map((row) => `${String(row.source)}: ${String(row.description ?? '').slice(0, 200)}`),
  };
}

function summarizeRuns(route: string, pageRuns: Run[], applied: Run[]): PageFigures {
  const pick = (key: Exclude<keyof Run, 'failing' | 'details' | 'lcp_scripts' | 'protocol'>) => median(pageRuns.map((run) => run[key]));
  const middle = {
    performance: pick('performance'), accessibility: pick('accessibility'), best_practices: pick('best_practices'),
    lcp_ms: pick('lcp_ms'), fcp_ms: pick('fcp_ms'), tbt_ms: pick('tbt_ms'), cls: pick('cls'),
    speed_index_ms: pick('speed_index_ms'), benchmark_index: pick('benchmark_index'),
  };
  return {
    route, median: middle, runs: pageRuns,
    applied: {
      runs: applied.length, performance: median(applied.map((run) => run.performance)),
      lcp_ms: median(applied.map((run) => run.lcp_ms)), fcp_ms: median(applied.map((run) => run.fcp_ms)),
    },
    failing_audits: [...new Set(pageRuns.flatMap((run) => run.failing.map((line) => line.replace(/ \(.*\)$/, ''))))],
    pass: {
      performance: middle.performance >= targets.performance, accessibility: middle.accessibility >= targets.accessibility,
      best_practices: middle.best_practices >= targets.best_practices, lcp: middle.lcp_ms < targets.lcp_ms,
    },
  };
}

type Page = { route: string; name: string; url: string };

function pagesOf(app: AppUnderTest): Page[] {
  return [
    { route: '/inbox', name: 'inbox', url: `${app.baseUrl}/inbox` },
    { route: '/items/<id>', name: 'item', url: `${app.baseUrl}/items/${app.itemId}` },
  ];
}

/**
 * `count` runs of each page by route, the pages taking turns so a burst of load on the machine
 * does not fall on one page only; `afterRound` runs after each turn (the bare page's run).
 */
async function runPages(pages: Page[], port: number, count: number, label: string, throttling: Throttling = 'simulate', afterRound?: (round: number) => Promise<void>): Promise<Map<string, Run[]>> {
  const results = new Map<string, Run[]>(pages.map((page) => [page.route, []]));
  for (let i = 0; i < count; i++) {
    for (const page of pages) results.get(page.route)!.push(await lighthouseRun(page.url, port, `${page.name}${label}-${i + 1}`, throttling));
    await afterRound?.(i);
  }
  return results;
}

/** The same two pages over plain HTTP/1.1, in a browser and an app of their own (cookies do not tell ports apart). */
async function plainHttpRuns(): Promise<PlainHttpFigures> {
  const app = await startApp();
  let browser: Chromium | undefined;
  try {
    browser = await launchChromium();
    await addSessionCookie(browser.port, app.baseUrl, app.cookie);
    const pages = pagesOf(app);
    const results = await runPages(pages, browser.port, plainRuns, '-plain');
    return {
      runs: plainRuns,
      pages: pages.map(({ route }) => {
        const pageRuns = results.get(route)!;
        return {
          route, protocol: [...new Set(pageRuns.map((run) => run.protocol))].join(', '),
          performance: median(pageRuns.map((run) => run.performance)), lcp_ms: median(pageRuns.map((run) => run.lcp_ms)),
          lcp_runs_ms: pageRuns.map((run) => run.lcp_ms),
        };
      }),
    };
  } finally {
    await browser?.stop();
    await app.stop();
  }
}

/** Lighthouse on the inbox and a reader page over HTTPS, the installability and offline checks, then the plain HTTP runs. */
export async function run(): Promise<LighthouseFigures | null> {
  const missing = missingPrerequisite();
  if (missing) {
    console.log(`lighthouse: ${missing}.`);
    return null;
  }
  const bareApp = bareNextApp();
  const app = await startApp({ https: true });
  // Started inside the try, so the app's server stops even when the bare page's fails to start.
  let bare: Awaited<ReturnType<typeof startBareNext>> | undefined;
  let browser: Chromium | undefined;
  let figures: Omit<LighthouseFigures, 'plain_http'>;
  try {
    bare = await startBareNext(bareApp.dir);
    browser = await launchChromium(CHROMIUM_TLS_ARGS);
    await addSessionCookie(browser.port, app.baseUrl, app.cookie);
    const pages = pagesOf(app);
    const port = browser.port;
    const bareRuns: Run[] = [];
    const results = await runPages(pages, port, runs, '', 'simulate', async (round) => {
      bareRuns.push(await lighthouseRun(`${bare!.baseUrl}/`, port, `bare-${round + 1}`));
    });
    const applied = await runPages(pages, port, appliedRuns, '-applied', 'devtools');
    const installable = await checkInstallableAndOffline(browser.port, app.baseUrl, app.itemId);
    const { version } = (await import('lighthouse/package.json', { with: { type: 'json' } })).default as { version: string };
    figures = {
      lighthouse: version, chromium: browser.version, runs, build: app.build,
      served: { scheme: 'https', protocols: [...new Set([...results.values()].flat().map((run) => run.protocol))] },
      targets,
      pages: pages.map((page) => summarizeRuns(page.route, results.get(page.route)!, applied.get(page.route)!)),
      bare: {
        next: bareApp.next, react: bareApp.react, runs: bareRuns.map((run) => run.performance),
        performance: median(bareRuns.map((run) => run.performance)), lcp_ms: median(bareRuns.map((run) => run.lcp_ms)),
        fcp_ms: median(bareRuns.map((run) => run.fcp_ms)), tbt_ms: median(bareRuns.map((run) => run.tbt_ms)),
      },
      installable,
    };
  } finally {
    await browser?.stop();
    await bare?.stop();
    await app.stop();
  }
  return { ...figures, plain_http: plainRuns > 0 ? await plainHttpRuns() : null };
}

const mark = (pass: boolean) => (pass ? 'ok' : 'MISS');

/** Medians per page against the targets, the audits that fell short, and the install/offline checks. */
export function summarize(figures: LighthouseFigures): string[] {
  const lines = [
    `Lighthouse ${figures.lighthouse} (mobile, simulated throttling) on ${figures.chromium}, median of ${figures.runs} runs; build ${figures.build.id} of ${figures.build.dir}${figures.build.stale ? ` (may be stale: ${figures.build.stale})` : ''}.`,
    `Served over HTTPS as a phone reaches the app; Chromium used ${figures.served.protocols.join(', ')}.`,
    `Targets: performance >= ${figures.targets.performance}, accessibility ${figures.targets.accessibility}, best practices >= ${figures.targets.best_practices}, LCP < ${figures.targets.lcp_ms / 1000} s.`,
  ];
  for (const page of figures.pages) {
    const m = page.median;
    lines.push(
      `${page.route.padEnd(12)} performance ${m.performance} ${mark(page.pass.performance)}, accessibility ${m.accessibility} ${mark(page.pass.accessibility)}, best practices ${m.best_practices} ${mark(page.pass.best_practices)}, LCP ${(m.lcp_ms / 1000).toFixed(2)} s ${mark(page.pass.lcp)}`,
      `${''.padEnd(12)} FCP ${(m.fcp_ms / 1000).toFixed(2)} s, TBT ${m.tbt_ms} ms, CLS ${m.cls}, speed index ${(m.speed_index_ms / 1000).toFixed(2)} s, benchmark index ${m.benchmark_index}; runs' performance ${page.runs.map((r) => r.performance).join(' / ')}`,
    );
    const counted = page.runs.map((run) => `${(run.lcp_ms / 1000).toFixed(2)} s (${run.lcp_scripts ? `${run.lcp_scripts.count} scripts, ${run.lcp_scripts.kb} KB` : 'n/a'})`);
    lines.push(`${''.padEnd(12)} simulated LCP per run, with the scripts it counted: ${counted.join(', ')}`);
    if (page.applied.runs) {
      lines.push(`${''.padEnd(12)} applied throttling (same profile, measured, not a target), median of ${page.applied.runs}: performance ${page.applied.performance}, FCP ${(page.applied.fcp_ms / 1000).toFixed(2)} s, LCP ${(page.applied.lcp_ms / 1000).toFixed(2)} s`);
    }
    const first = page.runs[0].details;
    const phases = Object.entries(first.lcp_phases).map(([phase, ms]) => `${phase} ${ms} ms`).join(', ');
    lines.push(`${''.padEnd(12)} LCP element (run 1): ${first.lcp_element ?? 'none'}${phases ? `; ${phases}` : ''}`);
    for (const error of new Set(page.runs.flatMap((r) => r.details.console_errors))) lines.push(`${''.padEnd(12)} console error: ${error}`);
    for (const category of categories) {
      const ids = page.failing_audits.filter((line) => line.startsWith(`${category}/`)).map((line) => line.slice(category.length + 1).replace(/:.*$/, ''));
      if (ids.length) lines.push(`${''.padEnd(12)} ${category} audits short of full marks: ${ids.join(', ')}`);
    }
  }
  const plain = figures.plain_http;
  for (const page of plain?.pages ?? []) {
    lines.push(`${page.route.padEnd(12)} over plain HTTP on localhost (${page.protocol}; reported, not judged), median of ${plain!.runs}: performance ${page.performance}, LCP ${(page.lcp_ms / 1000).toFixed(2)} s (runs ${page.lcp_runs_ms.map((ms) => (ms / 1000).toFixed(2)).join(' / ')})`);
  }
  const bare = figures.bare;
  lines.push(`${'bare Next'.padEnd(12)} performance ${bare.performance}, LCP ${(bare.lcp_ms / 1000).toFixed(2)} s, FCP ${(bare.fcp_ms / 1000).toFixed(2)} s, TBT ${bare.tbt_ms} ms (runs' performance ${bare.runs.join(' / ')}): a one-heading page of Next ${bare.next} and React ${bare.react}, run between the pages above, the most this machine gives any Next page now`);
  const install = figures.installable;
  lines.push(
    `Installable (Page.getInstallabilityErrors): ${install.installability_errors.length ? `NO: ${install.installability_errors.join('; ')}` : 'yes'}; manifest ${install.manifest_url ?? 'none'}${install.manifest_errors.length ? ` with errors: ${install.manifest_errors.join('; ')}` : ''}.`,
    `Offline after the worker took control: /inbox ${install.offline.inbox.status} with ${install.offline.inbox.items} items ${mark(install.offline.inbox.pass)}; /items/<id> ${install.offline.item.status}, heading ${install.offline.item.heading ?? 'none'} ${mark(install.offline.item.pass)}.`,
  );
  return lines;
}
