import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fetchIcon, findSiteIcon, iconMaxBytes, pageIconLinks } from '@/lib/service/ingest/feed-icon';
import { demoIconPng } from '@/lib/service/cli/demo-icons';
import { document, FeedServer } from '../feed-server';

const png = demoIconPng([29, 78, 216]);
// An ICO header (reserved 0, type 1, one image) followed by anything: what the sniffing reads.
const ico = Buffer.concat([Buffer.from([0, 0, 1, 0, 1, 0]), Buffer.alloc(40, 7)]);
const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script><rect width="10" height="10"/></svg>';

let site: FeedServer;
beforeEach(async () => {
  site = await new FeedServer().start();
});
afterEach(async () => {
  await site.stop();
});

const allowed = { allowPrivate: true };

describe('finding a site’s icon', () => {
  it('takes the icon the site’s page names, fetched from where it says', async () => {
    site.route('/', document('<html><head><link rel="shortcut icon" href="/static/mark.png"></head></html>', 'text/html'));
    site.route('/static/mark.png', document(png, 'image/png'));
    site.route('/favicon.ico', document(ico, 'image/x-icon'));
    const icon = await findSiteIcon(`${site.baseUrl}/`, allowed);
    expect(icon).toMatchObject({ contentType: 'image/png', url: `${site.baseUrl}/static/mark.png` });
    expect(icon!.data.equals(png)).toBe(true);
    expect(site.hits.get('/favicon.ico')).toBeUndefined();
  });

  it('falls back to /favicon.ico when the page names none, or names one that is missing', async () => {
    site.route('/', document('<html><head><link rel="icon" href="/gone.png"><title>Site</title></head></html>', 'text/html'));
    site.route('/favicon.ico', document(ico, 'application/octet-stream'));
    const icon = await findSiteIcon(`${site.baseUrl}/`, allowed);
    expect(icon).toMatchObject({ contentType: 'image/x-icon', url: `${site.baseUrl}/favicon.ico` });
    expect(site.hits.get('/gone.png')).toBe(1);
  });

  it('refuses an icon larger than the cap and finds none when nothing else is there', async () => {
    const huge = Buffer.concat([png, Buffer.alloc(iconMaxBytes + 1)]);
    site.route('/favicon.ico', document(huge, 'image/png'));
    await expect(fetchIcon(`${site.baseUrl}/favicon.ico`, allowed)).rejects.toMatchObject({ reason: 'too_large' });
    expect(await findSiteIcon(`${site.baseUrl}/`, allowed)).toBeNull();
  });

  it('refuses what is not an image, whatever it calls itself', async () => {
    site.route('/page.ico', document('<!doctype html><p>Not found</p>', 'text/html'));
    site.route('/liar.png', document('<!doctype html><p>Not an icon</p>', 'image/png'));
    await expect(fetchIcon(`${site.baseUrl}/page.ico`, allowed)).rejects.toThrow('text/html, not an image');
    await expect(fetchIcon(`${site.baseUrl}/liar.png`, allowed)).rejects.toThrow('not a PNG, ICO, GIF, JPEG or WebP');
  });

  it('refuses SVG icons, named in the page or served as one', async () => {
    site.route('/', document(`<head><link rel="icon" type="image/svg+xml" href="/mark.svg"><link rel="icon" href="/mark-as-png"></head>`, 'text/html'));
    site.route('/mark.svg', document(svg, 'image/svg+xml'));
    site.route('/mark-as-png', document(svg, 'image/svg+xml'));
    expect(pageIconLinks(`<link rel="icon" type="image/svg+xml" href="/a"><link rel="icon" href="/b.svg?v=2">`, 'https://x.example/')).toEqual([]);
    await expect(fetchIcon(`${site.baseUrl}/mark-as-png`, allowed)).rejects.toThrow('SVG');
    expect(await findSiteIcon(`${site.baseUrl}/`, allowed)).toBeNull();
    expect(site.hits.get('/mark.svg')).toBeUndefined();
  });

  it('never reaches a private address unless allowed', async () => {
    site.route('/favicon.ico', document(ico, 'image/x-icon'));
    await expect(fetchIcon(`${site.baseUrl}/favicon.ico`, { allowPrivate: false })).rejects.toMatchObject({ reason: 'private_address' });
    expect(await findSiteIcon(`${site.baseUrl}/`, { allowPrivate: false })).toBeNull();
    expect(site.hits.size).toBe(0);
  });

  it('lists rel=icon links before apple-touch-icon ones, made absolute against <base>', () => {
    const html = `<head><base href="https://cdn.example/assets/"><link rel="apple-touch-icon" href="touch.png">
      <link rel="icon" sizes="32x32" href="fav-32.png"><link rel="icon" href="fav-32.png"></head>`;
    expect(pageIconLinks(html, 'https://site.example/')).toEqual(['https://cdn.example/assets/fav-32.png', 'https://cdn.example/assets/touch.png']);
  });
});
