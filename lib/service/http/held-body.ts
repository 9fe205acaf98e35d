/*
 * Answers that keep their body in hand as well as in the Response, so a Node server (the production
 * server's /v1 and /api/v1 listeners) writes it at once instead of reading back the body stream
 * the Response makes of it. The body is marked with a registry symbol, not kept in a module's
 * map: the embedded service may run from Next's bundle while the listener runs from the sources,
 * two copies of this module. Anything reading the Response as usual sees no difference.
 */

const heldBodyKey = Symbol.for('tidings.held-body');

type Holding = Response & { [heldBodyKey]?: string | Uint8Array };

/** A Response of `body` (text or bytes) that also keeps it in hand. */
export function responseHolding(body: string | Uint8Array, init: ResponseInit): Response {
  const response: Holding = new Response(body as BodyInit, init);
  response[heldBodyKey] = body;
  return response;
}

/** A JSON answer, as Response.json makes it (the same text and content type), keeping its text in hand. */
export function jsonHolding(value: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  if (!headers.has('content-type')) headers.set('content-type', 'application/json');
  return responseHolding(JSON.stringify(value), { ...init, headers });
}

/** The body a Response keeps in hand, or undefined when it keeps none or its body was read (or is being). */
export function heldBody(response: Response): string | Uint8Array | undefined {
  const held = (response as Holding)[heldBodyKey];
  return held === undefined || response.bodyUsed ? undefined : held;
}
