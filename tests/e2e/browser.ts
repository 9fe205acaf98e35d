/*
 * Chromium for the end-to-end tests: Debian's build driven by playwright-core
 * (no browser download), plus an accessibility assertion with axe.
 */
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page, type Response } from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';

/** The two screens every journey is checked on. */
export const VIEWPORTS = {
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
  desktop: { viewport: { width: 1280, height: 800 } },
} satisfies Record<string, BrowserContextOptions>;

export type ViewportName = keyof typeof VIEWPORTS;

// Quiet, deterministic and offline-friendly: no sync, updates, QUIC or GPU.
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-quic',
];

/**
 * Launches headless Chromium from CHROMIUM_PATH (or /usr/bin/chromium), with `extraArgs` after the usual flags.
 * TIDINGS_E2E_CPU_THROTTLE (e.g. 4) slows every page of its new contexts that much, as a loaded CI machine would.
 */
export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  const browser = await chromium.launch({ executablePath: inject('chromiumPath'), headless: true, args: [...CHROMIUM_ARGS, ...extraArgs] });
  const rate = Number(process.env.TIDINGS_E2E_CPU_THROTTLE);
  if (rate > 1) {
    const newContext = browser.newContext.bind(browser);
    browser.newContext = async (options) => {
      const context = await newContext(options);
      context.on('page', (page) => void context.newCDPSession(page).then((session) => session.send('Emulation.setCPUThrottlingRate', { rate })).catch(() => undefined));
      return context;
    };
  }
  return browser;
}

/**
 * A fresh context at the named viewport whose relative URLs resolve against the app, signed in
 * (every page needs a session) unless `signedIn: false` asks for a visitor without one.
 */
export async function newAppContext(
  browser: Browser,
  viewport: ViewportName,
  { signedIn = true, ...options }: BrowserContextOptions & { signedIn?: boolean } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: inject('baseUrl'), ...VIEWPORTS[viewport], ...options });
  if (signedIn) await signIn(context);
  return context;
}

/**
 * Signs a context (or a page's context) in with the app's password through POST /api/session,
 * as the sign-in form does; its pages then carry the session cookie. Each call starts its own
 * session, so a test that signs out ends only its own.
 */
export async function signIn(target: BrowserContext | Page): Promise<void> {
  const context = 'goto' in target ? target.context() : target;
  const response = await context.request.post(`${inject('baseUrl')}/api/session`, {
    form: { password: inject('appPassword') },
    headers: { accept: 'application/json' },
  });
  if (response.status() !== 200) throw new Error(`Signing in failed: ${response.status()} ${await response.text()}`);
}

/** Fails with a readable list when axe finds any accessibility violation on the page. */
export async function expectNoAxeViolations(page: Page, configure?: (builder: AxeBuilder) => AxeBuilder): Promise<void> {
  // After a client navigation Next sets the new page's <title> a moment after its content shows;
  // axe reads it once it is there (a page that never gets one still fails document-title below).
  await page.waitForFunction(() => document.title.trim() !== '', undefined, { timeout: 5_000 }).catch(() => undefined);
  const base = new AxeBuilder({ page });
  const results = await (configure ? configure(base) : base).analyze();
  if (results.violations.length === 0) return;
  const report = results.violations
    .map((violation) => {
      const targets = violation.nodes.map((node) => `    ${node.target.join(' ')}: ${node.failureSummary ?? ''}`);
      return `- ${violation.id} (${violation.impact ?? 'unknown'}): ${violation.help}\n${targets.join('\n')}`;
    })
    .join('\n');
  throw new Error(`axe found ${results.violations.length} accessibility violation(s) on ${page.url()}:\n${report}`);
}

/**
 * The hooks of a test file whose tests each open one context: one browser for the whole file,
 * and the context a test opens closed after it, passed or failed.
 */
export function contextPerTest() {
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterEach(async () => {
    await context?.close();
    context = undefined;
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    /** The file's browser, launched before its first test. */
    browser: () => browser!,
    /** Opens this test's context, as newAppContext does; it is closed after the test. */
    open: async (...args: Parameters<typeof newAppContext> extends [Browser, ...infer Rest] ? Rest : never) => {
      context = await newAppContext(browser!, ...args);
      return context;
    },
  };
}


/** Matches the browser's answer to one API call: its method and a pattern of its path. */
export function isCall(method: string, path: RegExp) {
  return (response: Response) => response.request().method() === method && path.test(new URL(response.url()).pathname);
}
