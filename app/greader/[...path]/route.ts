import { upstreamMode } from '@/lib/server/upstream';
import { embeddedService } from '@/lib/service/embedded';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/** The embedded service's Google Reader API under /greader (local mode only), for Reeder, NetNewsWire, newsboat and others. */
async function handle(request: Request): Promise<Response> {
  if (upstreamMode() !== 'local') return Response.json({ message: 'This server has no embedded service; it fronts a hosted one.' }, { status: 404 });
  return embeddedService().service.fetch(request);
}

export { handle as GET, handle as POST };
