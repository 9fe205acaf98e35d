import type { Capabilities } from '@/lib/client/capabilities';
import { sessionOf } from '@/lib/server/session';
import { upstreamMode } from '@/lib/server/upstream';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/** What the app can do in this mode; for signed-in sessions only, like everything it knows. */
export function GET(request: Request): Response {
  if (!sessionOf(request)) {
    return Response.json({ message: 'Sign in to continue.', error: 'unauthorized' }, { status: 401, headers: { 'cache-control': 'no-store' } });
  }
  const mode = upstreamMode();
  const capabilities: Capabilities = { mode, first_party: mode === 'local' };
  return Response.json(capabilities, { headers: { 'cache-control': 'no-store' } });
}
