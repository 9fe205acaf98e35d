/** @type {import('next').NextConfig} */
const nextConfig = {
  // Native and Node-only packages stay outside the server bundle.
  serverExternalPackages: ['better-sqlite3', 'smtp-server', 'linkedom', 'sanitize-html'],
  poweredByHeader: false,
  reactStrictMode: true,
  experimental: {
    // The stylesheet (Tailwind, ~7 KB compressed) goes into the page's <head> instead of a
    // render-blocking request, so the first paint needs only the HTML.
    inlineCss: true,
  },
};

export default nextConfig;
