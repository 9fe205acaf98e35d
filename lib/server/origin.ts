import 'server-only';

/**
 * Whether a write comes from the app's own pages. Browsers send Origin (and Fetch
 * Metadata) on every cross-site write, so a request that names another site is
 * refused; one with neither header is not a browser's and carries no ambient cookie risk.
 */
export function isSameOrigin(request: Request): boolean {
  const site = request.headers.get('sec-fetch-site');
  if (site && site !== 'same-origin' && site !== 'none') return false;
  const origin = request.headers.get('origin');
  if (origin === null) return true;
  const host = request.headers.get('x-forwarded-host')?.split(',')[0]?.trim() || request.headers.get('host') || new URL(request.url).host;
  try {
    return new URL(origin).host === host;
  } catch {
    // "null" (a sandboxed frame, a privacy-sensitive redirect) or garbage: not ours.
    return false;
  }
}
