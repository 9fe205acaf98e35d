/*
 * The security headers of the production server, page by page, and what the Content-Security-
 * Policy is for: markup that slipped into an item's HTML (a script, an event handler) does not run,
 * while the app's own scripts, theme script and stylesheet do, and every page still hydrates.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from './browser';
import { signInTo, startDedicatedServer } from './offline-helpers';

let server: Awaited<ReturnType<typeof startDedicatedServer>>;
let browser: Browser;
let contexts: BrowserContext[] = [];
let itemId: string;
let sharePath: string;

/** What a page's CSP blocked, recorded in the page (the listener is DevTools', outside the policy). */
type Violation = { directive: string; blocked: string; sample: string };
declare global {
  interface Window {
    violations: Violation[];
    injectedRan?: string[];
  }
}

async function newPage(signedIn: boolean): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.baseUrl, viewport: { width: 1280, height: 900 } });
  contexts.push(context);
  if (signedIn) await signInTo(context, server.baseUrl);
  await context.addInitScript(() => {
    window.violations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.violations.push({ directive: event.effectiveDirective, blocked: event.blockedURI, sample: event.sample });
    });
  });
  return context.newPage();
}

beforeAll(async () => {
  // A share link needs a saved item: a server of the file's own keeps the suite's demo data as it was.
  server = await startDedicatedServer({});
  browser = await launchBrowser();
  const page = await newPage(true);
  await page.goto('/offline');
  ({ itemId, sharePath } = await page.evaluate(async () => {
    const list = await (await fetch('/api/v1/items?limit=1')).json() as { data: { id: string }[] };
    const id = list.data[0]!.id;
    const saved = await fetch(`/api/v1/items/${id}`, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: '{"is_saved":true}' });
    if (!saved.ok) throw new Error(`saving failed: ${saved.status}`);
    const link = await fetch('/api/share-links', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ item_id: id }) });
    if (!link.ok) throw new Error(`sharing failed: ${link.status}`);
    return { itemId: id, sharePath: new URL(((await link.json()) as { url: string }).url, location.href).pathname };
  }));
});
afterEach(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  contexts = [];
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The directives of a Content-Security-Policy header, by name. */
function directives(policy: string | undefined): Map<string, string[]> {
  expect(policy, 'a Content-Security-Policy header').toBeTruthy();
  return new Map(policy!.split(';').map((part) => {
    const [name, ...sources] = part.trim().split(/\s+/);
    return [name!, sources];
  }));
}

/** Whether React has hydrated the page: it tags the DOM nodes it owns. */
const hydrated = (page: Page) => page.waitForFunction(() => Object.keys(document.querySelector('main')!).some((key) => key.startsWith('__reactFiber')), undefined, { timeout: 15_000 });

describe('security headers', () => {
  it('gives every page a nonce policy without inline script, frame denial, nosniff and a referrer policy; pages hydrate with nothing blocked', async () => {
    const pages: [string, boolean][] = [
      ['/inbox', true], [`/items/${itemId}`, true], ['/stories', true], ['/search?q=the', true], ['/subscriptions', true],
      ['/settings', true], ['/sign-in', false], ['/offline', false], [sharePath, false],
    ];
    const nonces = new Set<string>();
    for (const [path, signedIn] of pages) {
      const page = await newPage(signedIn);
      await page.goto('/offline');
      // A pinned theme: the inline theme script (nonced) must still apply it before paint.
      await page.evaluate(() => localStorage.setItem('tidings:theme', 'dark'));
      const response = (await page.goto(path))!;
      expect(response.status(), path).toBe(200);
      expect(new URL(page.url()).pathname, `${path} stays where it was asked`).toBe(path.split('?')[0]);
      const headers = response.headers();
      const policy = directives(headers['content-security-policy']);
      const scriptSrc = policy.get('script-src')!;
      expect(scriptSrc, path).not.toContain("'unsafe-inline'");
      const nonce = scriptSrc.find((source) => source.startsWith("'nonce-"));
      expect(nonce, `${path} script nonce`).toBeTruthy();
      nonces.add(nonce!);
      expect(policy.get('object-src'), path).toEqual(["'none'"]);
      expect(policy.get('base-uri'), path).toEqual(["'none'"]);
      expect(policy.get('frame-ancestors'), path).toEqual(["'none'"]);
      expect(headers['x-frame-options'], path).toBe('DENY');
      expect(headers['x-content-type-options'], path).toBe('nosniff');
      expect(headers['referrer-policy'], path).toBe(path.startsWith('/share/') ? 'no-referrer' : 'strict-origin-when-cross-origin');
      // Plain HTTP: HSTS is only for answers over HTTPS.
      expect(headers['strict-transport-security'], path).toBeUndefined();

      await hydrated(page);
      expect(await page.evaluate(() => document.documentElement.dataset.theme), `${path} theme script ran`).toBe('dark');
      expect(await page.evaluate(() => getComputedStyle(document.querySelector('.skip-link')!).position), `${path} stylesheet applies`).toBe('absolute');
      await page.waitForLoadState('networkidle');
      expect(await page.evaluate(() => window.violations), `${path} blocked nothing of the app's`).toEqual([]);
    }
    expect(nonces.size, 'a new nonce each page').toBe(pages.length);
  });

  it('sends nosniff, frame denial and a policy that loads nothing with API answers and static files', async () => {
    const page = await newPage(true);
    const api = await page.request.get('/api/v1/items?limit=1');
    expect(api.status()).toBe(200);
    expect(directives(api.headers()['content-security-policy']).get('default-src')).toEqual(["'none'"]);
    expect(api.headers()).toMatchObject({ 'x-content-type-options': 'nosniff', 'x-frame-options': 'DENY', 'referrer-policy': 'strict-origin-when-cross-origin' });
    const unauthorized = await page.request.get('/v1/items');
    expect(unauthorized.status()).toBe(401);
    expect(unauthorized.headers()).toMatchObject({ 'x-content-type-options': 'nosniff', 'x-frame-options': 'DENY' });
    await page.goto('/sign-in');
    const script = await page.evaluate(() => document.querySelector<HTMLScriptElement>('script[src^="/_next/static/"]')!.src);
    for (const [url, encoding] of [[script, 'br'], [script, 'gzip'], ['/manifest.webmanifest', 'gzip'], ['/sw.js', 'gzip']]) {
      const file = await page.request.get(url!, { headers: { 'accept-encoding': encoding! } });
      expect(file.status(), url).toBe(200);
      expect(file.headers()['x-content-type-options'], `${url} (${encoding})`).toBe('nosniff');
    }
  });

  it('gives a 404 for a path with a file extension (which proxy.ts never sees) a nonce policy too, and its page runs with nothing blocked', async () => {
    for (const path of ['/nope.js', '/icons/nope.png']) {
      const page = await newPage(false);
      const response = (await page.goto(path))!;
      expect(response.status(), path).toBe(404);
      const headers = response.headers();
      const policy = directives(headers['content-security-policy']);
      expect(policy.get('script-src'), path).toEqual(expect.arrayContaining(["'self'", "'strict-dynamic'", expect.stringMatching(/^'nonce-/)]));
      expect(policy.get('script-src'), path).not.toContain("'unsafe-inline'");
      expect(policy.get('object-src'), path).toEqual(["'none'"]);
      expect(policy.get('base-uri'), path).toEqual(["'none'"]);
      expect(policy.get('frame-ancestors'), path).toEqual(["'none'"]);
      expect(headers, path).toMatchObject({ 'x-content-type-options': 'nosniff', 'x-frame-options': 'DENY', 'referrer-policy': 'strict-origin-when-cross-origin' });
      await page.waitForLoadState('networkidle');
      expect(await page.evaluate(() => window.violations), `${path}: the not-found page's own scripts and styles carry the nonce`).toEqual([]);
    }
  });

  it('runs no script that markup in an item brings: neither a script element, an event handler nor one injected later', async () => {
    const page = await newPage(true);
    // Item HTML that got past sanitizing, as a hostile service or a sanitizer bug would deliver it.
    const hostile = '<script>(window.injectedRan ??= []).push("script")</script>'
      + '<img src="data:," onerror="(window.injectedRan ??= []).push(\'onerror\')" alt="">';
    await page.route(`**/items/${itemId}`, async (route) => {
      if (route.request().resourceType() !== 'document') return route.continue();
      const response = await route.fetch();
      const body = (await response.text()).replace(/<div class="reading[^"]*">/, (opening) => opening + hostile);
      expect(body).toContain(hostile);
      await route.fulfill({ response, body });
    });
    await page.goto(`/items/${itemId}`);
    await hydrated(page);
    // Later, as the reader's own innerHTML would place an item's HTML.
    await page.evaluate((html) => {
      document.querySelector('.reading')!.insertAdjacentHTML('beforeend', html);
    }, '<img src="data:," onerror="(window.injectedRan ??= []).push(\'later\')" alt="">');
    // Three blocked, or (without a policy) run.
    await page.waitForFunction(() => window.violations.length + (window.injectedRan ?? []).length >= 3);

    expect(await page.evaluate(() => window.injectedRan ?? [])).toEqual([]);
    const blocked = await page.evaluate(() => window.violations);
    expect(blocked.map((violation) => violation.directive)).toEqual(expect.arrayContaining(['script-src-elem', 'script-src-attr']));
    expect(blocked.every((violation) => violation.blocked === 'inline')).toBe(true);
  });
});
