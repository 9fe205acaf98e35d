import path from 'node:path';
import { serviceConfig } from './config';
import type { ServiceConfig, ServiceContext } from './context';
import { accountHandlers } from './handlers/account';
import { intelligenceHandlers } from './handlers/intelligence';
import { itemHandlers } from './handlers/items';
import { organizingHandlers } from './handlers/organizing';
import { readLaterHandlers } from './handlers/read-later';
import { searchHandlers } from './handlers/search';
import { subscriptionHandlers } from './handlers/subscriptions';
import { feedHealthHandlers } from './handlers/feed-health';
import { ruleHandlers } from './handlers/rules';
import { contentRulesHandlers } from './handlers/content-rules';
import { upNextHandlers } from './handlers/up-next';
import type { Handlers } from './handlers/handler';
import { createRouter, errorResponse } from './http/router';
import { RateLimiter, type KeyLimiter } from './http/rate-limit';
import { mountFever } from './sync/fever/fever-api';
import { mountGreader } from './sync/greader/greader-api';
import { mountGpodder } from './sync/gpodder/gpodder-api';
import { openDatabase, type Db } from './store/database';
import { postgresDatabaseUrl } from './store/database-url';
import { sqliteStore } from './store/sqlite/sqlite-store';
import { createIntelligence, type SqliteIntelligence } from './intelligence';
import { resumeIndexing } from './intelligence/ingest-queue';

export type EmbeddedService = ServiceContext & {
  /** Answers one /v1 or sync-API (/fever, /greader, /gpodder) request: the whole service as a fetch handler. */
  fetch(request: Request): Promise<Response>;
  /** Stops the indexing left for later and closes the database; on PostgreSQL it ends the pool (await it). */
  close(): void | Promise<void>;
};

/** The service on SQLite, as createService opens it: its connection and intelligence at hand (tests, benches, the demo seed). */
export type SqliteService = EmbeddedService & { db: Db; intelligence: SqliteIntelligence };

const handlers: Handlers = { ...itemHandlers, ...subscriptionHandlers, ...intelligenceHandlers, ...accountHandlers, ...searchHandlers, ...organizingHandlers,
  ...readLaterHandlers, ...feedHealthHandlers, ...ruleHandlers, ...contentRulesHandlers, ...upNextHandlers };

type ServiceOptions = { databaseFile?: string; config?: Partial<ServiceConfig>; limiter?: KeyLimiter };

function configOf(options: ServiceOptions): ServiceConfig {
  return { ...serviceConfig(), validateResponses: process.env.TIDINGS_VALIDATE_RESPONSES === '1', ...options.config };
}

/** The service over a context: indexing resumed, the router and the sync APIs mounted. */
function serve(context: ServiceContext, limiter: KeyLimiter | undefined, close: () => void | Promise<void>): EmbeddedService {
  // A run that stopped with indexing left for later left items without stories or similar items.
  resumeIndexing(context);
  const keyLimiter = limiter ?? new RateLimiter(context.config.rateLimitWindowSeconds * 1000);
  const router = createRouter(context, handlers, keyLimiter);
  mountFever(router, context, keyLimiter);
  mountGreader(router, context, keyLimiter);
  mountGpodder(router, context, keyLimiter);
  return {
    ...context,
    fetch: async (request) => {
      try {
        return await router.fetch(request);
      } catch (error) {
        return errorResponse(error);
      }
    },
    close,
  };
}

/**
 * Opens the SQLite store and builds the service; `databaseFile` defaults to service.db in the data directory,
 * `limiter` (what counts each key's requests) to one in this process's memory.
 */
export function createService(options: ServiceOptions = {}): SqliteService {
  const config = configOf(options);
  const db = openDatabase(options.databaseFile ?? path.join(config.dataDir, 'service.db'));
  const intelligence = createIntelligence(db);
  const service = serve({ store: sqliteStore(db), config, intelligence }, options.limiter, () => {
    void intelligence.close();
    db.close();
  });
  return { ...service, db, intelligence };
}

/**
 * Opens the service on PostgreSQL when `databaseUrl` names a database (or, with neither it nor
 * `databaseFile`, DATABASE_URL does): the schema brought up to date, the store and the
 * intelligence on one pool, which `close` ends. Otherwise it is createService's, on SQLite.
 */
export async function openService(options: ServiceOptions & { databaseUrl?: string } = {}): Promise<EmbeddedService> {
  const url = options.databaseUrl ?? (options.databaseFile ? null : postgresDatabaseUrl());
  if (!url) return createService(options);
  // Loaded only here, so an install on SQLite never loads the PostgreSQL client.
  const { openServiceDatabase } = await import('./store/postgres/open-service-database');
  const database = await openServiceDatabase(url);
  const { store, intelligence } = database;
  return serve({ store, config: configOf(options), intelligence }, options.limiter, async () => {
    await intelligence.close();
    await database.close();
  });
}
