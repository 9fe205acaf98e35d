import 'server-only';
import { embeddedService } from '@/lib/service/embedded';
import { upstreamMode } from './upstream';

/**
 * Answers a request to one of the embedded service's mounts (/v1, /greader, /fever, /gpodder);
 * 404 when this server fronts a hosted service and so has no embedded one.
 */
export async function answerFromEmbeddedService(request: Request): Promise<Response> {
  if (upstreamMode() !== 'local') return Response.json({ message: 'This server has no embedded service; it fronts a hosted one.' }, { status: 404 });
  return (await embeddedService()).service.fetch(request);
}
