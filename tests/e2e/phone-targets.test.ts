import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { contextPerTest } from './browser';

/*
 * On a phone every control of the subscriptions, settings and episodes pages is at least
 * 44 px tall, and a list row opens where its title leads wherever the row is tapped
 * (the demo content the suite is seeded with gives the rows).
 */

const contexts = contextPerTest();

async function phonePage(): Promise<Page> {
  const context = await contexts.open('phone', { viewport: { width: 360, height: 740 } });
  return context.newPage();
}

async function height(locator: Locator): Promise<number> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('The control is not on screen.');
  return box.height;
}

/** Taps the row at its right edge, level with its second line: away from the title's own text. */
async function tapRowAwayFromTitle(page: Page, row: Locator): Promise<void> {
  await row.scrollIntoViewIfNeeded();
  const box = (await row.boundingBox())!;
  await page.touchscreen.tap(box.x + box.width - 8, box.y + box.height - 12);
}

describe('touch targets on a 360 px phone', () => {
  it('opens a subscription by tapping anywhere on its row, not only on its name', async () => {
    const page = await phonePage();
    await page.goto('/subscriptions');
    const list = page.getByRole('list', { name: 'Subscriptions' });
    const row = list.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'The Sunday Margin', exact: true }) });
    const href = await row.getByRole('link', { name: 'The Sunday Margin', exact: true }).getAttribute('href');
    await tapRowAwayFromTitle(page, row);
    await expect.poll(() => new URL(page.url()).pathname).toBe(href);
    await page.getByRole('heading', { level: 1, name: 'The Sunday Margin' }).waitFor();
  });

  it('lists a folder\'s subscriptions when its count under its name in the folders panel is tapped', async () => {
    const page = await phonePage();
    await page.goto('/subscriptions');
    const link = page.getByRole('link', { name: 'Making things', exact: true });
    const href = await link.getAttribute('href');
    const count = page.getByRole('listitem').filter({ has: link }).getByText(/unread/);
    await count.scrollIntoViewIfNeeded();
    // At the point, not on the element: the link over it takes the tap, which is the point.
    const box = (await count.boundingBox())!;
    await page.touchscreen.tap(box.x + 10, box.y + box.height / 2);
    await expect.poll(() => { const url = new URL(page.url()); return url.pathname + url.search; }).toBe(href);
  });

  it('selects a subscription by tapping its checkbox, without opening it', async () => {
    const page = await phonePage();
    await page.goto('/subscriptions');
    const box = page.getByRole('checkbox', { name: 'Select The Sunday Margin' });
    await box.tap();
    await expect.poll(() => box.isChecked()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/subscriptions');
  });

  it('keeps the selection bar to three rows of buttons, the four switches side by side, so the list stays in sight', async () => {
    const page = await phonePage();
    await page.goto('/subscriptions');
    await page.getByRole('checkbox', { name: 'Select Gridline' }).tap();
    const bar = page.getByRole('group', { name: 'Selected subscriptions' });
    await bar.waitFor();
    const tops = await bar.getByRole('button').evaluateAll((buttons) => buttons.map((button) => Math.round(button.getBoundingClientRect().top)));
    expect(new Set(tops).size).toBeLessThanOrEqual(3);
    const switches = await Promise.all(['Pause', 'Resume', 'Pin', 'Unpin'].map(async (name) => (await bar.getByRole('button', { name, exact: true }).boundingBox())!));
    expect(new Set(switches.map((box) => Math.round(box.y))).size).toBe(1);
    for (const box of switches) expect(box.height).toBeGreaterThanOrEqual(44);
    // Each word on one line: a word broken in two ("Resu me") is worse than a narrower margin.
    const lines = await bar.getByRole('button').evaluateAll((buttons) => buttons.map((button) => {
      const range = document.createRange();
      range.selectNodeContents(button);
      return new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top))).size;
    }));
    expect(lines.every((count) => count === 1)).toBe(true);
  });

  it('fits every word of the selection bar inside its button on a 320 px screen', async () => {
    const context = await contexts.open('phone', { viewport: { width: 320, height: 640 } });
    const page = await context.newPage();
    await page.goto('/subscriptions');
    await page.getByRole('checkbox', { name: 'Select Gridline' }).tap();
    const bar = page.getByRole('group', { name: 'Selected subscriptions' });
    await bar.waitFor();
    const spilling = await bar.getByRole('button').evaluateAll((buttons) => buttons
      .filter((button) => button.scrollWidth > button.clientWidth)
      .map((button) => button.textContent));
    expect(spilling).toEqual([]);
  });

  it('keeps the selection bar above the mini player while an episode is loaded', async () => {
    const page = await phonePage();
    await page.goto('/episodes');
    await page.getByRole('main').getByRole('button', { name: /^Resume:/ }).first().click();
    const player = page.getByRole('region', { name: 'Podcast player' });
    await player.waitFor();
    // Through the menu, as a person would: a full load would start without the player.
    await page.getByRole('button', { name: 'More' }).click();
    await page.getByRole('link', { name: 'Subscriptions' }).click();
    await page.getByRole('checkbox', { name: 'Select Gridline' }).tap();
    const bar = page.getByRole('group', { name: 'Selected subscriptions' });
    await bar.waitFor();
    const [barBox, playerBox] = [(await bar.boundingBox())!, (await player.boundingBox())!];
    expect(barBox.y + barBox.height).toBeLessThanOrEqual(playerBox.y);
  });

  it('gives a subscription\'s page a 44 px way back, 44 px checkbox rows and items opened from anywhere on their row', async () => {
    const page = await phonePage();
    await page.goto('/subscriptions');
    await page.getByRole('link', { name: 'The Sunday Margin', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'The Sunday Margin' }).waitFor();

    expect(await height(page.getByRole('link', { name: '← All subscriptions' }))).toBeGreaterThanOrEqual(44);
    for (const name of ['Pinned', 'Receive updates']) {
      const label = page.locator('label').filter({ has: page.getByRole('checkbox', { name }) });
      expect(await height(label)).toBeGreaterThanOrEqual(44);
    }
    // Tapping the words beside the box ticks it.
    const pinned = page.getByRole('checkbox', { name: 'Pinned' });
    const was = await pinned.isChecked();
    await page.getByText('Shown first in the sidebar.').tap();
    await expect.poll(() => pinned.isChecked()).toBe(!was);

    const items = page.getByRole('list', { name: 'Items of this subscription' });
    const first = items.getByRole('listitem').first();
    // Asked of the point rather than tapped: opening an item would mark it read for the other tests.
    // Measured and asked in one step: the list may still move (a refresh landing) between two awaits.
    const [href, hit] = await first.evaluate((row) => {
      const box = row.getBoundingClientRect();
      const at = document.elementFromPoint(box.right - 8, box.bottom - 12);
      return [row.querySelector('a')?.getAttribute('href'), at?.closest('a')?.getAttribute('href') ?? null];
    });
    expect(href).toBeTruthy();
    expect(hit).toBe(href);
  });

  it('gives the episodes page\'s play and download buttons 44 px', async () => {
    const page = await phonePage();
    await page.goto('/episodes');
    const buttons = page.getByRole('main').getByRole('button', { name: /^(Play|Resume|Play again|Download for offline):/ });
    await buttons.first().waitFor();
    const count = await buttons.count();
    expect(count).toBeGreaterThan(1);
    for (let index = 0; index < count; index += 1) expect(await height(buttons.nth(index))).toBeGreaterThanOrEqual(44);
  });

  it('opens an episode from anywhere on its row but its buttons, which still play', async () => {
    const page = await phonePage();
    await page.goto('/episodes');
    const row = page.getByRole('main').getByRole('listitem').filter({ has: page.getByRole('button', { name: /^Resume:/ }) }).first();
    await row.waitFor();
    // Up Next leads the page, so the episodes in progress may start below the first screen.
    await row.scrollIntoViewIfNeeded();
    // Asked of points rather than tapped: opening an episode would mark it read for the other tests.
    // Measured and asked in one step: Up Next above may still grow (it loads on its own) between two awaits.
    const [href, ...hits] = await row.evaluate((element) => {
      const centre = (target: Element | null | undefined) => {
        const box = target!.getBoundingClientRect();
        const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
        return hit?.closest('button') ? 'button' : hit?.closest('a')?.getAttribute('href') ?? null;
      };
      const leaves = [...element.querySelectorAll('*')].filter((node) => node.children.length === 0);
      const timeLeft = leaves.find((node) => /min left|minute left|Finished/.test(node.textContent ?? ''));
      const resume = [...element.querySelectorAll('button')].find((node) => /^Resume:/.test(node.getAttribute('aria-label') ?? ''));
      return [element.querySelector('a')?.getAttribute('href') ?? 'no link', centre(timeLeft), centre(resume)];
    });
    expect(hits).toEqual([href, 'button']);
  });

  it('opens a story\'s article from its source line too', async () => {
    const page = await phonePage();
    await page.goto('/stories');
    await page.getByRole('button', { name: /^Show your \d+ articles$/ }).first().click();
    const article = page.getByRole('list', { name: /^Your articles about/ }).first().getByRole('listitem').first();
    const href = await article.getByRole('link').getAttribute('href');
    const box = (await article.boundingBox())!;
    const hit = await page.evaluate(([x, y]) => document.elementFromPoint(x, y)?.closest('a')?.getAttribute('href') ?? null, [box.x + box.width - 8, box.y + box.height - 6]);
    expect(hit).toBe(href);
  });

  it('keeps each shortcut\'s key beside its name in settings, even a long name', async () => {
    const page = await phonePage();
    await page.goto('/settings');
    const field = page.getByRole('textbox', { name: 'Open the original in a new tab' });
    const label = page.locator('label[for="shortcut-openOriginal"]');
    const [fieldBox, labelBox] = [(await field.boundingBox())!, (await label.boundingBox())!];
    expect(fieldBox.x).toBeGreaterThan(labelBox.x + labelBox.width - 1);
    expect(fieldBox.y).toBeLessThan(labelBox.y + labelBox.height);
  });
});
