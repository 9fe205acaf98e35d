import { describe, expect, it } from 'vitest';
import { contextPerTest } from './browser';

/* The settings page on a 1280 px desktop, where its forms set fields side by side. */

const contexts = contextPerTest();

describe('settings on a desktop', () => {
  it('lines up the boxes of side-by-side read-later fields even when one has a hint above it', async () => {
    const context = await contexts.open('desktop');
    const page = await context.newPage();
    await page.goto('/settings');
    const form = page.getByRole('form', { name: 'Link wallabag' });
    const [address, client] = await Promise.all(['Server address', 'Client ID'].map(async (name) => (await form.getByLabel(name).boundingBox())!));
    expect(address.x).toBeLessThan(client.x);
    expect(Math.round(address.y)).toBe(Math.round(client.y));
  });
});
