import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { expectNoAxeViolations, launchBrowser, newAppContext, type ViewportName } from './browser';

let browser: Browser;
beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); });

// The two screens at once: axe spends seconds on this long page in Chromium while the runner only waits.
describe.concurrent.each<ViewportName>(['phone', 'desktop'])('the API reference on a %s', (viewport) => {
  // The test's own expect: tests running at once must not share one (vitest's advice for concurrent tests).
  // Three minutes: axe's CPU on this long page, twice at once, beside a concurrent shard on a loaded machine outlasted one.
  it('documents every operation of the OpenAPI document and passes axe', async ({ expect }) => {
    const context = await newAppContext(browser, viewport);
    const page = await context.newPage();
    const openapi = await (await page.request.get('/v1/openapi.json')).json() as { openapi: string; paths: Record<string, object> };
    expect(openapi.openapi).toBe('3.1.0');
    await page.goto('/api-reference');
    expect(await page.getByRole('heading', { level: 1, name: 'API reference' }).isVisible()).toBe(true);
    const operationCount = Object.values(openapi.paths).reduce((sum, methods) => sum + Object.keys(methods).length, 0);
    expect(await page.locator('article').count()).toBe(operationCount);
    expect(await page.getByRole('heading', { level: 3, name: 'GET /v1/items/{item_id}/similar' }).isVisible()).toBe(true);
    await expectNoAxeViolations(page);
    // Wide tables wrap rather than scroll sideways, on the page and inside each operation.
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    expect(await page.locator('article .overflow-x-auto').evaluateAll((boxes) => boxes.filter((box) => box.scrollWidth > box.clientWidth).length)).toBe(0);
    await context.close();
  }, 180_000);
});
