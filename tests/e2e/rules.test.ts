import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { contextPerTest, expectNoAxeViolations, isCall } from './browser';
import { feedSitePerFile } from './feed-site';

/*
 * Settings › Rules in the built app: a rule made in the page marks the matching items read,
 * once over the items already there, then as new ones arrive when its feed is fetched.
 */

const contexts = contextPerTest();
const site = feedSitePerFile();

type Listed = { data: { title: string; is_read: boolean }[] };

/** The subscription's items by title, with whether each is read, through the proxy as the app reads them. */
async function readState(page: Page, subscriptionId: string): Promise<Record<string, boolean>> {
  const answer = await page.request.get(`/api/v1/items?subscription_ids=${subscriptionId}&include_body=false`);
  expect(answer.status()).toBe(200);
  return Object.fromEntries(((await answer.json()) as Listed).data.map((item) => [item.title, item.is_read]));
}

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);

describe('rules', () => {
  it('a rule made in Settings marks the matching items read, those already there and those that arrive (axe clean)', async () => {
    const title = 'Harbour Rules Gazette';
    const url = site().feed('/rules-gazette.xml', title, [
      { guid: 'g1', title: 'Tide tables for Monday', body: 'High water at noon.', date: hoursAgo(2) },
      { guid: 'g2', title: 'Regatta results', body: 'The red boat won.', date: hoursAgo(3) },
    ]);
    const context = await contexts.open('desktop');
    const page = await context.newPage();
    await page.goto('/settings');
    const created = await page.request.post('/api/v1/subscriptions', { data: { url }, headers: { origin: new URL(page.url()).origin } });
    expect(created.status()).toBe(201);
    const subscribedAt = Date.now();
    const subscriptionId = ((await created.json()) as { subscription_id: string }).subscription_id;

    await page.getByRole('link', { name: 'Rules', exact: true }).click();
    await page.waitForURL('**/settings/rules');
    const form = page.getByRole('region', { name: 'New rule' });
    await form.getByRole('textbox', { name: 'Words' }).waitFor();
    await expectNoAxeViolations(page);

    await form.getByRole('textbox', { name: 'Words' }).fill('tide tables');
    await form.getByRole('combobox', { name: 'In' }).selectOption({ label: title });
    const previewed = page.waitForResponse(isCall('POST', /^\/api\/v1\/rules\/preview$/));
    await form.getByRole('button', { name: 'Preview' }).click();
    expect((await previewed).status()).toBe(200);
    await form.getByText('It matches 1 item now; running it would change 1 item.').waitFor();
    expect(await form.getByRole('list', { name: 'Newest matches' }).textContent()).toContain('Tide tables for Monday');
    await expectNoAxeViolations(page);

    const saved = page.waitForResponse(isCall('POST', /^\/api\/v1\/rules$/));
    await form.getByRole('button', { name: 'Create rule' }).click();
    expect((await saved).status()).toBe(201);
    const row = page.getByRole('list', { name: 'Rules' }).getByRole('listitem').filter({ hasText: '“tide tables”' });
    await row.waitFor();
    expect(await readState(page, subscriptionId)).toEqual({ 'Tide tables for Monday': false, 'Regatta results': false });

    // Once over the items already there, after a question answered from the keyboard.
    await row.getByRole('button', { name: /^Run rule \d+ on existing items$/ }).click();
    await row.getByRole('button', { name: 'Yes, run it' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'The rule matched 1 item; 1 item was marked read.' }).waitFor();
    expect(await readState(page, subscriptionId)).toEqual({ 'Tide tables for Monday': true, 'Regatta results': false });

    // Then as new items arrive: the feed publishes two more and is fetched again ("Try now" waits 10 s after a fetch).
    site().feed('/rules-gazette.xml', title, [
      { guid: 'g3', title: 'Tide tables for Tuesday', body: 'High water at one.', date: hoursAgo(1) },
      { guid: 'g4', title: 'Lighthouse repainted', body: 'White again.', date: hoursAgo(1.5) },
      { guid: 'g1', title: 'Tide tables for Monday', body: 'High water at noon.', date: hoursAgo(2) },
      { guid: 'g2', title: 'Regatta results', body: 'The red boat won.', date: hoursAgo(3) },
    ]);
    const wait = subscribedAt + 10_500 - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const refreshed = await page.request.post(`/api/v1/subscriptions/${subscriptionId}/refresh`, { headers: { origin: new URL(page.url()).origin } });
    expect(refreshed.status()).toBe(200);
    expect(await readState(page, subscriptionId)).toEqual({
      'Tide tables for Tuesday': true, 'Lighthouse repainted': false, 'Tide tables for Monday': true, 'Regatta results': false,
    });

    // Deleted, it stays out of later tests' way; what it did stays done.
    await row.getByRole('button', { name: /^Delete rule \d+$/ }).click();
    await row.getByRole('button', { name: 'Yes, delete' }).click();
    await page.getByRole('status').filter({ hasText: 'Deleted the rule; what it already did stays.' }).waitFor();
  });
});
