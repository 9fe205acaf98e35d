import { defineConfig, globalIgnores } from 'eslint/config';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  // Build output, generated files and runtime data are not our source.
  globalIgnores([
    '.next/**',
    '.next-*/**',
    'node_modules/**',
    'out/**',
    'data/**',
    'public/sw.js',
    'public/sw.js.map',
    'next-env.d.ts',
    'test-results/**',
    'bench/results/**',
  ]),
]);
