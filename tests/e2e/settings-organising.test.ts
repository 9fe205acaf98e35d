import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { contextPerTest, expectNoAxeViolations, isCall, type ViewportName } from './browser';

/* Settings › Tags and Settings › Saved searches, and tag entry completing from existing tags. */

const contexts = contextPerTest();

/** Calls the service through the proxy as the app does (same origin). */
async function api(page: Page, method: 'GET' | 'POST' | 'PATCH', path: string, data?: unknown): Promise<unknown> {
  const answer = await page.request.fetch(`/api/v1${path}`, { method, data, headers: { origin: new URL(page.url()).origin } });
  expect(answer.status(), `${method} ${path}`).toBeLessThan(300);
  return answer.json();
}

async function tagNames(page: Page): Promise<string[]> {
  const { data } = (await api(page, 'GET', '/tags')) as { data: { name: string }[] };
  return data.map((tag) => tag.name);
}

async function open(viewport: ViewportName, colorScheme: 'light' | 'dark'): Promise<Page> {
  const context = await contexts.open(viewport, { colorScheme });
  const page = await context.newPage();
  await page.goto('/settings');
  return page;
}

describe.each<ViewportName>(['phone', 'desktop'])('organising on a %s', (viewport) => {
  it.each(['light', 'dark'] as const)('renames, merges and deletes tags through to the service (%s theme, axe clean)', async (theme) => {
    const page = await open(viewport, theme);
    const unique = `${viewport}-${theme}`;
    const { data } = (await api(page, 'GET', '/items?item_type=article&limit=2')) as { data: { id: string }[] };
    await api(page, 'PATCH', `/items/${data[0]!.id}`, { tags: [`draft-${unique}`, `keep-${unique}`] });
    await api(page, 'PATCH', `/items/${data[1]!.id}`, { tags: [`other-${unique}`] });

    await page.getByRole('link', { name: 'Tags', exact: true }).click();
    await page.waitForURL('**/settings/tags');
    const list = page.getByRole('list', { name: 'Tags' });
    await list.getByRole('heading', { name: `draft-${unique}`, exact: true }).waitFor();
    await expectNoAxeViolations(page);

    // Rename.
    await list.getByRole('button', { name: `Rename draft-${unique}`, exact: true }).click();
    const field = list.getByRole('textbox', { name: `New name for draft-${unique}` });
    await field.fill(`final-${unique}`);
    const renamed = page.waitForResponse(isCall('PATCH', /^\/api\/v1\/tags\/[0-9a-f-]{36}$/));
    await field.press('Enter');
    expect((await renamed).status()).toBe(200);
    await page.getByRole('status').filter({ hasText: `Renamed draft-${unique} to final-${unique}.` }).waitFor();
    expect(await tagNames(page)).toContain(`final-${unique}`);

    // Merge, picked from the list.
    await list.getByRole('button', { name: `Merge other-${unique}`, exact: true }).click();
    await list.getByRole('combobox', { name: `Merge other-${unique} into` }).selectOption({ label: `keep-${unique}` });
    await expectNoAxeViolations(page);
    await list.getByRole('button', { name: 'Merge', exact: true }).click();
    await page.getByRole('status').filter({ hasText: `Merged other-${unique} into keep-${unique}.` }).waitFor();
    const afterMerge = await tagNames(page);
    expect(afterMerge).not.toContain(`other-${unique}`);
    const { tags } = (await api(page, 'GET', `/items/${data[1]!.id}`)) as { tags: { name: string }[] };
    expect(tags.map((tag) => tag.name)).toContain(`keep-${unique}`);

    // Delete, after a question.
    for (const name of [`final-${unique}`, `keep-${unique}`]) {
      await list.getByRole('button', { name: `Delete ${name}`, exact: true }).click();
      await list.getByRole('group', { name: `Delete ${name}?` }).waitFor();
      await list.getByRole('button', { name: 'Yes, delete', exact: true }).click();
      await page.getByRole('status').filter({ hasText: `Deleted the tag ${name}.` }).waitFor();
    }
    expect((await tagNames(page)).filter((name) => name.endsWith(unique))).toEqual([]);
    // The items stay.
    expect((await page.request.get(`/api/v1/items/${data[0]!.id}`)).status()).toBe(200);
  });

  it.each(['light', 'dark'] as const)('renames and deletes a saved search (%s theme, axe clean)', async (theme) => {
    const page = await open(viewport, theme);
    const unique = `${viewport}-${theme}`;
    await api(page, 'POST', '/saved-searches', { name: `Passkeys ${unique}`, query_data: { q: 'passkeys' } });

    await page.getByRole('link', { name: 'Saved searches', exact: true }).click();
    await page.waitForURL('**/settings/saved-searches');
    const list = page.getByRole('list', { name: 'Saved searches' });
    await list.getByRole('heading', { name: `Passkeys ${unique}`, exact: true }).waitFor();
    await expectNoAxeViolations(page);

    await list.getByRole('button', { name: `Rename Passkeys ${unique}`, exact: true }).click();
    const field = list.getByRole('textbox', { name: `New name for Passkeys ${unique}` });
    await field.fill(`Sign-in ${unique}`);
    await field.press('Enter');
    await page.getByRole('status').filter({ hasText: `Renamed Passkeys ${unique} to Sign-in ${unique}.` }).waitFor();

    await list.getByRole('button', { name: `Delete Sign-in ${unique}`, exact: true }).click();
    await list.getByRole('button', { name: 'Yes, delete', exact: true }).click();
    await page.getByRole('status').filter({ hasText: `Deleted the saved search Sign-in ${unique}.` }).waitFor();
    const { data } = (await api(page, 'GET', '/saved-searches')) as { data: { name: string }[] };
    expect(data.map((search) => search.name).filter((name) => name.endsWith(unique))).toEqual([]);
  });

  it('offers existing tags as completions where an item is tagged', async () => {
    const page = await open(viewport, 'light');
    const unique = `complete-${viewport}`;
    const { data } = (await api(page, 'GET', '/items?item_type=article&limit=2')) as { data: { id: string }[] };
    await api(page, 'PATCH', `/items/${data[1]!.id}`, { tags: [unique] });
    await page.goto(`/items/${data[0]!.id}`);
    // A text field with a list of suggestions is a combobox to assistive technology (HTML-ARIA).
    const field = page.getByRole('region', { name: 'Tags' }).getByRole('combobox', { name: 'Add tags' });
    await page.waitForFunction((name) => {
      const input = document.getElementById('new-tag') as HTMLInputElement | null;
      return [...(input?.list?.options ?? [])].some((option) => option.value === name);
    }, unique, { timeout: 10_000 });
    expect(await field.getAttribute('list')).toBe('existing-tags');
    await expectNoAxeViolations(page);
    await api(page, 'PATCH', `/items/${data[1]!.id}`, { tags: [] });
  });
});
