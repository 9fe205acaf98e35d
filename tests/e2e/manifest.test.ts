import { describe, expect, it } from 'vitest';
import { contextPerTest } from './browser';

/*
 * What installing Tidings gives a person, as the browser reads it: the manifest's name,
 * icons (a maskable one included), colours, standalone display, the Inbox and Saved
 * shortcuts, and the share target that opens the subscribe flow with the shared link.
 */

type Icon = { src: string; sizes: string; type: string; purpose?: string };
type Manifest = {
  name: string; short_name: string; start_url: string; display: string; theme_color: string; background_color: string;
  icons: Icon[]; shortcuts: { name: string; url: string }[];
  share_target: { action: string; method: string; params: Record<string, string> };
};

const contexts = contextPerTest();

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): string {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

describe('installing the app', () => {
  it('links a manifest with name, standalone display, colours and icons that load at their stated sizes, a maskable one included', async () => {
    const context = await contexts.open('phone');
    const page = await context.newPage();
    await page.goto('/inbox');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const manifest = (await (await page.request.get(href!)).json()) as Manifest;
    expect(manifest).toMatchObject({ name: 'Tidings', short_name: 'Tidings', start_url: '/inbox', display: 'standalone' });
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
    // The browser chrome follows the theme: one colour for light, one for dark.
    const themeColors = await page.locator('meta[name="theme-color"]').evaluateAll((metas) => metas.map((meta) => meta.getAttribute('media')));
    expect(themeColors).toEqual(['(prefers-color-scheme: light)', '(prefers-color-scheme: dark)']);

    expect(manifest.icons.some((icon) => icon.purpose === 'maskable')).toBe(true);
    expect(manifest.icons.some((icon) => icon.sizes === '512x512' && icon.purpose !== 'maskable')).toBe(true);
    for (const icon of manifest.icons) {
      const response = await page.request.get(icon.src);
      expect(response.status(), icon.src).toBe(200);
      expect(response.headers()['content-type'], icon.src).toContain(icon.type);
      if (icon.type === 'image/png') expect(pngSize(await response.body()), icon.src).toBe(icon.sizes);
    }
  });

  it('has shortcuts that open the inbox and the saved items', async () => {
    const context = await contexts.open('phone');
    const page = await context.newPage();
    const manifest = (await (await page.request.get('/manifest.webmanifest')).json()) as Manifest;
    expect(manifest.shortcuts.map((shortcut) => shortcut.name)).toEqual(['Inbox', 'Saved']);
    await page.goto(manifest.shortcuts[0]!.url);
    await page.getByRole('heading', { level: 1, name: 'Inbox' }).waitFor();
    await page.getByRole('list', { name: 'Unread items' }).waitFor();
    await page.goto(manifest.shortcuts[1]!.url);
    await page.getByRole('list', { name: 'Saved items' }).waitFor();
  });

  it('opens the subscribe flow with a link shared from the share sheet, as the share target sends it', async () => {
    const context = await contexts.open('phone');
    const page = await context.newPage();
    const { share_target: target } = (await (await page.request.get('/manifest.webmanifest')).json()) as Manifest;
    expect(target).toMatchObject({ action: '/share-target', method: 'GET' });
    // Android puts the address in `text` when the sharing app sends no `url`, often after a title.
    const shared = new URLSearchParams({ [target.params.title!]: 'A blog', [target.params.text!]: 'Worth following: https://blog.example/feed.xml' });
    await page.goto(`${target.action}?${shared}`);
    expect(new URL(page.url()).pathname).toBe('/subscriptions');
    const field = page.getByRole('textbox', { name: 'Feed or website address' });
    await field.waitFor();
    expect(await field.inputValue()).toBe('https://blog.example/feed.xml');

    await page.goto(`${target.action}?${new URLSearchParams({ [target.params.url!]: 'https://news.example/' })}`);
    expect(await page.getByRole('textbox', { name: 'Feed or website address' }).inputValue()).toBe('https://news.example/');
  });
});
