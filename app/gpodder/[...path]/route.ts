import { upstreamMode } from '@/lib/server/upstream';
import { embeddedService } from '@/lib/service/embedded';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/** The embedded service's gpodder API under /gpodder (local mode only), for AntennaPod, Kasts and other podcast apps. */
async function handle(request: Request): Promise<Response> {
  if (upstreamMode() !== 'local') return Response.json({ message: 'This server has no embedded service; it fronts a hosted one.' }, { status: 404 });
  return embeddedService().service.fetch(request);
}

// PUT: the Simple API uploads a subscription list with it.
export { handle as GET, handle as POST, handle as PUT };
