/*
 * The security headers of the app's pages. Each page gets a Content-Security-Policy with a fresh
 * nonce: Next reads it from the request's own Content-Security-Policy header and puts it on the
 * scripts it writes, and the root layout puts it on the theme script and the inlined stylesheet.
 * Markup injected into item HTML carries no nonce, so no script of it runs. The headers that
 * never change (nosniff, frame denial, referrer policy) are next.config.mjs's, for every response.
 */
import { VIDEO_EMBED_HOSTS } from '@/lib/service/ingest/sanitize';

/** The request header through which the proxy hands the page's nonce to the root layout. */
export const nonceHeader = 'x-tidings-nonce';

/** HSTS for a year, sent only on answers to HTTPS requests (browsers ignore it over HTTP anyway). */
export const strictTransportSecurity = 'max-age=31536000';

/** A fresh, unguessable nonce for one page render (128 random bits, base64). */
export function newNonce(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('base64');
}

/** The Content-Security-Policy of a page rendered with `nonce`. */
export function pageContentSecurityPolicy(nonce: string, development = process.env.NODE_ENV === 'development'): string {
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    // 'strict-dynamic': scripts Next's nonced scripts load are trusted; markup-injected ones never are.
    ['script-src', "'self'", `'nonce-${nonce}'`, "'strict-dynamic'", ...(development ? ["'unsafe-eval'"] : [])],
    ['style-src', "'self'", `'nonce-${nonce}'`],
    // Components set a few style attributes (widths, progress); they cannot run script.
    ['style-src-attr', "'unsafe-inline'"],
    // Feeds' images and podcasts' audio come from anywhere; downloaded episodes play from blobs or the worker.
    ['img-src', "'self'", 'https:', 'http:', 'data:', 'blob:'],
    ['media-src', "'self'", 'https:', 'http:', 'data:', 'blob:'],
    ['font-src', "'self'", 'data:'],
    ['connect-src', "'self'"],
    // Only the video players the sanitizer keeps (a host without a scheme also allows https).
    ['frame-src', ...VIDEO_EMBED_HOSTS],
    ['worker-src', "'self'"],
    ['manifest-src', "'self'"],
    ['object-src', "'none'"],
    ['base-uri', "'none'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'none'"],
  ];
  return directives.map((directive) => directive.join(' ')).join('; ');
}

/** The nonce of a page's policy, as the proxy handed it to the render (undefined outside a page render). */
export function pageNonce(requestHeaders: Headers): string | undefined {
  return requestHeaders.get(nonceHeader) ?? undefined;
}
