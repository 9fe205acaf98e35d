/** @type {import('next').NextConfig} */
const nextConfig = {
  // Native and Node-only packages stay outside the server bundle.
  serverExternalPackages: ['better-sqlite3', 'smtp-server', 'linkedom', 'sanitize-html'],
  poweredByHeader: false,
  reactStrictMode: true,
};

export default nextConfig;
