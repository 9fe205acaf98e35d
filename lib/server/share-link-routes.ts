import 'server-only';
import { bodyTooLarge, formBodyLimit, readBoundedText } from '@/lib/service/http/bounded-body';
import { isSameOrigin } from './origin';
import { sessionOf } from './session';
import { createShareLink, listShareLinks, revokeShareLink, ShareLinkError } from './share-links';
import type { Caller } from './upstream';

/*
 * /api/share-links: GET lists the person's live links, POST makes one for a saved item
 * (`{ item_id, expires_in_days? }`), DELETE /api/share-links/{id} revokes one. Signed-in
 * sessions only; writes must come from the app's own pages.
 */

const noStore = { 'cache-control': 'no-store' };

function answer(status: number, body: unknown): Response {
  return Response.json(body, { status, headers: noStore });
}

/** Runs a route for a signed-in session, with the body read up to the form limit (413 past it). */
async function guarded(request: Request, write: boolean, run: (caller: Caller, body: string) => Promise<Response>): Promise<Response> {
  const found = await sessionOf(request);
  if (!found) return answer(401, { message: 'Sign in to continue.', error: 'unauthorized' });
  if (write && !isSameOrigin(request)) return answer(403, { message: 'Cross-origin writes are refused.', error: 'forbidden' });
  const body = await readBoundedText(request, formBodyLimit);
  if (body === null) return bodyTooLarge(formBodyLimit);
  try {
    return await run(found.session.caller, body);
  } catch (error) {
    if (error instanceof ShareLinkError) return answer(error.status, { message: error.message });
    throw error;
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** GET /api/share-links */
export function listLinks(request: Request): Promise<Response> {
  return guarded(request, false, async (caller) => answer(200, { data: await listShareLinks(caller) }));
}

/** POST /api/share-links */
export function createLink(request: Request): Promise<Response> {
  return guarded(request, true, async (caller, text) => {
    const body = parseJson(text) as { item_id?: unknown; expires_in_days?: unknown } | null;
    if (!body || typeof body.item_id !== 'string') return answer(422, { message: 'item_id is required.' });
    const days = body.expires_in_days ?? null;
    if (days !== null && typeof days !== 'number') return answer(422, { message: 'expires_in_days must be a number or null.' });
    return answer(201, await createShareLink(caller, body.item_id, days));
  });
}

/** DELETE /api/share-links/{id} */
export function revokeLink(request: Request, id: string): Promise<Response> {
  return guarded(request, true, async (caller) => {
    await revokeShareLink(caller, id);
    return answer(200, { message: 'The link no longer works.' });
  });
}
