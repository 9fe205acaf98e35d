/*
 * Next's request proxy (formerly middleware): every page needs a signed-in session;
 * a visit without one goes to /sign-in?next=<where it was going>. API routes check
 * sessions themselves (401, never a redirect); the service's own /v1 mount and the sync
 * APIs (/fever, /greader, /gpodder) take API keys; sign-in, the offline page, share links
 * and static files stay public. Visits of share links spend their address's own budget
 * (lib/server/share-visit-limit.ts) here, since only here can a page be answered with 429.
 */
import { NextResponse, type NextRequest } from 'next/server';
import { safeNext } from '@/lib/server/safe-next';
import { findSession, isSecureRequest } from '@/lib/server/session';
import { refuseShareVisit } from '@/lib/server/share-visit-limit';

/** Lets signed-in visits through (renewing the cookie when the session slid) and sends the rest to sign-in. */
export function proxy(request: NextRequest): Response {
  // next.config skips Next's own trailing-slash redirect so that /fever/ is answered where Fever
  // clients call it; pages keep it here.
  const { pathname } = request.nextUrl;
  if (pathname.length > 1 && pathname.endsWith('/')) {
    const bare = new URL(request.nextUrl);
    bare.pathname = pathname.replace(/\/+$/, '') || '/';
    return NextResponse.redirect(bare, 308);
  }
  if (pathname.startsWith('/share/')) return refuseShareVisit(request) ?? NextResponse.next();
  const found = findSession(request.headers.get('cookie'), isSecureRequest(request));
  if (found) {
    const response = NextResponse.next();
    if (found.setCookie) response.headers.append('set-cookie', found.setCookie);
    return response;
  }
  const wanted = new URL(request.nextUrl);
  wanted.searchParams.delete('_rsc');
  const target = new URL('/sign-in', request.nextUrl);
  if (wanted.pathname !== '/') target.searchParams.set('next', safeNext(wanted.pathname + wanted.search));
  return NextResponse.redirect(target);
}

export const config = {
  // Everything except API routes, the service's mounts (/v1 and the sync APIs, which take keys), Next's files,
  // public pages and any path with a file extension; and share pages, for their visit budget only.
  matcher: ['/((?!api/|v1/|fever/|fever$|greader/|greader$|gpodder/|gpodder$|_next/|sign-in|offline|share/|.*\\.[A-Za-z0-9]+$).*)', '/share/:token*'],
};
