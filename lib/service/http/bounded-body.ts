/*
 * Reading a request body with a ceiling: the announced Content-Length is checked first, then
 * the bytes are counted as they stream in, and the stream is cancelled as soon as it passes the
 * limit, so a client announcing or streaming hundreds of megabytes costs at most the limit.
 * Used by the service's router and by every route of the app (lib/server).
 */

/** A body limit and how the refusal names it. */
export type BodyLimit = { bytes: number; words: string };

/** The service's limit on a JSON body (an OPML import of thousands of feeds fits in it). */
export const serviceBodyLimit: BodyLimit = { bytes: 1_000_000, words: '1 MB' };

/** The limit of the app's own small forms and JSON calls (sign-in, sign-out, share links). */
export const formBodyLimit: BodyLimit = { bytes: 16 * 1024, words: '16 KB' };

/** The one sentence of a 413 for a body over the limit. */
export function bodyTooLargeMessage(limit: BodyLimit): string {
  return `The request body is larger than ${limit.words}.`;
}

/** The body's bytes, or null once it is (announced or read to be) larger than limit.bytes; never reads past the limit. */
export async function readBoundedBody(request: Request, limit: BodyLimit): Promise<Uint8Array | null> {
  const maxBytes = limit.bytes;
  if (Number(request.headers.get('content-length')) > maxBytes) return null;
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    size += chunk.value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(chunk.value);
  }
  return chunks.length === 1 ? chunks[0] : new Uint8Array(Buffer.concat(chunks));
}

/** The body as UTF-8 text, or null past the limit (as readBoundedBody). */
export async function readBoundedText(request: Request, limit: BodyLimit): Promise<string | null> {
  const bytes = await readBoundedBody(request, limit);
  return bytes === null ? null : new TextDecoder().decode(bytes);
}

/** A `{ message }` 413 for a body over the limit, as every route of the app answers it. */
export function bodyTooLarge(limit: BodyLimit): Response {
  return Response.json({ message: bodyTooLargeMessage(limit) }, { status: 413, headers: { 'cache-control': 'no-store' } });
}

/** For a route that takes no body: its 413 when one past the limit comes anyway, else null (what came is dropped). */
export async function refuseBodyOver(request: Request, limit: BodyLimit): Promise<Response | null> {
  return (await readBoundedBody(request, limit)) === null ? bodyTooLarge(limit) : null;
}
