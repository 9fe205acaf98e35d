import 'server-only';
import { embeddedService } from '@/lib/service/embedded';
import { feedIconOf } from '@/lib/service/domain/feeds/feed-icons';
import { sessionOf } from './session';
import { upstreamMode } from './upstream';

/*
 * GET /api/feed-icons/<id>: the icon of a feed, named by a subscription's id (what items' feed
 * references carry) or its own, as the embedded service stored it at ingest, from
 * this app's own origin (the service worker keeps it with the other images). A feed without one,
 * and every feed against a hosted service (whose interface carries no icons), gets an empty 1×1
 * image: the page shows its lettered tile, and no request fails in the console.
 */

/** A transparent 1×1 GIF: "no icon" without an error. */
const noIcon = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const day = 86_400;

/** Marks the empty image, which the service worker does not keep (lib/sw/image-caching.ts): an icon may come soon. */
export const noIconHeader = 'x-tidings-no-icon';

function image(data: Buffer, contentType: string, maxAge: number, extra: Record<string, string> = {}): Response {
  return new Response(new Uint8Array(data), {
    headers: {
      ...extra,
      'content-type': contentType,
      'cache-control': `private, max-age=${maxAge}`,
      // Bytes from another site, served from this origin: never a page or script that could act as the app.
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
    },
  });
}

/** Answers GET /api/feed-icons/<id> for a signed-in session. */
export async function feedIcon(request: Request, feedId: string): Promise<Response> {
  if (!(await sessionOf(request))) {
    return Response.json({ message: 'Sign in to continue.', error: 'unauthorized' }, { status: 401, headers: { 'cache-control': 'no-store' } });
  }
  if (!uuid.test(feedId)) return Response.json({ message: `There is no feed with the id ${feedId}.` }, { status: 404, headers: { 'cache-control': 'no-store' } });
  const icon = upstreamMode() === 'local' ? await feedIconOf((await embeddedService()).service.store, feedId.toLowerCase()) : null;
  // An icon is looked for again weekly; "none yet" is asked again sooner, as a new feed's comes within a minute.
  return icon ? image(icon.data, icon.contentType, 7 * day) : image(noIcon, 'image/gif', 3600, { [noIconHeader]: '1' });
}
