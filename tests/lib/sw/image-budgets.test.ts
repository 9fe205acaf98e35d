import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { installWorkerGlobals, resetWorkerCaches, TestExtendableEvent } from './worker-globals';

installWorkerGlobals();
const { cacheNames } = await import('@/lib/client/offline-caches');
const { imageBudget, imageResponse } = await import('@/lib/sw/image-caching');
const { keepItemResponse } = await import('@/lib/sw/item-caching');
const { applyToKeptItems } = await import('@/lib/sw/item-writes');
const { keepSavedImages, savedImageBudget } = await import('@/lib/sw/saved-images');

const names = cacheNames('test-build');
// A 1×1 transparent PNG.
const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
const hits = new Map<string, number>();
let server: Server;
let imageOrigin: string;
let run = 0;

beforeAll(async () => {
  server = createServer((request, response) => {
    hits.set(request.url!, (hits.get(request.url!) ?? 0) + 1);
    response.writeHead(200, { 'content-type': 'image/png', 'content-length': png.length });
    response.end(png);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  imageOrigin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  resetWorkerCaches();
  run += 1;
});

/** An image address of this test, so no test sees another's. */
function image(name: string): string {
  return `${imageOrigin}/run-${run}/${name}.png`;
}

function hitsOf(url: string): number {
  return hits.get(new URL(url).pathname) ?? 0;
}

/** Reads an image as the page would: through the worker's image route, to the end of its work. */
async function read(url: string): Promise<Response> {
  const event = new TestExtendableEvent('fetch');
  const response = await imageResponse(new Request(url, { mode: 'no-cors' }), event);
  await event.settled();
  // Workbox orders by millisecond timestamps: keep each read in a millisecond of its own.
  await new Promise((resolve) => setTimeout(resolve, 2));
  return response;
}

async function readMany(prefix: string, count: number): Promise<void> {
  for (let index = 0; index < count; index += 1) await read(image(`${prefix}-${index}`));
}

async function keptUrls(cacheName: string): Promise<string[]> {
  return (await (await caches.open(cacheName)).keys()).map((request) => request.url);
}

function detailUrl(id: string): string {
  return `http://localhost/api/v1/items/${id}`;
}

function detail(id: string, saved: boolean, images: string[]): Response {
  const [artwork, ...inContent] = images;
  const content = inContent.map((src) => `<p><img alt="" src="${src}"></p>`).join('');
  return Response.json({ id, is_saved: saved, title: id, content, artwork_url: artwork ?? null });
}

const itemA = '00000000-0000-4000-8000-00000000000a';
const itemB = '00000000-0000-4000-8000-00000000000b';

describe('images read', { timeout: 60_000 }, () => {
  it('stay within the budget, the oldest read going first, and an evicted one is fetched again', async () => {
    await readMany('read', imageBudget + 10);

    const kept = await keptUrls(names.images);
    expect(kept).toHaveLength(imageBudget);
    expect(kept).not.toContain(image('read-0'));
    expect(kept).not.toContain(image('read-9'));
    expect(kept).toContain(image('read-10'));
    expect(kept).toContain(image(`read-${imageBudget + 9}`));

    await read(image('read-10'));
    expect(hitsOf(image('read-10'))).toBe(1);
    const again = await read(image('read-0'));
    expect(again.status).toBe(200);
    expect(hitsOf(image('read-0'))).toBe(2);
  });
});

describe("saved items' images", { timeout: 60_000 }, () => {
  it('are kept when the item is saved and survive reading past the read budget', async () => {
    const pictures = [image('saved-artwork'), image('saved-figure')];
    await keepItemResponse(detailUrl(itemA), detail(itemA, true, pictures));
    expect(await keptUrls(names.savedImages)).toEqual(pictures);

    await readMany('other', imageBudget + 20);

    expect(await keptUrls(names.savedImages)).toEqual(pictures);
    expect(await keptUrls(names.images)).toHaveLength(imageBudget);
    for (const url of pictures) {
      const response = await read(url);
      expect(Buffer.from(await response.arrayBuffer())).toEqual(png);
      expect(hitsOf(url)).toBe(1);
    }
  });

  it('taken from the read cache when the item was read before it was saved, without fetching again', async () => {
    const picture = image('read-then-saved');
    await read(picture);
    await keepItemResponse(detailUrl(itemA), detail(itemA, true, [picture]));

    expect(await keptUrls(names.savedImages)).toEqual([picture]);
    expect(await keptUrls(names.images)).not.toContain(picture);
    expect(hitsOf(picture)).toBe(1);
  });

  it('go back under the read budget when the item is unsaved, unless another saved item shows them', async () => {
    const shared = image('shared-artwork');
    const onlyA = image('only-a');
    await keepItemResponse(detailUrl(itemA), detail(itemA, true, [shared, onlyA]));
    await keepItemResponse(detailUrl(itemB), detail(itemB, true, [shared]));

    // The service answers an unsave with the detail, not saved any more.
    await keepItemResponse(detailUrl(itemA), detail(itemA, false, [shared, onlyA]));

    expect(await keptUrls(names.savedImages)).toEqual([shared]);
    expect(await keptUrls(names.images)).toEqual([onlyA]);
    await readMany('after-unsave', imageBudget);
    expect(await keptUrls(names.images)).not.toContain(onlyA);
    expect(await keptUrls(names.savedImages)).toEqual([shared]);
  });

  it('leave the saved cache on a bulk unsave, with the detail', async () => {
    const picture = image('bulk');
    await keepItemResponse(detailUrl(itemA), detail(itemA, true, [picture]));

    await applyToKeptItems({ kind: 'bulk', itemIds: [itemA], action: 'unsave' }, { message: 'ok' });

    expect(await keptUrls(names.saved)).toEqual([]);
    expect(await keptUrls(names.items)).toEqual([detailUrl(itemA)]);
    expect(await keptUrls(names.savedImages)).toEqual([]);
    expect(await keptUrls(names.images)).toEqual([picture]);
  });

  it('keep a bound of their own, the ones kept longest ago going first and not fetched back by a warm-up', async () => {
    for (let index = 0; index < savedImageBudget + 5; index += 1) {
      const id = `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`;
      await keepItemResponse(detailUrl(id), detail(id, true, [image(`bound-${index}`)]));
    }

    const kept = await keptUrls(names.savedImages);
    expect(kept).toHaveLength(savedImageBudget);
    expect(kept[0]).toBe(image('bound-5'));
    expect(kept.at(-1)).toBe(image(`bound-${savedImageBudget + 4}`));
    // A warm-up going over the saved items again does not fetch back what the bound let go.
    await keepSavedImages([image('bound-0')], { fetchMissing: false });
    expect(await keptUrls(names.savedImages)).not.toContain(image('bound-0'));
    expect(hitsOf(image('bound-0'))).toBe(1);
  });
});
