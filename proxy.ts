/*
 * Next's request proxy (formerly middleware): every page needs a signed-in session;
 * a visit without one goes to /sign-in?next=<where it was going>. API routes check
 * sessions themselves (401, never a redirect); the service's own /v1 mount takes API
 * keys; sign-in, the offline page and share links are public pages. Every page, public
 * or not, gets its Content-Security-Policy here, with a nonce of its own
 * (lib/server/security-headers.ts).
 */
import { NextResponse, type NextRequest } from 'next/server';
import { newNonce, nonceHeader, pageContentSecurityPolicy, strictTransportSecurity } from '@/lib/server/security-headers';
import { findSession, isSecureRequest } from '@/lib/server/session';

/** Pages anyone may open: the same prefixes the proxy once left out altogether. */
const publicPage = /^\/(?:sign-in|offline|share\/)/;

/** Lets signed-in visits through (renewing the cookie when the session slid) and sends the rest to sign-in. */
export function proxy(request: NextRequest): NextResponse {
  const nonce = newNonce();
  const policy = pageContentSecurityPolicy(nonce);
  const secure = isSecureRequest(request);
  const isPublic = publicPage.test(request.nextUrl.pathname);
  const found = isPublic ? null : findSession(request.headers.get('cookie'), secure);
  let response: NextResponse;
  if (isPublic || found) {
    // Next takes the nonce for its own scripts from the request's policy header.
    const headers = new Headers(request.headers);
    headers.set('content-security-policy', policy);
    headers.set(nonceHeader, nonce);
    response = NextResponse.next({ request: { headers } });
    if (found?.setCookie) response.headers.append('set-cookie', found.setCookie);
  } else {
    const wanted = new URL(request.nextUrl);
    wanted.searchParams.delete('_rsc');
    const target = new URL('/sign-in', request.nextUrl);
    if (wanted.pathname !== '/') target.searchParams.set('next', wanted.pathname + wanted.search);
    response = NextResponse.redirect(target);
  }
  response.headers.set('content-security-policy', policy);
  if (secure) response.headers.set('strict-transport-security', strictTransportSecurity);
  return response;
}

export const config = {
  // Everything except API routes, the service's mount, Next's files and any path with a file extension.
  matcher: ['/((?!api/|v1/|_next/|.*\\.[A-Za-z0-9]+$).*)'],
};
