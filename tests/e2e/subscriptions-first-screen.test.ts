import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { contextPerTest, expectNoAxeViolations, VIEWPORTS, type ViewportName } from './browser';

/*
 * What someone with subscriptions (the seeded demo content) sees first on /subscriptions, and
 * narrowing the list by name.
 */

const contexts = contextPerTest();

async function openSubscriptions(viewport: ViewportName, query = ''): Promise<Page> {
  const context = await contexts.open(viewport);
  const page = await context.newPage();
  await page.goto(`/subscriptions${query}`);
  await page.getByRole('list', { name: 'Subscriptions' }).waitFor();
  return page;
}

/** The label of the focused element, as a person hears it. */
function focusedLabel(page: Page): Promise<string> {
  return page.evaluate(() => {
    const active = document.activeElement as HTMLInputElement | null;
    return active?.labels?.[0]?.textContent ?? active?.textContent ?? '';
  });
}

describe.each<ViewportName>(['phone', 'desktop'])('the subscriptions page on a %s', (viewport) => {
  const screenHeight = VIEWPORTS[viewport].viewport.height;

  it('shows the list on the first screen, with adding one button away that opens with focus in the address field', async () => {
    const page = await openSubscriptions(viewport);
    const firstRow = page.getByRole('list', { name: 'Subscriptions' }).getByRole('listitem').first();
    expect((await firstRow.boundingBox())!.y).toBeLessThan(screenHeight);
    const address = page.getByRole('textbox', { name: 'Feed or website address' });
    const add = page.getByRole('button', { name: 'Add a subscription' });
    expect(await address.isVisible()).toBe(false);
    expect(await add.getAttribute('aria-expanded')).toBe('false');

    await add.click();
    expect(await add.getAttribute('aria-expanded')).toBe('true');
    expect(await address.isVisible()).toBe(true);
    expect(await focusedLabel(page)).toBe('Feed or website address');
    await page.getByRole('textbox', { name: 'Newsletter name' }).waitFor();
    await page.getByRole('link', { name: 'Import an OPML file' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Import and export' }).evaluate((heading) => {
      const box = heading.getBoundingClientRect();
      return box.top >= 0 && box.bottom <= window.innerHeight;
    })).toBe(true);
    await expectNoAxeViolations(page);
  });

  it('narrows the list by name as one types, keeps the filter in the URL, and offers a way back when nothing matches', async () => {
    const page = await openSubscriptions(viewport);
    const list = page.getByRole('list', { name: 'Subscriptions' });
    const box = page.getByRole('searchbox', { name: 'Filter by name or website' });
    await box.fill('garden');
    await expect.poll(() => list.getByRole('listitem').count()).toBe(1);
    await list.getByRole('link', { name: 'Byte Garden', exact: true }).waitFor();
    await page.getByRole('status').filter({ hasText: '1 subscription matches “garden”.' }).waitFor();
    expect(new URL(page.url()).searchParams.get('q')).toBe('garden');

    // Select all shown takes only the match.
    await page.getByRole('checkbox', { name: 'Select all shown' }).check();
    await page.getByRole('group', { name: 'Selected subscriptions' }).getByText('1 selected').waitFor();
    await page.getByRole('button', { name: 'Clear selection' }).click();

    await page.reload();
    await list.getByRole('link', { name: 'Byte Garden', exact: true }).waitFor();
    expect(await box.inputValue()).toBe('garden');
    expect(await list.getByRole('listitem').count()).toBe(1);

    await box.fill('zeppelin');
    await page.getByText('No subscriptions match “zeppelin”', { exact: true }).waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Clear the filter' }).click();
    await expect.poll(() => list.getByRole('listitem').count()).toBeGreaterThan(1);
    expect(await focusedLabel(page)).toBe('Filter by name or website');
    expect(new URL(page.url()).searchParams.has('q')).toBe(false);
  });

  it('keeps a shared address in the add form while the list is filtered', async () => {
    const page = await openSubscriptions(viewport, `?subscribe=${encodeURIComponent('https://blog.example/feed.xml')}`);
    const address = page.getByRole('textbox', { name: 'Feed or website address' });
    expect(await address.inputValue()).toBe('https://blog.example/feed.xml');
    await page.getByRole('searchbox', { name: 'Filter by name or website' }).fill('garden');
    await expect.poll(() => page.getByRole('list', { name: 'Subscriptions' }).getByRole('listitem').count()).toBe(1);
    expect(new URL(page.url()).searchParams.get('subscribe')).toBe('https://blog.example/feed.xml');
    expect(await address.inputValue()).toBe('https://blog.example/feed.xml');
  });
});

describe('the subscriptions page on a phone', () => {
  it('folds folder, order and kind behind Options beside the name filter, which counts the ones in use', async () => {
    const page = await openSubscriptions('phone');
    const list = page.getByRole('list', { name: 'Subscriptions' });
    const order = page.getByRole('combobox', { name: 'Order' });
    const options = page.getByRole('button', { name: /^Options/ });
    // Folded, the list starts in the upper part of the screen.
    expect(await order.isVisible()).toBe(false);
    expect((await list.getByRole('listitem').first().boundingBox())!.y).toBeLessThan(VIEWPORTS.phone.viewport.height * 0.6);

    await options.click();
    expect(await options.getAttribute('aria-expanded')).toBe('true');
    await expectNoAxeViolations(page);
    // As a tap does: the select takes focus, then the choice is made.
    await order.focus();
    await order.selectOption({ label: 'Newest items first' });
    await page.waitForURL(/sort=recent/);
    // The list follows the new order; the options stay open, with focus where it was.
    await expect.poll(() => focusedLabel(page)).toBe('Order');
    expect(await order.isVisible()).toBe(true);
    await options.click();
    expect(await order.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Options 1 in use' }).waitFor();
  });
});

describe('the subscriptions page with a keyboard', () => {
  it('keeps focus on a choice changed with the arrow keys, press after press, as the list follows', async () => {
    const page = await openSubscriptions('desktop');
    const kind = page.getByRole('combobox', { name: 'Kind' });
    await kind.focus();
    await page.keyboard.press('ArrowDown');
    await page.waitForURL(/type=/);
    const first = new URL(page.url()).searchParams.get('type');
    await expect.poll(() => focusedLabel(page)).toBe('Kind');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => new URL(page.url()).searchParams.get('type')).not.toBe(first);
    await expect.poll(() => focusedLabel(page)).toBe('Kind');
  });
});
