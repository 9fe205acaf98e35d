/*
 * Next's request proxy (formerly middleware): every page needs a signed-in session;
 * a visit without one goes to /sign-in?next=<where it was going>. API routes check
 * sessions themselves (401, never a redirect); the service's own /v1 mount and the sync
 * APIs (/fever, /greader, /gpodder) take API keys; sign-in, the offline page and share
 * links are public pages. Every page, public or not, gets its Content-Security-Policy
 * here, with a nonce of its own (lib/server/security-headers.ts). Visits of share links
 * spend their address's own budget (lib/server/share-visit-limit.ts) here, since only
 * here can a page be answered with 429.
 */
import { NextResponse, type NextRequest } from 'next/server';
import { safeNext } from '@/lib/server/safe-next';
import { newNonce, nonceHeader, pageContentSecurityPolicy, strictTransportSecurity } from '@/lib/server/security-headers';
import { findSession, isSecureRequest } from '@/lib/server/session';
import { refuseShareVisit } from '@/lib/server/share-visit-limit';

/** Pages anyone may open: the same prefixes the proxy once left out altogether. */
const publicPage = /^\/(?:sign-in|offline|share\/)/;

/** Lets signed-in visits through (renewing the cookie when the session slid) and sends the rest to sign-in. */
export async function proxy(request: NextRequest): Promise<Response> {
  // next.config skips Next's own trailing-slash redirect so that /fever/ is answered where Fever
  // clients call it; pages keep it here.
  const { pathname } = request.nextUrl;
  if (pathname.length > 1 && pathname.endsWith('/')) {
    const bare = new URL(request.nextUrl);
    bare.pathname = pathname.replace(/\/+$/, '') || '/';
    return NextResponse.redirect(bare, 308);
  }
  const nonce = newNonce();
  const policy = pageContentSecurityPolicy(nonce);
  const secure = isSecureRequest(request);
  const refused = pathname.startsWith('/share/') ? await refuseShareVisit(request) : null;
  if (refused) {
    refused.headers.set('content-security-policy', policy);
    return refused;
  }
  const isPublic = publicPage.test(pathname);
  const found = isPublic ? null : await findSession(request.headers.get('cookie'), secure);
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
    if (wanted.pathname !== '/') target.searchParams.set('next', safeNext(wanted.pathname + wanted.search));
    response = NextResponse.redirect(target);
  }
  response.headers.set('content-security-policy', policy);
  if (secure) response.headers.set('strict-transport-security', strictTransportSecurity);
  return response;
}

export const config = {
  // Everything except API routes, the service's mounts (/v1 and the sync APIs, which take keys), Next's files
  // and any path with a file extension.
  matcher: ['/((?!api/|v1/|fever/|fever$|greader/|greader$|gpodder/|gpodder$|_next/|.*\\.[A-Za-z0-9]+$).*)'],
};
