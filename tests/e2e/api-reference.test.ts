import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, launchBrowser, newAppContext } from './browser';

let browser: Browser;
beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); });

describe('the API reference', () => {
  it('documents every operation of the OpenAPI document and passes axe', async () => {
    const context = await newAppContext(browser, 'desktop');
    const page = await context.newPage();
    const document = await (await page.request.get('/v1/openapi.json')).json() as { openapi: string; paths: Record<string, object> };
    expect(document.openapi).toBe('3.1.0');
    await page.goto('/api-reference');
    expect(await page.getByRole('heading', { level: 1, name: 'API reference' }).isVisible()).toBe(true);
    const operationCount = Object.values(document.paths).reduce((sum, methods) => sum + Object.keys(methods).length, 0);
    expect(await page.locator('article').count()).toBe(operationCount);
    expect(await page.getByRole('heading', { level: 3, name: 'GET /v1/items/{item_id}/similar' }).isVisible()).toBe(true);
    await expectNoAxeViolations(page);
    await context.close();
  });
});
