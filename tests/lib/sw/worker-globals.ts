import 'fake-indexeddb/auto';

/*
 * The parts of a service worker's global scope that Node lacks, so the worker's own
 * modules (and Workbox under them) run unchanged in a test: the Cache API in memory,
 * with the insertion order real caches keep, the event classes Workbox checks for, the
 * scope's own events, the open pages (clients) with the messages they were sent, and
 * the build constants lib/sw/build.ts defines. IndexedDB comes from fake-indexeddb.
 */

function keyOf(request: RequestInfo | URL): string {
  // A path resolves against the page's (or worker's) address, as in browsers.
  return new URL(request instanceof Request ? request.url : String(request), (globalThis as { location?: { href: string } }).location?.href).href;
}

/** A Cache: one response per URL, listed in the order they were put. */
class MemoryCache {
  private readonly entries = new Map<string, { request: Request; response: Response }>();

  async match(request: RequestInfo | URL): Promise<Response | undefined> {
    return this.entries.get(keyOf(request))?.response.clone();
  }

  async put(request: RequestInfo | URL, response: Response): Promise<void> {
    const key = keyOf(request);
    // Putting again moves the entry to the end, as in browsers.
    this.entries.delete(key);
    this.entries.set(key, { request: new Request(key), response: response.clone() });
  }

  async delete(request: RequestInfo | URL): Promise<boolean> {
    return this.entries.delete(keyOf(request));
  }

  async keys(): Promise<Request[]> {
    return [...this.entries.values()].map((entry) => entry.request);
  }
}

/** CacheStorage over MemoryCache. */
class MemoryCacheStorage {
  private readonly caches = new Map<string, MemoryCache>();

  async open(name: string): Promise<MemoryCache> {
    if (!this.caches.has(name)) this.caches.set(name, new MemoryCache());
    return this.caches.get(name)!;
  }

  async match(request: RequestInfo | URL, options?: { cacheName?: string }): Promise<Response | undefined> {
    const names = options?.cacheName ? [options.cacheName] : [...this.caches.keys()];
    for (const name of names) {
      const found = await this.caches.get(name)?.match(request);
      if (found) return found;
    }
    return undefined;
  }

  async has(name: string): Promise<boolean> {
    return this.caches.has(name);
  }

  async delete(name: string): Promise<boolean> {
    return this.caches.delete(name);
  }

  async keys(): Promise<string[]> {
    return [...this.caches.keys()];
  }
}

/** An ExtendableEvent whose lifetime promises a test can wait for. */
export class TestExtendableEvent extends Event {
  readonly pending: Promise<unknown>[] = [];

  waitUntil(promise: Promise<unknown>): void {
    this.pending.push(promise.catch(() => undefined));
  }

  /** Waits until every promise passed to waitUntil (including ones added meanwhile) settles. */
  async settled(): Promise<void> {
    for (let done = 0; done < this.pending.length; done = this.pending.length) await Promise.all(this.pending);
  }
}

/** An open page as the worker sees it (a WindowClient), keeping every message it was sent. */
export class TestWindowClient {
  readonly messages: unknown[] = [];

  postMessage(message: unknown): void {
    this.messages.push(message);
  }
}

/** The worker's Clients: the pages a test opened with openPage. */
class TestClients {
  readonly windows: TestWindowClient[] = [];

  async matchAll(): Promise<TestWindowClient[]> {
    return [...this.windows];
  }

  async claim(): Promise<void> {}
}

/** Opens a page controlled by the worker; closePages closes them all. */
export function openPage(): TestWindowClient {
  const page = new TestWindowClient();
  ((globalThis as Record<string, unknown>).clients as TestClients).windows.push(page);
  return page;
}

/** Closes every page openPage opened. */
export function closePages(): void {
  (globalThis as Record<string, unknown>).clients = new TestClients();
}

/** Installs the worker scope on globalThis; call before importing any lib/sw module. */
export function installWorkerGlobals(origin = 'http://localhost'): void {
  const scope = globalThis as Record<string, unknown>;
  scope.__TIDINGS_BUILD_ID__ = 'test-build';
  scope.__TIDINGS_PRECACHE__ = [];
  scope.__WB_DISABLE_DEV_LOGS = true;
  scope.self = globalThis;
  scope.caches = new MemoryCacheStorage();
  scope.location = new URL(`${origin}/`);
  scope.ExtendableEvent = TestExtendableEvent;
  scope.FetchEvent = class FetchEvent extends TestExtendableEvent {};
  scope.clients = new TestClients();
  // The worker's own events (sync, message) go through the scope, as in a browser.
  const events = new EventTarget();
  scope.addEventListener = events.addEventListener.bind(events);
  scope.removeEventListener = events.removeEventListener.bind(events);
  scope.dispatchEvent = events.dispatchEvent.bind(events);
}

/** Empties every cache (the next test starts with none). */
export function resetWorkerCaches(): void {
  (globalThis as Record<string, unknown>).caches = new MemoryCacheStorage();
}
