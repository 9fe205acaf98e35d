/**
 * Issue 7's "installability and offline checks pass", which Lighthouse 12 no longer audits:
 * Chromium's own verdict (CDP Page.getInstallabilityErrors, Page.getAppManifest) on the signed-in
 * inbox once the service worker controls it, then the inbox and an item opened earlier, loaded
 * again with the network offline. Runs in an already started Chromium (a debugging port) whose
 * default context holds the session cookie. Used by bench/lighthouse.ts; not a module itself.
 */
import { chromium, type Page } from 'playwright-core';

export type InstallFigures = {
  /** Chromium's installability errors, as `errorId(arguments)`; empty means installable. */
  installability_errors: string[];
  manifest_url: string | null;
  manifest_errors: string[];
  offline: {
    inbox: { status: number | null; items: number; pass: boolean };
    item: { status: number | null; heading: string | null; pass: boolean };
  };
};

type InstallabilityErrors = { installabilityErrors: { errorId: string; errorArguments: { name: string; value: string }[] }[] };
type AppManifest = { url: string; errors: { message: string; critical: number }[] };

const itemRow = 'li[data-item-id]';

async function waitForWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise<void>((resolve) => navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }));
    }
  });
}

async function countRows(page: Page): Promise<number> {
  try {
    await page.locator(itemRow).first().waitFor({ timeout: 15_000 });
  } catch {
    return 0;
  }
  return page.locator(itemRow).count();
}

async function headingText(page: Page): Promise<string | null> {
  try {
    const heading = page.getByRole('heading', { level: 1 }).first();
    await heading.waitFor({ timeout: 15_000 });
    return (await heading.textContent())?.trim() || null;
  } catch {
    return null;
  }
}

/** Checks installability and the offline inbox and item in the Chromium listening on `port`. */
export async function checkInstallableAndOffline(port: number, baseUrl: string, itemId: string): Promise<InstallFigures> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    const page = await context.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${baseUrl}/inbox`);
    await countRows(page);
    await page.waitForFunction(() => 'serviceWorker' in navigator);
    await waitForWorker(page);
    // Once the worker controls the page, what it caches as it goes is what offline can show.
    await page.reload();
    await countRows(page);
    await page.goto(`${baseUrl}/items/${itemId}`);
    await headingText(page);

    const cdp = await context.newCDPSession(page);
    const installability = (await cdp.send('Page.getInstallabilityErrors' as never)) as unknown as InstallabilityErrors;
    const manifest = (await cdp.send('Page.getAppManifest' as never)) as unknown as AppManifest;

    await context.setOffline(true);
    try {
      const inboxResponse = await page.goto(`${baseUrl}/inbox`).catch(() => null);
      const items = await countRows(page);
      const itemResponse = await page.goto(`${baseUrl}/items/${itemId}`).catch(() => null);
      const heading = await headingText(page);
      return {
        installability_errors: installability.installabilityErrors.map((error) =>
          `${error.errorId}${error.errorArguments.length ? `(${error.errorArguments.map((arg) => `${arg.name}=${arg.value}`).join(', ')})` : ''}`),
        manifest_url: manifest.url || null,
        manifest_errors: manifest.errors.map((error) => `${error.message}${error.critical ? ' (critical)' : ''}`),
        offline: {
          inbox: { status: inboxResponse?.status() ?? null, items, pass: inboxResponse?.status() === 200 && items > 0 },
          item: { status: itemResponse?.status() ?? null, heading, pass: itemResponse?.status() === 200 && heading !== null },
        },
      };
    } finally {
      await context.setOffline(false);
      await page.close();
    }
  } finally {
    await browser.close();
  }
}
