import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { contextPerTest, expectNoAxeViolations, isCall, type ViewportName } from './browser';
import { feedSitePerFile } from './feed-site';

const contexts = contextPerTest();
const site = feedSitePerFile();

async function open(viewport: ViewportName, path: string, colorScheme: 'light' | 'dark' = 'light'): Promise<Page> {
  const context = await contexts.open(viewport, { colorScheme });
  const page = await context.newPage();
  await page.goto(path);
  return page;
}

function overflows(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
}

/** Labels of checkboxes and radio buttons pressed narrower than they are tall by a label that wraps beside them. */
function squashedChoices(page: Page): Promise<string[]> {
  return page.evaluate(() => [...document.querySelectorAll<HTMLInputElement>('input[type=checkbox], input[type=radio]')]
    .filter((input) => {
      const box = input.getBoundingClientRect();
      return box.width > 0 && Math.round(box.width) < Math.round(box.height);
    })
    .map((input) => input.labels?.[0]?.textContent?.trim() ?? input.name));
}

/** Subscribes through the proxy, as the subscribe form does. */
async function subscribe(page: Page, url: string): Promise<void> {
  const answer = await page.request.post('/api/v1/subscriptions', { data: { url }, headers: { origin: new URL(page.url()).origin } });
  expect([200, 201]).toContain(answer.status());
}

describe.each<ViewportName>(['phone', 'desktop'])('search on a %s', (viewport) => {
  it('finds an item, then switches to the feeds tab and finds a feed', async () => {
    const page = await open(viewport, '/search');
    const box = page.getByRole('searchbox', { name: 'Search for' });
    await box.fill('passkeys');
    const searched = page.waitForResponse(isCall('GET', /^\/api\/v1\/items$/));
    await box.press('Enter');
    expect((await searched).status()).toBe(200);
    await page.waitForURL('**/search?q=passkeys');
    // Focus moves to the results (which puts a phone's keyboard away), not to <body>.
    await page.waitForFunction(() => document.activeElement?.id === 'results-heading', undefined, { timeout: 5_000 });
    const items = page.getByRole('list', { name: 'Matching items' });
    const link = items.getByRole('link', { name: 'The boring way to adopt passkeys' });
    await link.waitFor();
    expect(await link.getAttribute('href')).toMatch(/^\/items\/[0-9a-f-]{36}$/);
    // The matched word stands out (axe below checks its contrast too).
    expect(await link.locator('mark').allTextContents()).toEqual(['passkeys']);
    await expectNoAxeViolations(page);

    await page.getByRole('navigation', { name: 'What to search' }).getByRole('link', { name: 'Feeds' }).click();
    await page.waitForURL('**/search?q=passkeys&tab=feeds');
    await page.getByText('No feeds match “passkeys”.').waitFor();
    expect(await page.getByRole('link', { name: 'Feeds' }).getAttribute('aria-current')).toBe('page');

    await box.fill('Courier');
    await box.press('Enter');
    await page.waitForURL('**/search?q=Courier&tab=feeds');
    await page.getByRole('list', { name: 'Matching feeds' }).getByRole('link', { name: 'The Riverside Courier' }).waitFor();
    await expectNoAxeViolations(page);

    await page.goto('/search?q=passkeys');
    await items.getByRole('link', { name: 'The boring way to adopt passkeys' }).click();
    await page.getByRole('heading', { level: 1, name: 'The boring way to adopt passkeys' }).waitFor();
    // The results are the list the reader steps through and goes back to.
    expect(await page.getByRole('link', { name: '← Back to the list' }).getAttribute('href')).toBe('/search?q=passkeys');
    await page.getByRole('navigation', { name: 'Previous and next item' }).waitFor();
  });

  it('fits a 320 px screen and passes axe in dark mode', async () => {
    const page = await open(viewport, '/search?q=passkeys', 'dark');
    await page.getByRole('list', { name: 'Matching items' }).waitFor();
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 320, height: 700 });
    expect(await overflows(page)).toBe(false);
    // The options' labels wrap at 320 px; their checkboxes keep their square.
    expect(await squashedChoices(page)).toEqual([]);
  });
});

describe.each<ViewportName>(['phone', 'desktop'])('stories on a %s', (viewport) => {
  it('shows a story once two sources report the same event, expandable to its articles', async () => {
    const report = 'The volcano near Grindavik erupted overnight, sending lava towards the town; residents were evacuated and the Blue Lagoon closed.';
    const when = new Date(Date.now() - 2 * 3_600_000);
    const first = site().feed(`/times-${viewport}.xml`, `Northern Times ${viewport}`, [
      { guid: `t-${viewport}`, title: 'Volcano erupts near Grindavik, lava flows towards town', body: `${report} Our reporter is at the scene.`, date: when },
    ]);
    const second = site().feed(`/herald-${viewport}.xml`, `Island Herald ${viewport}`, [
      { guid: `h-${viewport}`, title: 'Grindavik volcano eruption: lava flows towards the town', body: `${report} More to follow.`, date: when },
    ]);
    const page = await open(viewport, '/stories');
    await subscribe(page, first);
    await subscribe(page, second);

    const loaded = page.waitForResponse(isCall('GET', /^\/api\/v1\/stories$/));
    await page.reload();
    expect((await loaded).status()).toBe(200);
    const stories = page.getByRole('list', { name: 'Stories' });
    const story = stories.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2, name: /Grindavik/ }) }).first();
    await story.waitFor();
    expect(await story.textContent()).toContain(`Northern Times ${viewport}`);
    await story.getByRole('button', { name: /^Show your \d+ articles$/ }).click();
    // Its name changes once open; the disclosure is the same button.
    expect(await story.getByRole('button', { name: 'Hide your articles' }).getAttribute('aria-expanded')).toBe('true');
    const articles = story.getByRole('list', { name: /^Your articles about/ });
    expect(await articles.getByRole('link').count()).toBeGreaterThanOrEqual(2);
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 320, height: 700 });
    expect(await overflows(page)).toBe(false);

    // An article opened from the story steps on to the story's next article, and back to the stories.
    const links = articles.getByRole('link');
    const [firstHref, secondHref] = [await links.nth(0).getAttribute('href'), await links.nth(1).getAttribute('href')];
    await links.nth(0).click();
    await page.waitForURL(`**${firstHref}`);
    const pager = page.getByRole('navigation', { name: 'Previous and next item' });
    expect(await pager.getByRole('link', { name: /^Next/ }).getAttribute('href')).toBe(secondHref);
    expect(await page.getByRole('link', { name: '← Back to the list' }).getAttribute('href')).toBe('/stories');
  });

  it('triages a story whole, from the list and from its page, through to the service', async () => {
    const report = 'Fog grounded every flight at Harlow airport this morning; passengers waited in the terminal and trains were added.';
    const when = new Date(Date.now() - 3_600_000);
    const first = site().feed(`/fog-courier-${viewport}.xml`, `Fog Courier ${viewport}`, [
      { guid: `fc-${viewport}`, title: 'Fog grounds all flights at Harlow airport', body: `${report} Our reporter is at the terminal.`, date: when },
    ]);
    const second = site().feed(`/fog-herald-${viewport}.xml`, `Fog Herald ${viewport}`, [
      { guid: `fh-${viewport}`, title: 'Harlow airport fog grounds every flight', body: `${report} More to follow.`, date: when },
    ]);
    const page = await open(viewport, '/stories');
    await subscribe(page, first);
    await subscribe(page, second);
    await page.reload();
    const story = page.getByRole('list', { name: 'Stories' }).getByRole('listitem')
      .filter({ has: page.getByRole('heading', { level: 2, name: /Harlow/ }) }).first();
    await story.waitFor();
    const meta = story.locator('p').filter({ hasText: /articles? from \d+ sources? · / }).first();
    expect(await meta.textContent()).toMatch(/· [1-9]\d* unread/);
    await story.getByRole('button', { name: /^Show your \d+ articles$/ }).click();
    const ids = (await story.getByRole('list', { name: /^Your articles about/ }).getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href')!.replace('/items/', ''))));

    const marked = page.waitForResponse(isCall('PATCH', /^\/api\/v1\/items$/));
    await story.getByRole('button', { name: 'Mark story read' }).click();
    expect((await marked).status()).toBe(200);
    // Nothing left to read says so, not "0 unread".
    await expect.poll(() => meta.textContent()).toMatch(/articles? from \d+ sources? · all read/);
    expect(await meta.textContent()).not.toContain('0 unread');
    for (const id of ids) expect((await (await page.request.get(`/api/v1/items/${id}`)).json()).is_read).toBe(true);
    await expectNoAxeViolations(page);

    // Its own page: the articles with their sources, and the same triage.
    await story.getByRole('heading', { level: 2 }).getByRole('link').click();
    await page.waitForURL(/\/stories\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { level: 1, name: /Harlow/ }).waitFor();
    const pageMeta = page.locator('article p').filter({ hasText: /articles? from \d+ sources? · / }).first();
    expect(await pageMeta.textContent()).toContain('· all read');
    expect(await pageMeta.textContent()).not.toContain('0 unread');
    const articles = page.getByRole('list', { name: /^Your articles about/ });
    expect(await articles.textContent()).toContain(`Fog Courier ${viewport}`);
    expect(await articles.textContent()).toContain(`Fog Herald ${viewport}`);
    const saved = page.waitForResponse(isCall('PATCH', /^\/api\/v1\/items$/));
    await page.getByRole('button', { name: 'Save story' }).click();
    expect((await saved).status()).toBe(200);
    await page.getByRole('button', { name: 'Unsave story' }).waitFor();
    for (const id of ids) expect((await (await page.request.get(`/api/v1/items/${id}`)).json()).is_saved).toBe(true);
    await expectNoAxeViolations(page);
    expect(await overflows(page)).toBe(false);
  });
});

describe.each<ViewportName>(['phone', 'desktop'])('settings on a %s', (viewport) => {
  it('creates an API key shown once, then revokes it', async () => {
    const page = await open(viewport, '/settings');
    const keys = page.getByRole('region', { name: 'API keys' });
    const name = `Script on ${viewport}`;
    await keys.getByRole('textbox', { name: 'Name of the new key' }).fill(name);
    const created = page.waitForResponse(isCall('POST', /^\/api\/v1\/account\/api-keys$/));
    await keys.getByRole('button', { name: 'Create key' }).click();
    expect((await created).status()).toBe(201);
    const secret = await keys.getByRole('textbox', { name: 'The new key', exact: true }).inputValue();
    expect(secret).toMatch(/^tid_live_/);
    // The key opens the service's own /v1 mount to other programs.
    expect((await page.request.get('/v1/subscriptions', { headers: { authorization: `Bearer ${secret}` } })).status()).toBe(200);
    await expectNoAxeViolations(page);

    const list = keys.getByRole('list', { name: 'API keys' });
    await list.getByRole('button', { name: `Revoke ${name}` }).click();
    const revoked = page.waitForResponse(isCall('DELETE', /^\/api\/v1\/account\/api-keys\/[0-9a-f-]{36}$/));
    await list.getByRole('button', { name: 'Yes, revoke' }).click();
    expect((await revoked).status()).toBe(200);
    await list.getByRole('heading', { name }).waitFor({ state: 'detached' });
    expect((await page.request.get('/v1/subscriptions', { headers: { authorization: `Bearer ${secret}` } })).status()).toBe(401);
  });

  it('shows the plan when a "See your plan" link (/settings#plan) opens the page', async () => {
    const page = await open(viewport, '/settings#plan');
    const plan = page.getByRole('region', { name: 'Plan' });
    await plan.getByText('Plus plan').waitFor();
    // The section appears after the first paint; the page still scrolls to it, its heading on screen.
    await page.waitForFunction(() => {
      const top = document.getElementById('plan-heading')?.getBoundingClientRect().top ?? -1;
      return top >= 0 && top < window.innerHeight;
    }, undefined, { timeout: 5_000 });
  });

  it('switches the theme, which holds after a reload, and passes axe in both themes', async () => {
    const page = await open(viewport, '/settings');
    await page.getByRole('region', { name: 'Plan' }).getByText('Plus plan').waitFor();
    await page.getByRole('radio', { name: 'Dark' }).check();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await page.reload();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    // The choice is read from this browser's storage, so the radio shows it once the page has hydrated.
    await expect.poll(() => page.getByRole('radio', { name: 'Dark' }).isChecked(), { timeout: 10_000 }).toBe(true);
    await page.getByRole('region', { name: 'Read-later services' }).getByRole('heading', { name: 'wallabag' }).waitFor();
    await expectNoAxeViolations(page);

    await page.getByRole('radio', { name: 'Light' }).check();
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(255, 255, 255)');
    await expectNoAxeViolations(page);
    await page.getByRole('radio', { name: 'As the device' }).check();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBeUndefined();
    await page.setViewportSize({ width: 320, height: 700 });
    expect(await overflows(page)).toBe(false);
    expect(await squashedChoices(page)).toEqual([]);
  });
});
