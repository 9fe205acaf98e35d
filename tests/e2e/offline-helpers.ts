/*
 * Helpers of the offline and share-link journeys: a browser profile that survives a
 * restart (persistent context on one user-data dir), the service worker's readiness,
 * and questions put straight to the service (its /v1 mount with an API key made by
 * the command line), never through the browser.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { OUTBOX_SNAPSHOT_KEY } from '@/lib/client/outbox/status';
import { silenceWav } from '../lib/server/podcast-host';
import { VIEWPORTS } from './browser';
import { startProductionServer, type RunningServer } from './server';

const root = path.resolve(import.meta.dirname, '../..');

/** A browser profile directory, and a way to open it (again) as a context. */
export class Profile {
  readonly dir = mkdtempSync(path.join(tmpdir(), 'tidings-profile-'));

  constructor(private readonly baseUrl: string) {}

  /**
   * Starts Chromium on this profile: cookies, IndexedDB, caches and the worker persist across
   * launches. `offline` holds for pages from the first moment; see Wire for the worker.
   */
  launch(options: { offline?: boolean } = {}): Promise<BrowserContext> {
    const args = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync', '--disable-quic'];
    return chromium.launchPersistentContext(this.dir, {
      offline: options.offline ?? false,
      executablePath: inject('chromiumPath'),
      headless: true,
      args,
      baseURL: this.baseUrl,
      ...VIEWPORTS.desktop,
    });
  }

  /** Deletes the profile. */
  remove(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** Signs a context in with the app password of a server. */
export async function signInTo(context: BrowserContext, baseUrl: string, password = inject('appPassword')): Promise<void> {
  const response = await context.request.post(`${baseUrl}/api/session`, { form: { password }, headers: { accept: 'application/json' } });
  if (response.status() !== 200) throw new Error(`Signing in failed: ${response.status()} ${await response.text()}`);
}

/** Waits until a service worker controls the page and has finished installing (precache filled). */
export async function waitForWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise<void>((resolve) => navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }));
    }
  });
}

/** An API key of the owner for the data directory of a running server, from the command line. */
export function ownerApiKey(dataDir: string): string {
  // What `npm run tidings` runs, without npm's start-up.
  const result = spawnSync(path.join(root, 'node_modules/.bin/tsx'), ['lib/service/cli/main.ts', 'key', 'create', '--email', 'owner@tidings.local', '--name', 'e2e check'], {
    cwd: root, env: { ...process.env, TIDINGS_DATA_DIR: dataDir }, encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`key create failed: ${result.stderr}`);
  return result.stdout.trim().split('\n').pop()!.trim();
}

/** An item as the service itself has it (GET /v1/items/{id} with the key), not through the browser. */
export async function serviceItem(baseUrl: string, key: string, id: string): Promise<{ is_read: boolean; is_saved: boolean; playback_position: number | null; title: string }> {
  const response = await fetch(`${baseUrl}/v1/items/${id}`, { headers: { authorization: `Bearer ${key}`, accept: 'application/json' } });
  if (response.status !== 200) throw new Error(`GET /v1/items/${id} answered ${response.status}`);
  return response.json();
}

/**
 * Waits until the page's outbox has nothing pending (its snapshot in localStorage is gone). The
 * service having a change is not enough: cut off before its answer arrives, the page keeps the
 * change queued and sends it again when the connection returns.
 */
export async function waitForOutboxEmpty(page: Page): Promise<void> {
  await page.waitForFunction((key) => localStorage.getItem(key) === null, OUTBOX_SNAPSHOT_KEY, { timeout: 15_000 });
}

/** A production server of its own (fresh data directory with the demo content), for journeys that need other settings. */
export async function startDedicatedServer(extraEnv: Record<string, string>): Promise<RunningServer & { dataDir: string }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tidings-e2e-own-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env, NEXT_TELEMETRY_DISABLED: '1', TIDINGS_DATA_DIR: dataDir, TIDINGS_APP_PASSWORD: inject('appPassword'),
    // The suite's main server already listens for mail; feeds of the tests live on 127.0.0.1.
    TIDINGS_SMTP_PORT: '0', TIDINGS_ALLOW_PRIVATE_URLS: '1', ...extraEnv,
  };
  delete env.FEED_API_BASE_URL;
  delete env.FEED_API_KEY;
  // The demo content as the global setup seeded it, copied rather than seeded again (seconds each time).
  cpSync(inject('demoDataDir'), dataDir, { recursive: true });
  const server = await startProductionServer(root, env);
  return {
    ...server,
    dataDir,
    stop: async () => {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A TCP relay in front of a server whose wire the test can cut: while cut, every connection
 * is refused and open ones drop. The browser's offline switch is DevTools emulation, which
 * reaches a service worker only once Playwright attaches to it; Chromium itself still sees a
 * network and may start the worker for Background Sync as it launches, before that. With the
 * wire cut as well, nothing gets through until the test says so.
 */
export class Wire {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  private cut = false;
  baseUrl = '';
  /** Holds what the browser sends this long before passing it on (a slow link), 0 for none. */
  latencyMs = 0;
  /** Takes connections and passes nothing either way (a dead hotspot), when set by setSilent. */
  private silent = false;
  /** Requests whose first line ("GET /path HTTP/1.1") matches are held this long, and what follows them on their connection. */
  slowRequests: { line: RegExp; ms: number } | null = null;

  constructor(private readonly target: string) {}

  /** Starts relaying on a free port of 127.0.0.1. */
  async open(): Promise<this> {
    const { hostname, port } = new URL(this.target);
    this.server = createServer((client) => {
      if (this.cut) return client.destroy();
      if (this.silent) {
        this.sockets.add(client);
        client.on('close', () => this.sockets.delete(client));
        client.on('error', () => client.destroy());
        return client.resume();
      }
      const upstream = connect(Number(port), hostname);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => socket.destroy());
      }
      // In order: a chunk goes once its delay from arrival has passed and those before it went.
      let sent = Promise.resolve();
      const waitUntil = (due: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, due - Date.now())));
      const delayOf = (chunk: Buffer) => {
        const slow = this.slowRequests;
        const line = chunk.subarray(0, chunk.indexOf(13)).toString('latin1');
        return this.latencyMs + (slow && slow.line.test(line) ? slow.ms : 0);
      };
      const later = (ms: number, send: () => void) => {
        const due = Date.now() + ms;
        sent = sent.then(() => (ms ? waitUntil(due) : undefined)).then(send);
      };
      client.on('data', (chunk: Buffer) => later(delayOf(chunk), () => upstream.write(chunk)));
      client.on('end', () => later(this.latencyMs, () => upstream.end()));
      upstream.pipe(client);
      // A server that resets the connection (its keep-alive timeout racing the next request on it)
      // resets the browser's too, as a real link would; piping alone left that request unanswered.
      upstream.on('close', (hadError) => {
        if (hadError) client.destroy();
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    const address = this.server.address();
    this.baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    return this;
  }

  /** Cuts (true) or restores (false) the connection. */
  setCut(cut: boolean): void {
    this.cut = cut;
    if (cut) for (const socket of this.sockets) socket.destroy();
  }

  /** Makes the link pass nothing (true) while connections still open, or relay again (false). */
  setSilent(silent: boolean): void {
    this.silent = silent;
    // Connections kept alive from before would still work: drop them so new ones hang.
    if (silent) for (const socket of this.sockets) socket.destroy();
  }

  /** Stops relaying. */
  async close(): Promise<void> {
    this.setCut(true);
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

/**
 * One test's browser: a fresh profile, signed in through a relay to a server that the test can
 * slow down or cut. `start` opens it; `end` (in afterEach) closes all of it.
 */
export class RelayedBrowser {
  wire: Wire | undefined;
  profile: Profile | undefined;
  context: BrowserContext | undefined;

  /** Opens the relay and the browser and signs in; answers the first page. */
  async start(baseUrl: string): Promise<{ wire: Wire; context: BrowserContext; page: Page }> {
    const wire = await new Wire(baseUrl).open();
    this.wire = wire;
    this.profile = new Profile(wire.baseUrl);
    const context = await this.profile.launch();
    this.context = context;
    await signInTo(context, wire.baseUrl);
    return { wire, context, page: context.pages()[0] ?? await context.newPage() };
  }

  /** Closes the browser, removes its profile and stops the relay. */
  async end(): Promise<void> {
    await this.context?.close();
    this.context = undefined;
    this.profile?.remove();
    this.profile = undefined;
    await this.wire?.close();
    this.wire = undefined;
  }
}

/** Items as the service lists them for a query (GET /v1/items with the key). */
export async function serviceItems(baseUrl: string, key: string, query: string): Promise<{ id: string; title: string }[]> {
  const response = await fetch(`${baseUrl}/v1/items?${query}`, { headers: { authorization: `Bearer ${key}`, accept: 'application/json' } });
  if (response.status !== 200) throw new Error(`GET /v1/items?${query} answered ${response.status}`);
  return ((await response.json()) as { data: { id: string; title: string }[] }).data;
}

/**
 * A podcast of one episode (a minute of silent WAV audio, byte ranges served) on 127.0.0.1, for
 * playback journeys. `bytesPerSecond` trickles the audio out (a slow host), and `setBytesPerSecond`
 * changes that pace for what is still to send (so a test waits only while the slowness matters);
 * `ranges` lists the Range header of each audio request ('' for none).
 */
export async function startPodcastHost(options: { bytesPerSecond?: number } = {}): Promise<{
  feedUrl: string; ranges: string[]; setBytesPerSecond: (pace: number) => void; close: () => Promise<void>;
}> {
  const audio = silenceWav(60);
  let bytesPerSecond = options.bytesPerSecond;
  const ranges: string[] = [];
  const server = createHttpServer((request, response) => {
    const origin = `http://${request.headers.host}`;
    if (request.url?.startsWith('/feed.xml')) {
      response.writeHead(200, { 'content-type': 'application/rss+xml; charset=utf-8' });
      response.end(`<?xml version="1.0"?><rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"><channel>
        <title>Offline Hours</title><link>${origin}/</link><description>Silence for the offline journey.</description>
        <item><title>A minute offline</title><guid>offline-minute</guid><pubDate>${new Date().toUTCString()}</pubDate>
        <description>Nothing, for a minute.</description><enclosure url="${origin}/minute.wav" length="${audio.length}" type="audio/wav"/>
        <itunes:duration>60</itunes:duration></item></channel></rss>`);
      return;
    }
    ranges.push(request.headers.range ?? '');
    const range = /^bytes=(\d*)-(\d*)$/.exec(request.headers.range ?? '');
    const start = range?.[1] ? Number(range[1]) : 0;
    const end = range?.[2] ? Math.min(Number(range[2]), audio.length - 1) : audio.length - 1;
    response.writeHead(range ? 206 : 200, {
      'content-type': 'audio/wav', 'accept-ranges': 'bytes', 'content-length': end - start + 1,
      ...(range ? { 'content-range': `bytes ${start}-${end}/${audio.length}` } : {}),
    });
    const body = audio.subarray(start, end + 1);
    if (!bytesPerSecond) return void response.end(body);
    // A slow host: a tenth of a second's worth at a time, until the body is out or the reader leaves.
    let sent = 0;
    const timer = setInterval(() => {
      if (response.destroyed) return clearInterval(timer);
      const step = Math.max(1, Math.round(bytesPerSecond! / 10));
      response.write(body.subarray(sent, sent + step));
      sent += step;
      if (sent >= body.length) {
        clearInterval(timer);
        response.end();
      }
    }, 100);
    response.on('close', () => clearInterval(timer));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    feedUrl: `http://127.0.0.1:${port}/feed.xml`,
    ranges,
    setBytesPerSecond: (pace) => { bytesPerSecond = pace; },
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

export type Row = { id: string; title: string; isRead: boolean; isSaved: boolean };

/** The inbox rows as shown: id, title, and read and saved state from their buttons' names. */
export async function rows(page: Page): Promise<Row[]> {
  await page.locator('li[data-item-id] [data-item-link]').first().waitFor();
  // A cold load shows its first rows, then the rest of the page (the list is busy until then).
  await page.locator('ul[aria-busy="true"]').waitFor({ state: 'detached' });
  return page.locator('li[data-item-id]').evaluateAll((items) => items.map((item) => {
    const labels = [...item.querySelectorAll('button[aria-label]')].map((button) => button.getAttribute('aria-label') ?? '');
    return {
      id: item.getAttribute('data-item-id')!,
      title: item.querySelector('[data-item-link]')!.textContent!.trim(),
      isRead: labels.some((label) => label.startsWith('Mark unread:')),
      isSaved: labels.some((label) => label.startsWith('Unsave:')),
    };
  }));
}
