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
import { openDatabase } from './store/database';
import { sqliteStore } from './store/sqlite/sqlite-store';
import { createIntelligence } from './intelligence';
import { resumeIndexing } from './intelligence/ingest-queue';

export type EmbeddedService = ServiceContext & {
  /** Answers one /v1 or sync-API (/fever, /greader, /gpodder) request: the whole service as a fetch handler. */
  fetch(request: Request): Promise<Response>;
  close(): void;
};

const handlers: Handlers = { ...itemHandlers, ...subscriptionHandlers, ...intelligenceHandlers, ...accountHandlers, ...searchHandlers, ...organizingHandlers,
  ...readLaterHandlers, ...feedHealthHandlers, ...ruleHandlers, ...contentRulesHandlers, ...upNextHandlers };

/**
 * Opens the store and builds the service; `databaseFile` defaults to service.db in the data directory,
 * `limiter` (what counts each key's requests) to one in this process's memory.
 */
export function createService(options: { databaseFile?: string; config?: Partial<ServiceConfig>; limiter?: KeyLimiter } = {}): EmbeddedService {
  const config: ServiceConfig = { ...serviceConfig(), validateResponses: process.env.TIDINGS_VALIDATE_RESPONSES === '1', ...options.config };
  const db = openDatabase(options.databaseFile ?? path.join(config.dataDir, 'service.db'));
  const context: ServiceContext = { db, store: sqliteStore(db), config, intelligence: createIntelligence(db) };
  // A run that stopped with indexing left for later left items without stories or similar items.
  resumeIndexing(context);
  const limiter = options.limiter ?? new RateLimiter(config.rateLimitWindowSeconds * 1000);
  const router = createRouter(context, handlers, limiter);
  mountFever(router, context, limiter);
  mountGreader(router, context, limiter);
  mountGpodder(router, context, limiter);
  return {
    ...context,
    fetch: async (request) => {
      try {
        return await router.fetch(request);
      } catch (error) {
        return errorResponse(error);
      }
    },
    close: () => {
      context.intelligence.close();
      db.close();
    },
  };
}
