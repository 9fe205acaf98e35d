/*
 * The policy of the app's pages: what it allows (the app's own nonced scripts and styles, feed
 * images and audio, the embeds the sanitizer keeps) and what it never does (inline script).
 */
import { describe, expect, it } from 'vitest';
import { newNonce, pageContentSecurityPolicy } from '@/lib/server/security-headers';

/** The policy as a map from directive to its sources. */
function directives(policy: string): Map<string, string[]> {
  return new Map(policy.split(';').map((part) => {
    const [name, ...sources] = part.trim().split(/\s+/);
    return [name!, sources];
  }));
}

describe('the page policy', () => {
  const policy = directives(pageContentSecurityPolicy('bm9uY2U=', false));

  it('runs only scripts with the page nonce: never inline script or eval', () => {
    expect(policy.get('script-src')).toEqual(["'self'", "'nonce-bm9uY2U='", "'strict-dynamic'"]);
    expect(policy.get('default-src')).toEqual(["'self'"]);
  });

  it('closes plugins, base-URL changes and framing by other sites', () => {
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'none'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
  });

  it('lets the inlined stylesheet in by the nonce, and feed images, audio and video embeds from elsewhere', () => {
    expect(policy.get('style-src')).toEqual(["'self'", "'nonce-bm9uY2U='"]);
    expect(policy.get('img-src')).toEqual(expect.arrayContaining(['https:', 'http:', 'data:', 'blob:']));
    expect(policy.get('media-src')).toEqual(expect.arrayContaining(['https:', 'http:', 'blob:']));
    expect(policy.get('frame-src')).toEqual(expect.arrayContaining(['www.youtube.com', 'www.youtube-nocookie.com', 'player.vimeo.com']));
    expect(policy.get('worker-src')).toEqual(["'self'"]);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
  });

  it('allows eval only to the development server, for React\'s debugging', () => {
    expect(directives(pageContentSecurityPolicy('bm9uY2U=', true)).get('script-src')).toContain("'unsafe-eval'");
  });

  it('makes nonces of 128 random bits in base64', () => {
    const nonce = newNonce();
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(newNonce()).not.toBe(nonce);
  });
});
