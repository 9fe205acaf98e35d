import { readFileSync } from 'node:fs';
import path from 'node:path';
import { request as http, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { startFeedSite } from './feed-site';
import { Profile, Wire, ownerApiKey, rows, serviceItem, serviceItems, signInTo, startPodcastHost, waitForWorker, type Row } from './offline-helpers';
import { ownServer } from './own-server';
import { setContextOffline } from './connection';
import { WorkerFront } from './worker-front';

let context: BrowserContext | undefined;
let profile: Profile | undefined;
let wire: Wire | undefined;

afterEach(async () => {
  await context?.close();
  context = undefined;
  profile?.remove();
  profile = undefined;
  await wire?.close();
  wire = undefined;
});

/** A browser on a fresh profile, signed in through a relay to `baseUrl` that a test can cut; the afterEach closes all. */
async function signedInBehindWire(baseUrl: string): Promise<{ wire: Wire; profile: Profile; context: BrowserContext; page: Page }> {
  const relay = await new Wire(baseUrl).open();
  wire = relay;
  const fresh = new Profile(relay.baseUrl);
  profile = fresh;
  const browser = await fresh.launch();
  context = browser;
  await signInTo(browser, relay.baseUrl);
  const page = browser.pages()[0] ?? await browser.newPage();
  return { wire: relay, profile: fresh, context: browser, page };
}

async function row(page: Page, id: string): Promise<Row> {
  return (await rows(page)).find((entry) => entry.id === id)!;
}

/** Calls to the API as the page made them after a moment: method, path and status, in order. */
function recordApiCalls(page: Page): { method: string; path: string; status: number }[] {
  const calls: { method: string; path: string; status: number }[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith('/api/v1/')) calls.push({ method: response.request().method(), path: url.pathname, status: response.status() });
  });
  return calls;
}

type Server = { baseUrl: string; dataDir: string };

/**
 * The journey of the issue: read online, go offline, reload, read a kept item, change
 * things, restart the browser, come back online, and find exactly that on the service.
 * `beforeOnline` runs just before the connection returns, `afterOnline` right after.
 */
async function offlineJourney(server: Server, hooks: { beforeOnline?: () => Promise<void>; afterOnline?: (page: Page) => Promise<void> } = {}) {
  const key = ownerApiKey(server.dataDir);
  const browsing = await signedInBehindWire(server.baseUrl);
  const offline = async (on: boolean) => {
    browsing.wire.setCut(on);
    await setContextOffline(context!, on);
  };
  let { page } = browsing;
  // A podcast on this machine, so an episode can really play.
  const podcast = await startPodcastHost();
  const subscribed = await page.request.post('/api/v1/subscriptions', { data: { url: podcast.feedUrl } });
  expect(subscribed.status()).toBe(201);
  const { subscription_id: subscriptionId } = (await subscribed.json()) as { subscription_id: string };
  const listed = await page.request.get(`/api/v1/items?subscription_ids=${subscriptionId}&item_type=episode`);
  const episode = ((await listed.json()) as { data: { id: string; title: string }[] }).data[0]!;

  await page.goto('/inbox?view=all');
  const list = await rows(page);
  await waitForWorker(page);
  // Read one article online (opening marks it read), so its page and content are kept.
  const opened = list.find((entry) => entry.id !== episode.id)!;
  await page.locator(`li[data-item-id="${opened.id}"] [data-item-link]`).click();
  await page.getByRole('heading', { level: 1, name: opened.title, exact: true }).waitFor();
  await page.getByRole('button', { name: 'Mark unread', exact: true }).waitFor();
  await page.goto('/inbox?view=all');
  await rows(page);
  // The worker keeps every saved item ahead of time; wait until one the person never opened here is kept.
  const [keptAhead] = await serviceItems(server.baseUrl, key, 'is_saved=true&is_read=read&limit=1');
  expect(keptAhead, 'the demo data has a saved item that is read').toBeDefined();
  await expect.poll(() => page.evaluate(async (id) => Boolean(await (await caches.open('tidings-saved')).match(`/api/v1/items/${id}`)), keptAhead!.id), { timeout: 30_000 }).toBe(true);

  // Play the episode a moment online, so its audio is loaded when the connection goes.
  await page.goto(`/items/${episode.id}`);
  await page.getByRole('button', { name: 'Play episode' }).click();
  const player = page.getByRole('region', { name: 'Podcast player' });
  await expect.poll(() => player.locator('[data-player-time]').textContent(), { timeout: 10_000 }).toMatch(/0:0[1-9] \/ 1:00/);
  await player.getByRole('button', { name: 'Pause', exact: true }).click();
  await player.getByRole('button', { name: 'Play', exact: true }).waitFor();

  await offline(true);
  // Offline, move the playback position: the player reports it once the seek settles, into the queue.
  await player.getByRole('button', { name: 'Open the full player' }).click();
  const full = page.getByRole('dialog', { name: episode.title });
  await full.getByRole('slider', { name: 'Position' }).fill('40');
  await page.getByRole('status').filter({ hasText: '1 change waiting to sync' }).waitFor();
  await full.getByRole('button', { name: 'Close the full player' }).click();

  await page.goto('/inbox?view=all');
  expect((await rows(page)).map((entry) => entry.id)).toEqual(list.map((entry) => entry.id));
  // Following the link as a person would: the client navigation cannot fetch, so the page loads in full from the kept copy.
  await page.locator(`li[data-item-id="${opened.id}"] [data-item-link]`).click();
  await page.getByRole('heading', { level: 1, name: opened.title, exact: true }).waitFor();
  expect(new URL(page.url()).pathname).toBe(`/items/${opened.id}`);
  expect((await page.locator('.reading').innerText()).length).toBeGreaterThan(20);
  // A page never loaded here: the offline page stands in as the reader shell and shows the kept item.
  await page.goto(`/items/${keptAhead!.id}`);
  await page.getByRole('heading', { level: 1, name: keptAhead!.title, exact: true }).waitFor();
  expect((await page.locator('.reading').innerText()).length).toBeGreaterThan(20);
  await page.goto(`/items/${opened.id}`);
  await page.getByRole('heading', { level: 1, name: opened.title, exact: true }).waitFor();

  // Offline changes: the opened item back to unread in the reader, two items read and one saved in the list.
  await page.getByRole('button', { name: 'Mark unread', exact: true }).click();
  await page.getByRole('button', { name: 'Mark read', exact: true }).waitFor();
  // The button turns before the change is in the queue (the outbox's code may still be loading);
  // leaving the page is only safe once the queue counts it.
  await page.getByRole('status').filter({ hasText: '2 changes waiting to sync' }).waitFor();
  await page.goto('/inbox?view=all');
  // Not the episode: it was played online after the kept list was made, so its row can switch
  // from a stale copy to a fresher one between reading the rows and clicking.
  const candidates = (await rows(page)).filter((entry) => entry.id !== opened.id && entry.id !== episode.id);
  const [readA, readB] = candidates.filter((entry) => !entry.isRead);
  const saved = candidates.find((entry) => !entry.isSaved && entry !== readA && entry !== readB)!;
  await page.getByRole('button', { name: `Mark read: ${readA!.title}`, exact: true }).click();
  await page.getByRole('button', { name: `Mark read: ${readB!.title}`, exact: true }).click();
  await page.getByRole('button', { name: `Save: ${saved.title}`, exact: true }).click();
  await page.getByRole('status').filter({ hasText: '5 changes waiting to sync' }).waitFor();
  // Nothing reached the service.
  expect((await serviceItem(server.baseUrl, key, opened.id)).is_read).toBe(true);
  expect((await serviceItem(server.baseUrl, key, saved.id)).is_saved).toBe(false);
  expect((await serviceItem(server.baseUrl, key, episode.id)).playback_position).not.toBe(40);

  // Restart the browser on the same profile, still offline: the queue and the shown state survive.
  await context?.close();
  context = await browsing.profile.launch({ offline: true });
  page = context.pages()[0] ?? await context.newPage();
  await page.goto('/inbox?view=all');
  await page.getByRole('status').filter({ hasText: '5 changes waiting to sync' }).waitFor();
  expect(await row(page, opened.id)).toMatchObject({ isRead: false });
  expect(await row(page, readA!.id)).toMatchObject({ isRead: true });
  expect(await row(page, readB!.id)).toMatchObject({ isRead: true });
  expect(await row(page, saved.id)).toMatchObject({ isSaved: true });
  // The notice keeps room for itself at the end of the page, beside the player's, so scrolled to the
  // bottom it would cover none of it. Measured without scrolling: at the bottom the river would load more.
  await page.getByRole('complementary', { name: 'Offline and sync' }).getByRole('status').waitFor();
  await expect.poll(() => page.evaluate(() => {
    const notice = document.querySelector<HTMLElement>('aside[aria-label="Offline and sync"]')!;
    const pageEnd = document.getElementById('main')!.getBoundingClientRect().bottom + window.scrollY;
    const playerSpace = parseFloat(getComputedStyle(document.documentElement).getPropertyValue('--player-space')) || 0;
    return document.scrollingElement!.scrollHeight - pageEnd - playerSpace - notice.offsetHeight;
  }), { timeout: 10_000 }).toBeGreaterThanOrEqual(-1);

  // Back online: the queue goes out by itself, before the list is fetched again.
  await hooks.beforeOnline?.();
  const calls = recordApiCalls(page);
  await offline(false);
  await hooks.afterOnline?.(page);
  await page.getByRole('status').filter({ hasText: /waiting to sync/ }).waitFor({ state: 'detached', timeout: 90_000 });
  expect(await serviceItem(server.baseUrl, key, opened.id)).toMatchObject({ is_read: false });
  expect(await serviceItem(server.baseUrl, key, readA!.id)).toMatchObject({ is_read: true });
  expect(await serviceItem(server.baseUrl, key, readB!.id)).toMatchObject({ is_read: true });
  expect(await serviceItem(server.baseUrl, key, saved.id)).toMatchObject({ is_saved: true });
  expect(await serviceItem(server.baseUrl, key, episode.id)).toMatchObject({ playback_position: 40 });
  await expect.poll(() => calls.some((call) => call.method === 'GET' && call.path === '/api/v1/items' && call.status === 200), { timeout: 30_000 }).toBe(true);
  expect(await row(page, opened.id)).toMatchObject({ isRead: false });
  expect(await row(page, saved.id)).toMatchObject({ isSaved: true });

  const isWrite = (call: { method: string }) => call.method === 'PATCH' || call.method === 'POST';
  const firstRead = calls.findIndex((call) => call.method === 'GET' && call.path === '/api/v1/items' && call.status === 200);
  const lastWrite = calls.findLastIndex((call) => isWrite(call) && call.status === 200);
  expect(lastWrite).toBeLessThan(firstRead);
  // In the order they were made.
  expect(calls.filter((call) => isWrite(call) && call.status === 200).map((call) => call.path)).toEqual([
    `/api/v1/items/${episode.id}/playback-progress`,
    ...[opened.id, readA!.id, readB!.id, saved.id].map((id) => `/api/v1/items/${id}`),
  ]);
  await podcast.close();
  return { calls, page };
}

/** A fresh profile signed in to the suite's server, on the inbox with the service worker in control. */
async function inboxWithWorker(baseUrl = inject('baseUrl')): Promise<Page> {
  profile = new Profile(baseUrl);
  context = await profile.launch();
  await signInTo(context, baseUrl);
  const page = context.pages()[0] ?? await context.newPage();
  await page.goto('/inbox');
  await waitForWorker(page);
  return page;
}

describe('the app without a connection', () => {
  it('is installable, with a worker from /sw.js that controls the app', async () => {
    const page = await inboxWithWorker();
    const script = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.scriptURL ?? null);
    expect(script).toBe(`${inject('baseUrl')}/sw.js`);
    const worker = await page.request.get('/sw.js');
    expect(worker.status()).toBe(200);
    expect(worker.headers()['content-type']).toMatch(/javascript/);

    // Chromium's own verdict on installing the app (what Lighthouse's installability audit asked).
    const cdp = await page.context().newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors' as never)) as unknown as { installabilityErrors: unknown[] };
    expect(installabilityErrors).toEqual([]);
    const manifest = (await cdp.send('Page.getAppManifest' as never)) as unknown as { url: string; errors: unknown[] };
    expect(manifest.url).toBe(`${inject('baseUrl')}/manifest.webmanifest`);
    expect(manifest.errors).toEqual([]);
  });
});

describe('a new version of the app', () => {
  // A new build's worker comes from a front to the server, not written into the build,
  // which servers of the other shards serve too.
  let front: WorkerFront;
  let original: string;

  beforeAll(async () => {
    front = await new WorkerFront(inject('baseUrl')).open();
    original = await (await fetch(`${inject('baseUrl')}/sw.js`)).text();
  });
  afterAll(async () => {
    await front.close();
  });

  it('offers a reload when a new worker waits, also after a second update, and the reload brings the newest', async () => {
    const page = await inboxWithWorker(front.baseUrl);
    const prompt = page.getByRole('status').filter({ hasText: 'A new version of Tidings is ready.' });
    // Checks for an update as the page does, and answers once a worker other than the one before waits.
    const waitingScript = () => page.evaluate(async () => {
      const registration = (await navigator.serviceWorker.getRegistration())!;
      const before = registration.waiting;
      await registration.update();
      for (let tries = 0; tries < 100 && (!registration.waiting || registration.waiting === before); tries += 1) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return registration.waiting && registration.waiting !== before ? 'waiting' : null;
    });

    // A new build's worker (here: the same worker that also says which version it is) installs and waits.
    const version = (name: string) => `${original}\nself.addEventListener('message', (event) => { if (event.data === 'version?') event.source.postMessage('${name}'); });`;
    front.worker = version('update 1');
    expect(await waitingScript()).toBe('waiting');
    await prompt.waitFor();
    await page.getByRole('button', { name: 'Later' }).click();
    expect(await prompt.count()).toBe(0);

    // Another update before any reload: the newer worker waits and the prompt comes back.
    front.worker = version('update 2');
    expect(await waitingScript()).toBe('waiting');
    await prompt.waitFor();

    await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Reload' }).click()]);
    await waitForWorker(page);
    const running = await page.evaluate(() => new Promise<string>((resolve) => {
      navigator.serviceWorker.addEventListener('message', (event) => resolve(String(event.data)), { once: true });
      navigator.serviceWorker.controller!.postMessage('version?');
    }));
    expect(running).toBe('update 2');
    expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting))).toBe(false);
    expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  });

  it('keeps the saved view for offline reading again right after the reload into a new build', async () => {
    const { wire: relay, page } = await signedInBehindWire(front.baseUrl);
    /** Whether the pages cache of a build holds the saved view. */
    const keptSavedView = (build: string) => page.evaluate(async (name) => {
      if (!(await caches.has(name))) return false;
      return (await (await caches.open(name)).keys()).some((request) => request.url.endsWith('/inbox?view=saved'));
    }, `tidings-pages-${build}`);
    // The served build's id: the .next link names a newer build once another shard's upgrade.test.ts has built.
    const buildId = readFileSync(path.join(inject('buildDir'), 'BUILD_ID'), 'utf8').trim();
    await page.goto('/inbox');
    await waitForWorker(page);
    await expect.poll(() => keptSavedView(buildId), { timeout: 30_000 }).toBe(true);

    // A new build's worker: its pages go in caches of their own, and the old build's are dropped.
    // The build id names the worker's caches, and is the revision of the offline page (rendered per request).
    expect(original).toContain(`"${buildId}"`);
    front.worker = original.replaceAll(`"${buildId}"`, '"e2e-next-build"');
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.update());
    await page.getByRole('status').filter({ hasText: 'A new version of Tidings is ready.' }).waitFor({ timeout: 30_000 });
    await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Reload' }).click()]);
    await waitForWorker(page);
    // Within this tab's half hour between warm-ups, the new version still keeps what the old one had.
    await expect.poll(() => keptSavedView('e2e-next-build'), { timeout: 30_000 }).toBe(true);

    relay.setCut(true);
    await setContextOffline(context!, true);
    await page.goto('/inbox?view=saved');
    await page.locator('main').waitFor();
    expect(await page.getByText('This page has not been kept for reading offline.').count()).toBe(0);
  }, 90_000);
});

// These journeys change items, so they run on servers of their own and leave the suite's demo data as it was.
describe('reading and changing things offline', () => {
  const server = ownServer();

  it('opens the inbox and a read item offline, queues changes across a restart, and sends exactly them when back online', async () => {
    await offlineJourney(server());
  }, 120_000);

  it('sends the queue from the worker when the browser starts again with a connection, with no page of the app open', async () => {
    const key = ownerApiKey(server().dataDir);
    const { page, ...browsing } = await signedInBehindWire(server().baseUrl);
    await page.goto('/inbox?view=all');
    await rows(page);
    await waitForWorker(page);

    // Background Sync: the page registers it when a change cannot be sent.
    browsing.wire.setCut(true);
    await setContextOffline(browsing.context, true);
    const target = (await rows(page)).find((entry) => !entry.isSaved)!;
    await page.getByRole('button', { name: `Save: ${target.title}`, exact: true }).click();
    await page.getByRole('status').filter({ hasText: '1 change waiting to sync' }).waitFor();
    const registered = await page.evaluate(async () => {
      const registration = (await navigator.serviceWorker.ready) as ServiceWorkerRegistration & { sync?: { getTags(): Promise<string[]> } };
      return registration.sync ? registration.sync.getTags() : null;
    });
    expect(registered).toContain('tidings-outbox');
    await browsing.context.close();

    // The connection is back and the browser starts on a blank page: only the worker can send.
    browsing.wire.setCut(false);
    context = await browsing.profile.launch();
    expect(context.pages().every((open) => !open.url().startsWith(browsing.wire.baseUrl))).toBe(true);
    await expect.poll(async () => (await serviceItem(server().baseUrl, key, target.id)).is_saved, { timeout: 45_000, interval: 1000 }).toBe(true);
  }, 120_000);

  it("shows an opened item's image after going offline and reloading, with the image's site gone too", async () => {
    // A 48×32 PNG, on a site of this machine that goes away before the reload.
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAADAAAAAgCAIAAADbtmxLAAAAMUlEQVR42u3OQQ0AAAgEoItjHGMbyxbOBxsByHS9EiEhISEhISEhISEhISEhISGhSwvOEYBqQb4FdAAAAABJRU5ErkJggg==', 'base64');
    const site = await startFeedSite();
    const imageUrl = site.image('/figures/harbour.png', png);
    const feedUrl = site.feed('/pictures.xml', 'Pictures', [
      { guid: 'harbour', title: 'The harbour at dawn', body: `Boats at rest. <img src="${imageUrl}" alt="The harbour at dawn">`, date: new Date() },
    ]);
    const { page, ...browsing } = await signedInBehindWire(server().baseUrl);
    await page.goto('/inbox');
    await waitForWorker(page);
    const subscribed = await page.request.post('/api/v1/subscriptions', { data: { url: feedUrl } });
    expect(subscribed.status()).toBe(201);
    const { subscription_id: subscriptionId } = (await subscribed.json()) as { subscription_id: string };
    const listed = await page.request.get(`/api/v1/items?subscription_ids=${subscriptionId}`);
    const item = ((await listed.json()) as { data: { id: string }[] }).data[0]!;

    const shown = async () => {
      const picture = page.getByRole('img', { name: 'The harbour at dawn' });
      await picture.scrollIntoViewIfNeeded();
      return picture.evaluate((element) => (element as HTMLImageElement).complete ? (element as HTMLImageElement).naturalWidth : 0);
    };
    await page.goto(`/items/${item.id}`);
    await page.getByRole('heading', { level: 1, name: 'The harbour at dawn', exact: true }).waitFor();
    await expect.poll(shown, { timeout: 15_000 }).toBe(48);
    // The worker keeps it once the page has it (after answering), so wait for the kept copy.
    await expect.poll(() => page.evaluate(async (url) => Boolean(await caches.match(url)), imageUrl), { timeout: 15_000 }).toBe(true);
    // Saved, its image moves to the saved items' own cache, out of the read budget; unsaved, it goes back.
    const keptIn = () => page.evaluate(async (url) => {
      const names = ['tidings-images', 'tidings-saved-images'];
      return (await Promise.all(names.map(async (name) => ((await (await caches.open(name)).match(url)) ? name : null)))).filter(Boolean);
    }, imageUrl);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(keptIn, { timeout: 15_000 }).toEqual(['tidings-saved-images']);
    await page.getByRole('button', { name: 'Unsave', exact: true }).click();
    await expect.poll(keptIn, { timeout: 15_000 }).toEqual(['tidings-images']);

    await site.close();
    browsing.wire.setCut(true);
    await setContextOffline(browsing.context, true);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'The harbour at dawn', exact: true }).waitFor();
    await expect.poll(shown, { timeout: 15_000 }).toBe(48);
  }, 120_000);

  it('shows the offline page for a page not kept when the connection takes requests but passes nothing, and a kept page as usual', async () => {
    const { page, ...browsing } = await signedInBehindWire(server().baseUrl);
    // Two more tabs, blank until the link goes dead, so the three checks below wait out the worker's
    // deadlines side by side. Opened first: the link goes dead as soon as the inbox shows, before
    // the page asks for more (folders) that would then be kept.
    const searching = await browsing.context.newPage();
    const returning = await browsing.context.newPage();
    await page.goto('/inbox');
    await waitForWorker(page);
    // Loaded again under the worker, the inbox is kept.
    await page.goto('/inbox');
    await page.locator('li[data-item-id] [data-item-link]').first().waitFor();

    // A dead hotspot: the browser believes it is online and every request hangs.
    browsing.wire.setSilent(true);
    await Promise.all([
      (async () => {
        await searching.goto('/search?q=never-kept', { timeout: 30_000 });
        await searching.getByRole('heading', { level: 1, name: 'You are offline' }).waitFor();
        expect(await searching.getByText('This page has not been kept for reading offline.').isVisible()).toBe(true);
      })(),
      (async () => {
        // Data with no kept copy is answered as too slow (504), so the page can say so instead of waiting.
        const answers = await page.evaluate(() => Promise.all(['/api/v1/items/00000000-0000-4000-8000-000000000000', '/api/v1/folders']
          .map((path) => fetch(path).then((response) => response.status, () => 'failed'))));
        expect(answers).toEqual([504, 504]);
      })(),
      (async () => {
        await returning.goto('/inbox', { timeout: 30_000 });
        await returning.locator('li[data-item-id] [data-item-link]').first().waitFor({ timeout: 20_000 });
      })(),
    ]);
  }, 90_000);
});

describe('coming back online into a rate limit', () => {
  // Room for the journey's own requests (the worker keeps lists and pages ahead), all spent before the replay;
  // a window of 15 s rather than a minute, so the replay waits that long at most.
  const windowSeconds = 15;
  const server = ownServer({ TIDINGS_APP_RATE_LIMIT: '120', TIDINGS_RATE_LIMIT_WINDOW: String(windowSeconds) });

  it('waits out the 429 of the first replay and still sends every change, in order', async () => {
    const { calls } = await offlineJourney(server(), {
      async beforeOnline() {
        // Another session of the same installation spends what is left of the app's minute.
        const other = await http.newContext({ baseURL: server().baseUrl });
        const signedIn = await other.post('/api/session', { form: { password: inject('appPassword') }, headers: { accept: 'application/json' } });
        expect(signedIn.status()).toBe(200);
        const spendUntilLimited = async () => {
          for (let spent = 0; spent < 300; spent += 1) {
            const answer = await other.get('/api/v1/items?limit=1');
            if (answer.status() === 429) return Number(answer.headers()['retry-after']);
          }
          throw new Error('300 requests and no 429');
        };
        // The journey's last requests may still count; should they leave the window within moments, the
        // replay would find room. Wait for those to leave and fill their places, until the window holds out.
        let retryAfter = await spendUntilLimited();
        while (retryAfter < 5) {
          await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000));
          retryAfter = await spendUntilLimited();
        }
        expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
        await other.dispose();
      },
      // The indicator says why nothing moves, and that it resumes by itself.
      afterOnline: (page) => page.getByRole('status').filter({ hasText: /the service asked to wait \d+ s; sending resumes by itself/ }).waitFor(),
    });
    expect(calls.find((call) => call.method === 'PATCH' || call.method === 'POST')).toMatchObject({ status: 429 });
  }, 240_000);
});
