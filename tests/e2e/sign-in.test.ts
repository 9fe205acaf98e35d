import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { contextPerTest, expectNoAxeViolations } from './browser';

const contexts = contextPerTest();

describe('signing in', () => {
  it('sends a visitor without a session to the sign-in page, which passes axe', async () => {
    const context = await contexts.open('phone', { signedIn: false });
    const page = await context.newPage();
    await page.goto('/inbox?view=saved');
    const url = new URL(page.url());
    expect(url.pathname).toBe('/sign-in');
    expect(url.searchParams.get('next')).toBe('/inbox?view=saved');
    expect(await page.getByRole('heading', { level: 1, name: 'Sign in to Tidings' }).isVisible()).toBe(true);
    expect(await page.title()).toBe('Sign in · Tidings');
    await expectNoAxeViolations(page);
  });

  it('says so when the password is wrong, and opens where the visitor was going when it is right', async () => {
    const context = await contexts.open('desktop', { signedIn: false });
    const page = await context.newPage();
    await page.goto('/inbox?view=saved');

    await page.getByLabel('Password', { exact: true }).fill('not the password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/sign-in\?error=wrong/);
    // Next's route announcer is an alert too; the page's own one carries the sentence.
    expect(await page.getByRole('alert').filter({ hasText: 'That did not work' }).isVisible()).toBe(true);
    await expectNoAxeViolations(page);

    await page.getByLabel('Password', { exact: true }).fill(inject('appPassword'));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/inbox');
    expect(new URL(page.url()).search).toBe('?view=saved');
    const cookies = await context.cookies();
    expect(cookies.find((cookie) => cookie.name === 'tidings_session')).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
  });

  it('keeps the API answering 401 until signed in', async () => {
    const context = await contexts.open('desktop', { signedIn: false });
    const page = await context.newPage();
    await page.goto('/sign-in');
    const status = await page.evaluate(async () => (await fetch('/api/v1/items')).status);
    expect(status).toBe(401);
  });
});

describe('signing out', () => {
  it('ends the session: the cookie is gone and pages send the visitor back to sign in', async () => {
    const context = await contexts.open('desktop');
    const page = await context.newPage();
    await page.goto('/inbox');
    expect(new URL(page.url()).pathname).toBe('/inbox');

    const status = await page.evaluate(async () => (await fetch('/api/session', { method: 'DELETE', headers: { accept: 'application/json' } })).status);
    expect(status).toBe(200);
    expect((await context.cookies()).some((cookie) => cookie.name === 'tidings_session')).toBe(false);

    await page.goto('/inbox');
    expect(new URL(page.url()).pathname).toBe('/sign-in');
  });

  it('signs out with the plain form too, which asks the browser to clear the cache and storage', async () => {
    const context = await contexts.open('desktop', { javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/settings');
    // Chromium acts on Clear-Site-Data and hides it from scripts; the network view still shows it.
    const [response] = await Promise.all([
      page.waitForResponse((candidate) => new URL(candidate.url()).pathname === '/api/session/sign-out'),
      page.getByRole('button', { name: 'Sign out', exact: true }).click(),
    ]);
    expect(response.status()).toBe(303);
    expect((await response.allHeaders())['clear-site-data']).toBe('"cache", "storage"');
    await page.waitForURL('**/sign-in?signed_out=1');
    expect((await context.cookies()).some((cookie) => cookie.name === 'tidings_session')).toBe(false);
  });

  it('signs out from Settings with the Sign out button and clears what the browser kept', async () => {
    const context = await contexts.open('phone');
    const page = await context.newPage();
    await page.goto('/settings');
    await page.evaluate(() => localStorage.setItem('tidings-left-behind', 'a reading position'));
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await page.waitForURL('**/sign-in**');
    expect((await context.cookies()).some((cookie) => cookie.name === 'tidings_session')).toBe(false);
    expect(await page.evaluate(() => localStorage.getItem('tidings-left-behind'))).toBeNull();
    await page.goto('/inbox');
    expect(new URL(page.url()).pathname).toBe('/sign-in');
  });
});
