import { demoMediaResponse } from '@/lib/server/demo-media';
import { sessionOf } from '@/lib/server/session';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

type Context = { params: Promise<{ name: string }> };

/** The demo podcast's audio and artwork (lib/server/demo-media.ts), for signed-in sessions like every /api route. */
export async function GET(request: Request, context: Context): Promise<Response> {
  if (!(await sessionOf(request))) {
    return Response.json({ message: 'Sign in to continue.', error: 'unauthorized' }, { status: 401, headers: { 'cache-control': 'no-store' } });
  }
  return demoMediaResponse((await context.params).name, request.headers.get('range'));
}
