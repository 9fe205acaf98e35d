import { sessionOf } from '@/lib/server/session';
import { appCapabilities } from '@/lib/server/upstream';
import { formBodyLimit, refuseBodyOver } from '@/lib/service/http/bounded-body';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/** What the app can do in this mode; for signed-in sessions only, like everything it knows. */
export async function GET(request: Request): Promise<Response> {
  if (!(await sessionOf(request))) {
    return Response.json({ message: 'Sign in to continue.', error: 'unauthorized' }, { status: 401, headers: { 'cache-control': 'no-store' } });
  }
  const tooLarge = await refuseBodyOver(request, formBodyLimit);
  if (tooLarge) return tooLarge;
  return Response.json(appCapabilities(), { headers: { 'cache-control': 'no-store' } });
}
