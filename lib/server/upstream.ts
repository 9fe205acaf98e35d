import 'server-only';
import { embeddedService } from '@/lib/service/embedded';

/** Which service the app talks to: the embedded one (local) or a hosted one (remote). */
export type UpstreamMode = 'local' | 'remote';

const timeoutMs = Number(process.env.FEED_API_TIMEOUT_MS) || 10_000;

/** Local unless FEED_API_BASE_URL names a hosted service. */
export function upstreamMode(): UpstreamMode {
  return process.env.FEED_API_BASE_URL ? 'remote' : 'local';
}

/**
 * The one place that adds the credential: sends a /v1 request to the service and
 * answers its response, or a 503 general error when it does not answer in time.
 */
export async function sendUpstream(method: string, pathAndQuery: string, body: string | null, contentType: string | null): Promise<Response> {
  const headers = new Headers({ accept: 'application/json' });
  if (contentType) headers.set('content-type', contentType);
  if (upstreamMode() === 'local') {
    const { service, ownerToken } = embeddedService();
    headers.set('authorization', `Bearer ${ownerToken}`);
    return service.fetch(new Request(`http://embedded${pathAndQuery}`, { method, headers, body }));
  }
  headers.set('authorization', `Bearer ${process.env.FEED_API_KEY ?? ''}`);
  const base = process.env.FEED_API_BASE_URL!.replace(/\/+$/, '');
  try {
    return await fetch(`${base}${pathAndQuery}`, { method, headers, body, signal: AbortSignal.timeout(timeoutMs), redirect: 'manual' });
  } catch {
    return Response.json({ message: 'The feed service did not answer in time; try again shortly.' }, { status: 503, headers: { 'Retry-After': '5' } });
  }
}
