import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';
import { postgresMissing, skipPostgres } from './tests/postgres-cluster';

const resolve = { alias: { '@': fileURLToPath(new URL('./', import.meta.url)) } };

/** What both projects run with. */
const common = {
  environment: 'node',
  pool: 'forks',
  setupFiles: ['tests/testing-library-setup.ts'],
  // One PostgreSQL cluster per project and run, started by the first file that needs it.
  globalSetup: ['tests/postgres-global-setup.ts'],
  testTimeout: 20000,
  hookTimeout: 30000,
} as const;

/**
 * The service's tests that run again on PostgreSQL (TIDINGS_TEST_ENGINE=postgres makes startHarness
 * open the service on a fresh database): those that speak to the service only through HTTP and the store.
 * Those that read or write SQLite's service.db themselves stay on SQLite.
 */
const onBothEngines = [
  'tests/lib/service/harness-engine.test.ts',
  'tests/lib/service/http/*.test.ts',
  'tests/lib/service/sync/*.test.ts',
  'tests/lib/service/handlers/organizing.test.ts',
  'tests/lib/service/mail/newsletter-mail.test.ts',
  'tests/lib/service/domain/shared-app-token.test.ts',
  'tests/lib/service/domain/folders/folders.test.ts',
  'tests/lib/service/domain/items/{chapters,full-content,playback}.test.ts',
  'tests/lib/service/domain/opml/import-export.test.ts',
  'tests/lib/service/domain/rules/rules.test.ts',
  'tests/lib/service/domain/saved-searches/saved-searches.test.ts',
  'tests/lib/service/domain/search/{search-items,search-records}.test.ts',
  'tests/lib/service/domain/subscriptions/{manage-subscriptions,real-world-ingest}.test.ts',
  'tests/lib/service/domain/tags/manage-tags.test.ts',
];
const notOnPostgres = [
  'tests/lib/service/http/unavailable.test.ts',
  'tests/lib/service/sync/{greader-resubscribe,greader-unsubscribe-up-next}.test.ts',
  // No service: nothing to run twice.
  'tests/lib/service/http/{bounded-body,domain-errors,rate-limiter}.test.ts',
  'tests/lib/service/sync/greader-ids.test.ts',
  // The held calls' timing is the in-memory limiter's, whatever the engine; 30 s of waiting, and on a loaded machine
  // PostgreSQL's slower answers bunched into one window (6 of 5) once.
  'tests/lib/service/sync/held-over-limit.test.ts',
];

if (skipPostgres) console.warn(`[tests] Leaving out the postgres project: ${postgresMissing}.`);

export default defineConfig({
  resolve,
  test: {
    // One fork per core. Vitest's default leaves one core for itself, which on a 2-core
    // machine runs the files one at a time while the main process mostly waits.
    maxWorkers: '100%',
    projects: [
      {
        resolve,
        test: { ...common, name: 'sqlite', include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'], exclude: ['tests/e2e/**', 'node_modules/**'] },
      },
      // Where PostgreSQL is missing (and this is not CI) the project is left out, as tests/postgres.ts skips.
      ...(skipPostgres ? [] : [{
        resolve,
        test: {
          ...common, name: 'postgres', include: onBothEngines, exclude: notOnPostgres,
          env: { TIDINGS_TEST_ENGINE: 'postgres' },
          setupFiles: [...common.setupFiles, 'tests/postgres-engine-setup.ts'],
        },
      }]),
    ],
  },
});
