import { handleSignOut } from '@/lib/server/session-routes';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/** Sign out from a plain form (a form cannot send DELETE). */
export function POST(request: Request): Promise<Response> {
  return handleSignOut(request);
}
