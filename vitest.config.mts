import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('./', import.meta.url)) } },
  test: {
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    environment: 'node',
    pool: 'forks',
    // One fork per core. Vitest's default leaves one core for itself, which on a 2-core
    // machine runs the files one at a time while the main process mostly waits.
    maxWorkers: '100%',
    setupFiles: ['tests/testing-library-setup.ts'],
    // One PostgreSQL cluster for the whole run, started by the first file that needs it.
    globalSetup: ['tests/postgres-global-setup.ts'],
    testTimeout: 20000,
    hookTimeout: 30000,
  },
});
