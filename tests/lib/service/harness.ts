/*
 * Test harness for the embedded service: the real service on a temporary SQLite
 * file (or, with TIDINGS_TEST_ENGINE=postgres, a fresh PostgreSQL database), served over
 * real HTTP on 127.0.0.1, with helpers that seed users, keys, feeds, items and
 * subscriptions through the store the service uses.
 */
import { serve, type ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Plan } from '@/lib/contract/common';
import { ensureUser, issueCredential, type User } from '@/lib/service/domain/accounts';
import type { NewFeed } from '@/lib/service/store/subscriptions';
import type { NewItem } from '@/lib/service/domain/feeds/store-items';
import { newItemSteps } from '@/lib/service/domain/rules/ingest-rules';
import { historyCapOf } from '@/lib/service/domain/feeds/subscribe-user';
import type { ServiceConfig } from '@/lib/service/context';
import { createService, openService, type EmbeddedService, type SqliteService } from '@/lib/service/service';
import { freshDatabase } from '../../postgres';
import { migratedTemplate } from './store/store-fixture';

/** What a call answered: status, headers and the parsed JSON body (or the text when it is not JSON). */
// Tests read answers field by field and check them with expect; typing every body would only add casts.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Answer = { status: number; headers: Headers; body: any };

export type CallOptions = {
  /** The Bearer credential; omitted means no Authorization header. */
  key?: string;
  query?: Record<string, string | number | boolean | string[] | undefined>;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as is, for bodies that are not valid JSON. */
  rawBody?: string;
  headers?: Record<string, string>;
};

/** A user with an API key and a first-party app token. */
export type TestUser = { user: User; key: string; appToken: string };

/** A seeded subscription: its feed, the subscription and the ids of its items in the order given. */
export type SeededSubscription = { feedId: string; subscriptionId: string; itemIds: string[] };

let counter = 0;

/** An ISO timestamp `days` days before now (fractional days allowed), at whole seconds. */
export function isoDaysAgo(days: number): string {
  const ms = Date.now() - days * 86_400_000;
  return new Date(Math.floor(ms / 1000) * 1000).toISOString();
}

/** The UTC calendar date of an ISO timestamp. */
export function dateOf(iso: string): string {
  return iso.slice(0, 10);
}

/** An article as ingestion hands it over; every field can be overridden. */
export function article(overrides: Partial<NewItem> = {}): NewItem {
  counter += 1;
  return {
    guid: `guid-${counter}-${randomUUID()}`, url: `https://example.com/posts/${counter}`, title: `Article ${counter}`,
    published_at: isoDaysAgo(1), author: 'Ada Writer', summary: `Summary of article ${counter}.`,
    content: `<p>Body of article ${counter}.</p>`, item_type: 'article', media_url: null, audio_url: null,
    duration_seconds: null, episode_number: null, episode_type: null, explicit: null, artwork_url: null,
    description: null, platform_metadata: {}, ...overrides,
  };
}

/** A podcast episode; every field can be overridden. */
export function episode(overrides: Partial<NewItem> = {}): NewItem {
  counter += 1;
  return article({
    title: `Episode ${counter}`, item_type: 'episode', summary: `Show notes of episode ${counter}.`,
    content: `<p>Show notes of episode ${counter}.</p>`, audio_url: `https://cdn.example.com/ep${counter}.mp3`,
    media_url: `https://cdn.example.com/ep${counter}.mp3`, duration_seconds: 1000, episode_number: counter,
    episode_type: 'full', explicit: false, artwork_url: 'https://cdn.example.com/art.jpg',
    description: `Description of episode ${counter}.`, ...overrides,
  });
}

/** The running service, its HTTP address, and seeding helpers. */
export class Harness {
  constructor(
    readonly service: SqliteService,
    readonly baseUrl: string,
    private readonly server: ServerType,
    private readonly dir: string,
  ) {}

  /** Makes a user with a plan, an API key and an app token. */
  async createUser(options: { plan?: Plan; email?: string } = {}): Promise<TestUser> {
    const { store } = this.service;
    const user = await ensureUser(store, options.email ?? `user-${randomUUID()}@example.com`, { plan: options.plan ?? 'free' });
    const key = (await issueCredential(store, user.id, 'api_key', 'test key')).secret;
    const appToken = (await issueCredential(store, user.id, 'app_token', 'test app')).secret;
    return { user, key, appToken };
  }

  /** Issues one more API key for a user. */
  async issueKey(user: User): Promise<string> {
    return (await issueCredential(this.service.store, user.id, 'api_key', 'another key')).secret;
  }

  /** Stores a feed that nobody follows yet. */
  async createFeed(feed: Partial<NewFeed> = {}): Promise<string> {
    counter += 1;
    const { store } = this.service;
    // The store stores a feed only for a subscriber: a user of the harness's own follows it, then lets it go.
    const keeper = await this.feedKeeper();
    const subscribed = await store.subscriptions.subscribeToNewFeed(keeper.id, {
      url: `https://feeds.example.com/${counter}.xml`, source_type: 'feed', title: `Feed ${counter}`,
      website: `https://site${counter}.example.com`, ...feed,
    }, null, { folderId: null, feedLimit: null, historyCap: null, now: new Date() });
    if (subscribed === 'feed_limit') throw new Error('No plan limits the harness\'s subscriptions.');
    await store.subscriptions.remove(keeper.id, [subscribed.subscription_id], { dropItems: true });
    return subscribed.feed_id;
  }

  /** The user that stores the feeds nobody follows (see createFeed), made on first use. */
  private async feedKeeper(): Promise<User> {
    this.keeper ??= ensureUser(this.service.store, `feed-keeper-${randomUUID()}@example.com`, { plan: 'free' });
    return this.keeper;
  }

  private keeper: Promise<User> | undefined;

  /** Stores items of a feed; subscribers get unread entries. Returns the new item ids in order. */
  async storeItems(feedId: string, items: NewItem[]): Promise<string[]> {
    return (await this.service.store.feeds.storeItems(feedId, items, new Date(), newItemSteps)).added;
  }

  /** Subscribes a user to a stored feed. */
  async subscribe(user: User, feedId: string, folderId?: string): Promise<string> {
    const subscribed = await this.service.store.subscriptions.subscribe(user.id, feedId,
      { folderId: folderId ?? null, feedLimit: null, historyCap: historyCapOf(user.plan), now: new Date() });
    if (subscribed === 'feed_limit') throw new Error('No plan limits the harness\'s subscriptions.');
    return subscribed.subscription_id;
  }

  /**
   * A new feed the user follows, with these items stored after subscribing (so the free
   * plan's history cap does not hide any of them).
   */
  async seedSubscription(user: User, items: NewItem[], feed: Partial<NewFeed> & { folderId?: string } = {}): Promise<SeededSubscription> {
    const { folderId, ...feedFields } = feed;
    const feedId = await this.createFeed(feedFields);
    const subscriptionId = await this.subscribe(user, feedId, folderId);
    return { feedId, subscriptionId, itemIds: await this.storeItems(feedId, items) };
  }

  /** A folder of the user. */
  async createFolder(user: User, name = `Folder ${randomUUID()}`): Promise<string> {
    const folder = await this.service.store.folders.create(user.id, { name, is_pinned: false });
    if (folder === 'name_taken') throw new Error(`The user has a folder named ${name} already.`);
    return folder.id;
  }

  /** One HTTP request to the service; JSON in, JSON out. */
  async call(method: string, pathname: string, options: CallOptions = {}): Promise<Answer> {
    const url = new URL(pathname, this.baseUrl);
    for (const [name, value] of Object.entries(options.query ?? {})) {
      if (value === undefined) continue;
      for (const one of Array.isArray(value) ? value : [value]) url.searchParams.append(name, String(one));
    }
    const headers: Record<string, string> = { ...options.headers };
    if (options.key !== undefined) headers.authorization = `Bearer ${options.key}`;
    let payload: string | undefined = options.rawBody;
    if (options.body !== undefined) payload = JSON.stringify(options.body);
    if (payload !== undefined) headers['content-type'] ??= 'application/json';
    const response = await fetch(url, { method, headers, body: payload });
    const text = await response.text();
    let body: unknown = text;
    if ((response.headers.get('content-type') ?? '').includes('application/json')) body = JSON.parse(text);
    return { status: response.status, headers: response.headers, body };
  }

  /** Stops the HTTP server, closes the store and deletes the temporary directory. */
  async stop(): Promise<void> {
    const server = this.server as ServerType & { closeAllConnections?: () => void };
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections?.();
    });
    await this.service.close();
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** The engine the service runs on in the tests: TIDINGS_TEST_ENGINE (the unit config's postgres project sets it), SQLite by default. */
export type TestEngine = 'sqlite' | 'postgres';

export const testEngine: TestEngine = process.env.TIDINGS_TEST_ENGINE === 'postgres' ? 'postgres' : 'sqlite';

/**
 * The service on PostgreSQL as the tests hold it: reading `db`, SQLite's connection, throws,
 * naming the test as one that runs on SQLite only.
 */
function withoutSqlite(service: EmbeddedService): SqliteService {
  return Object.defineProperty(service, 'db', {
    get() {
      throw new Error('This test reads SQLite\'s service.db: it runs on SQLite only (leave it out of the postgres project, vitest.config.mts).');
    },
  }) as SqliteService;
}

/**
 * Starts the real service on a temporary database and serves it on 127.0.0.1 (a free port):
 * a SQLite file, or with `engine` postgres (default: testEngine) a new database of the run's
 * cluster (the test file gets it through withPostgres(), as the postgres project's setup does).
 * Every success body is checked against the contract (a mismatch answers 500).
 */
export async function startHarness(config: Partial<ServiceConfig> = {}, options: { engine?: TestEngine } = {}): Promise<Harness> {
  const dir = mkdtempSync(path.join(tmpdir(), 'tidings-service-'));
  const settings = { dataDir: dir, validateResponses: true, ...config };
  const service = (options.engine ?? testEngine) === 'postgres'
    ? withoutSqlite(await openService({ databaseUrl: await freshDatabase(await migratedTemplate()), config: settings }))
    : createService({ databaseFile: path.join(dir, 'service.db'), config: settings });
  const { server, port } = await new Promise<{ server: ServerType; port: number }>((resolve) => {
    const server = serve({ fetch: service.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => resolve({ server, port: info.port }));
  });
  return new Harness(service, `http://127.0.0.1:${port}`, server, dir);
}
