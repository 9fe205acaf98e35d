/** @type {import('next').NextConfig} */
const nextConfig = {
  // `npm run build` builds into a directory of its own and lib/server/serve.ts serves the one it
  // found at start (lib/server/build-dirs.ts); otherwise the `.next` link to the current build.
  distDir: process.env.TIDINGS_DIST_DIR || '.next',
  // Native and Node-only packages stay outside the server bundle.
  serverExternalPackages: ['better-sqlite3', 'smtp-server', 'linkedom', 'sanitize-html'],
  poweredByHeader: false,
  // Fever clients call /fever/ and must be answered there; proxy.ts redirects pages' trailing slashes instead.
  skipTrailingSlashRedirect: true,
  reactStrictMode: true,
  // Fewer, larger first-load files: with the default (50 KB) the inbox loaded 12 scripts, each a
  // round trip on a phone's link; at 120 KB it loads 8, with 2.8 KB less code (bench: bundle-size, lighthouse).
  experimental: { turbopackChunking: { minChunkSize: 120_000 } },
  // SWR's React 17 shim, replaced by React's own hook (bench: bundle-size).
  turbopack: { resolveAlias: { 'use-sync-external-store/shim': './lib/client/external-store.ts' } },
};

export default nextConfig;
