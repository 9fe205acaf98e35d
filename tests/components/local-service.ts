/*
 * The real embedded service on a temporary database behind a real HTTP server on
 * 127.0.0.1, with the app's client pointed at it (as the proxy would, with an app token).
 * Component tests render against it: no part of ours is replaced.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import type { Plan } from '@/lib/contract/common';
import { configureApi } from '@/lib/client/api-client';
import { ensureUser, issueCredential, type User } from '@/lib/service/domain/accounts';
import { createFeed, subscribeUserToFeed } from '@/lib/service/store/sqlite/subscribing';
import { storeItems, type NewItem } from '@/lib/service/store/sqlite/store-items';
import { historyCapOf } from '@/lib/service/domain/feeds/subscribe-user';
import { createService, type SqliteService } from '@/lib/service/service';
import type { ServiceConfig } from '@/lib/service/context';

export type LocalService = {
  service: SqliteService;
  user: User;
  token: string;
  base: string;
  /** Subscribes the user to a new feed holding these items (newest first as given, one hour apart). */
  addFeed: (title: string, items: Partial<NewItem>[], options?: { sourceType?: 'feed' | 'newsletter' | 'podcast' }) => string[];
  /** Marks items read or saved directly in the store, as another device would have. */
  setState: (ids: string[], state: { is_read?: boolean; is_saved?: boolean }) => void;
  /** An item's read and saved state as the store holds it (1 or 0). */
  stateOf: (id: string) => { is_read: number; is_saved: number };
  /**
   * Holds the requests `matches` picks, as a slow connection would, until `release` lets them
   * reach the service; `release` resolves once their answers have left.
   */
  hold: (matches: (request: Request) => boolean | Promise<boolean>) => { release: () => Promise<void> };
  close: () => Promise<void>;
};

function listen(fetch: (request: Request) => Promise<Response>): Promise<Server> {
  return new Promise((resolve) => {
    const server = serve({ fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(server as Server)) as Server;
  });
}

/**
 * Starts the service for one test file; the client's calls go to it with an app token.
 * `config` overrides service settings (say, private URLs allowed, read-later APIs on local servers).
 */
export async function startLocalService(options: { plan?: Plan; appRateLimit?: number; config?: Partial<ServiceConfig> } = {}): Promise<LocalService> {
  const dir = mkdtempSync(path.join(tmpdir(), 'tidings-components-'));
  const service = createService({
    databaseFile: path.join(dir, 'service.db'),
    config: { dataDir: dir, ...(options.appRateLimit ? { appTokenRateLimit: options.appRateLimit } : {}), ...options.config },
  });
  const user = await ensureUser(service.store, 'reader@example.com', { plan: options.plan ?? 'pro' });
  const { secret } = await issueCredential(service.store, user.id, 'app_token', 'Component tests');
  const holds: { matches: (request: Request) => boolean | Promise<boolean>; held: Promise<void>; answered: Promise<Response>[]; release: () => Promise<void> }[] = [];
  const server = await listen(async (request) => {
    let hold: (typeof holds)[number] | undefined;
    for (const candidate of holds) if (!hold && await candidate.matches(request.clone())) hold = candidate;
    if (!hold) return service.fetch(request);
    const answer = hold.held.then(() => service.fetch(request));
    hold.answered.push(answer);
    return answer;
  });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  configureApi({ base, headers: { authorization: `Bearer ${secret}` } });

  let clock = Date.parse('2025-06-01T12:00:00Z');
  return {
    service, user, token: secret, base,
    addFeed(title, items, feedOptions = {}) {
      const feedId = createFeed(service.db, { url: `https://example.com/${encodeURIComponent(title)}.xml`, source_type: feedOptions.sourceType ?? 'feed', title });
      subscribeUserToFeed(service.db, user.id, feedId, { historyCap: historyCapOf(user.plan) });
      const full: NewItem[] = items.map((item, index) => {
        clock -= 3_600_000;
        return {
          guid: `${title}-${index}`, url: `https://example.com/${encodeURIComponent(title)}/${index}`, title: `${title} item ${index}`,
          published_at: new Date(clock).toISOString(), author: null, summary: `Summary of ${title} item ${index}.`,
          content: `<p>Body of ${title} item ${index}.</p>`, item_type: 'article', media_url: null, audio_url: null,
          duration_seconds: null, episode_number: null, episode_type: null, explicit: null, artwork_url: null,
          description: null, platform_metadata: {}, ...item,
        };
      });
      return storeItems(service.db, feedId, full).added;
    },
    stateOf(id) {
      return service.db.prepare('SELECT is_read, is_saved FROM entries WHERE user_id = ? AND item_id = ?').get(user.id, id) as
        { is_read: number; is_saved: number };
    },
    setState(ids, state) {
      const update = service.db.prepare(`UPDATE entries SET is_read = COALESCE(@is_read, is_read), is_saved = COALESCE(@is_saved, is_saved)
        WHERE user_id = @user AND item_id = @id`);
      for (const id of ids) {
        update.run({
          user: user.id, id,
          is_read: state.is_read === undefined ? null : Number(state.is_read),
          is_saved: state.is_saved === undefined ? null : Number(state.is_saved),
        });
      }
    },
    hold(matches) {
      let open = () => undefined as void;
      const held = new Promise<void>((resolve) => { open = resolve; });
      const hold = {
        matches, held, answered: [] as Promise<Response>[],
        async release() {
          if (holds.includes(hold)) holds.splice(holds.indexOf(hold), 1);
          open();
          await Promise.all(hold.answered);
        },
      };
      holds.push(hold);
      return { release: hold.release };
    },
    async close() {
      for (const hold of [...holds]) void hold.release();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      service.close();
      configureApi({ base: '/api', headers: {} });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A port on 127.0.0.1 nothing listens on: calls to it fail as a dropped connection does. */
export async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * Runs `test` with the API client pointed at a service that answers every call 503 with this
 * message (Retry-After: 5), as a busy or unavailable service does; stops it afterwards.
 */
export async function withUnavailableService(message: string, test: () => Promise<void>): Promise<void> {
  const unavailable: Server = createServer((_request, response) => {
    response.writeHead(503, { 'content-type': 'application/json', 'retry-after': '5' });
    response.end(JSON.stringify({ message }));
  });
  await new Promise<void>((resolve) => unavailable.listen(0, '127.0.0.1', resolve));
  try {
    configureApi({ base: `http://127.0.0.1:${(unavailable.address() as AddressInfo).port}` });
    await test();
  } finally {
    await new Promise((resolve) => unavailable.close(resolve));
  }
}
