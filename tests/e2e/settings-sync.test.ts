import { createHash } from 'node:crypto';
import type { APIResponse, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { contextPerTest, expectNoAxeViolations, type ViewportName } from './browser';

/*
 * Settings' "Use with other apps" in the browser: the addresses are this install's, and a key
 * made there for an app signs that app in (Google Reader's ClientLogin, Fever's md5 key) until
 * it is revoked in the API keys list.
 */

const contexts = contextPerTest();

function clientLogin(page: Page, email: string, key: string): Promise<APIResponse> {
  return page.request.post('/greader/accounts/ClientLogin', { form: { Email: email, Passwd: key }, maxRedirects: 0 });
}

describe.each<[ViewportName, string, string]>([
  ['phone', 'Reeder', 'Reeder (Google Reader API)'],
  ['desktop', 'Unread', 'Unread (Fever)'],
])('using the account with other apps, on a %s', (viewport, app, keyName) => {
  it('shows this install’s addresses and makes a key for one app that signs it in until revoked', async () => {
    const context = await contexts.open(viewport);
    const page = await context.newPage();
    await page.goto('/settings');
    const section = page.getByRole('region', { name: 'Use with other apps' });
    const origin = new URL(page.url()).origin;
    expect(await section.getByRole('textbox', { name: 'Google Reader API address' }).inputValue()).toBe(`${origin}/greader`);
    expect(await section.getByRole('textbox', { name: 'Fever address' }).inputValue()).toBe(`${origin}/fever/`);
    expect(await section.getByRole('textbox', { name: 'gpodder address' }).inputValue()).toBe(`${origin}/gpodder`);
    const email = await section.getByRole('textbox', { name: 'User name' }).inputValue();
    expect(email).toContain('@');

    await section.getByRole('combobox', { name: 'App' }).selectOption(app);
    const made = page.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/v1/account/api-keys');
    await section.getByRole('button', { name: 'Make a key for this app' }).click();
    expect((await made).status()).toBe(201);
    const secretField = section.getByRole('textbox', { name: `Key for ${app}` });
    const secret = await secretField.inputValue();
    expect(secret).toMatch(/^tid_live_/);
    // Focus is on the key shown this once, ready to copy.
    await expect.poll(() => secretField.evaluate((field) => field === document.activeElement), { timeout: 5_000 }).toBe(true);
    await expectNoAxeViolations(page);

    // The key signs the app in through its protocol.
    const login = await clientLogin(page, email, secret);
    expect(login.status()).toBe(200);
    expect(await login.text()).toContain(`Auth=${email}/${secret}`);
    const fever = await page.request.post('/fever/?api', { form: { api_key: createHash('md5').update(`${email}:${secret}`).digest('hex') }, maxRedirects: 0 });
    expect(fever.status()).toBe(200);
    expect(await fever.json()).toMatchObject({ auth: 1 });

    // Long addresses wrap on a narrow phone rather than widen the page.
    await page.setViewportSize({ width: 320, height: 700 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);

    const list = page.getByRole('region', { name: 'API keys' }).getByRole('list', { name: 'API keys' });
    await list.getByRole('button', { name: `Revoke ${keyName}` }).click();
    await list.getByRole('button', { name: 'Yes, revoke' }).click();
    await list.getByRole('heading', { name: keyName }).waitFor({ state: 'detached' });
    expect((await clientLogin(page, email, secret)).status()).toBe(401);
  });
});
