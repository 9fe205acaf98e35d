import { handleSignIn, handleSignOut } from '@/lib/server/session-routes';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/** Sign in: a form post (password, first password or API key) or the same fields as JSON. */
export function POST(request: Request): Promise<Response> {
  return handleSignIn(request);
}

/** Sign out. */
export function DELETE(request: Request): Promise<Response> {
  return handleSignOut(request);
}
