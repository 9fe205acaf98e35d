// Headers every response carries; pages get their Content-Security-Policy (with a nonce) from proxy.ts.
const everywhere = [
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'X-Frame-Options', value: 'DENY' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
];

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
  async headers() {
    return [
      { source: '/:path*', headers: everywhere },
      // A share link's token is its only key: no link followed from the page may carry it away.
      { source: '/share/:path*', headers: [{ key: 'Referrer-Policy', value: 'no-referrer' }] },
      // Answers that are data, never documents: nothing in them may load or run, nor be framed.
      {
        source: '/:prefix(api|v1)/:path*',
        headers: [{ key: 'Content-Security-Policy', value: "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'" }],
      },
    ];
  },
  reactStrictMode: true,
  // Fewer, larger first-load files: with the default (50 KB) the inbox loaded 12 scripts, each a
  // round trip on a phone's link; at 120 KB it loads 8, with 2.8 KB less code (bench: bundle-size, lighthouse).
  experimental: { turbopackChunking: { minChunkSize: 120_000 } },
  // SWR's React 17 shim, replaced by React's own hook (bench: bundle-size).
  turbopack: { resolveAlias: { 'use-sync-external-store/shim': './lib/client/external-store.ts' } },
};

export default nextConfig;
