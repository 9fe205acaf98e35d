/*
 * A feed that publishes summaries only: on the subscription's page, "Full article" tries a CSS
 * selector for the article and one for parts to remove on the latest item's page, then saves
 * them with full articles on; the reader then shows the article instead of the teaser. The
 * feed's site is a server of this file's own: a feed whose item links to an article page on it.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contextPerTest, expectNoAxeViolations, isCall } from './browser';

const contexts = contextPerTest();

let site: http.Server;
let baseUrl = '';

const sentence = 'The ferry left the harbour at dawn, loaded with mail, bread and three bicycles for the island.';

function feedDocument(): string {
  return `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>Island Teasers</title>
    <link>${baseUrl}/</link><description>Summaries only</description>
    <item><guid>ferry-1</guid><title>The morning ferry</title><link>${baseUrl}/articles/ferry</link>
      <pubDate>${new Date(Date.now() - 3_600_000).toUTCString()}</pubDate><description>A teaser about the ferry.</description></item>
  </channel></rss>`;
}

function articlePage(): string {
  return `<!doctype html><html><head><title>The morning ferry</title></head><body>
    <nav><a href="/">Island news home</a></nav>
    <div class="entry"><h1>The morning ferry</h1><p>${sentence}</p><p>${sentence}</p><p>${sentence}</p>
      <div class="newsletter-box">Sign up for the island newsletter</div></div>
    <footer>Cookie notice</footer></body></html>`;
}

beforeAll(async () => {
  site = http.createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://site').pathname;
    if (path === '/teasers.xml') {
      response.writeHead(200, { 'content-type': 'application/rss+xml; charset=utf-8' });
      return response.end(feedDocument());
    }
    if (path === '/articles/ferry') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return response.end(articlePage());
    }
    response.writeHead(404, { 'content-type': 'text/plain' });
    response.end('not found');
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});

afterAll(async () => {
  site.closeAllConnections();
  await new Promise((resolve) => site.close(resolve));
});

describe('full articles for a summary-only feed', () => {
  it('previews the selectors on the latest item, saves them, and the reader shows the article', async () => {
    const context = await contexts.open('desktop');
    const page = await context.newPage();
    await page.goto('/subscriptions');
    const created = await page.request.post('/api/v1/subscriptions', { data: { url: `${baseUrl}/teasers.xml` } });
    expect(created.status()).toBe(201);
    const subscriptionId = ((await created.json()) as { subscription_id: string }).subscription_id;

    await page.goto(`/subscriptions/${subscriptionId}`);
    const section = page.getByRole('region', { name: 'Full article' });
    await section.getByRole('textbox', { name: 'Article body (CSS selector)' }).fill('.entry');
    await section.getByRole('textbox', { name: 'Parts to remove (CSS selector)' }).fill('.newsletter-box');
    const previewed = page.waitForResponse(isCall('POST', new RegExp(`^/api/v1/subscriptions/${subscriptionId}/content-rules/preview$`)));
    await section.getByRole('button', { name: 'Preview' }).click();
    expect((await previewed).status()).toBe(200);
    const preview = section.getByRole('region', { name: 'Preview: The morning ferry' });
    await preview.getByText(sentence).first().waitFor();
    expect(await preview.textContent()).not.toMatch(/Sign up for the island newsletter|Cookie notice|Island news home/);
    await expectNoAxeViolations(page);

    await section.getByRole('checkbox', { name: /Always fetch the full article/ }).check();
    await section.getByRole('button', { name: 'Save' }).click();
    await section.getByText('Saved. New items will arrive with their full article.').waitFor();
    const rules = await (await page.request.get(`/api/v1/subscriptions/${subscriptionId}/content-rules`)).json();
    expect(rules).toEqual({ subscription_id: subscriptionId, full_content: true, content_selector: '.entry', remove_selector: '.newsletter-box' });

    // Saving fetched the latest items' pages in the background; the reader then shows the article.
    const items = await (await page.request.get('/api/v1/items', { params: { subscription_ids: subscriptionId } })).json() as { data: { id: string }[] };
    const itemId = items.data[0].id;
    await expect.poll(async () => {
      const item = await (await page.request.get(`/api/v1/items/${itemId}`)).json() as { content: string };
      return item.content;
    }, { timeout: 15_000 }).toContain(sentence);
    await page.goto(`/items/${itemId}`);
    // The article's own heading comes with it, below the reader's title.
    await page.getByRole('heading', { level: 1, name: 'The morning ferry' }).first().waitFor();
    await page.getByText(sentence).first().waitFor();
    expect(await page.getByText('Sign up for the island newsletter').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Full article' }).getAttribute('aria-pressed')).toBe('true');
  }, 90_000);
});
