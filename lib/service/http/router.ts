import { Hono } from 'hono';
import { z } from 'zod';
import { openApiDocument } from '@/lib/contract/openapi';
import { operations, type OperationId } from '@/lib/contract/operations';
import type { Operation } from '@/lib/contract/operation';
import type { ServiceContext } from '../context';
import type { Handlers } from '../handlers/handler';
import { authenticate } from './authenticate';
import { asServiceError, fail } from './errors';
import { RateLimiter, spendRequest, type KeyLimiter } from './rate-limit';
import { check, validationError } from './validation';
import { undecodablePathMessage } from './request-path';
import { bodyTooLargeMessage, readBoundedText, serviceBodyLimit } from './bounded-body';
import { receiveInboundHttp } from '../mail/inbound-http';
import { jsonHolding } from './held-body';

/**
 * Builds the /v1 HTTP interface: one route per operation of the contract, behind auth, rate limit and validation.
 * `limiter` counts a key's requests; the sync APIs share it, so a key has one limit whatever protocol it speaks.
 */
export function createRouter(service: ServiceContext, handlers: Handlers, limiter: KeyLimiter = new RateLimiter(service.config.rateLimitWindowSeconds * 1000)): Hono {
  const app = new Hono();

  // Before any route: Hono would match a path it cannot decode as written and hand on its raw escapes.
  app.use(async (c, next) => {
    const undecodable = undecodablePathMessage(new URL(c.req.url).pathname);
    if (undecodable) throw fail(400, undecodable);
    await next();
  });
  app.get('/v1/openapi.json', (c) => c.json(openApiDocument(new URL(c.req.url).origin)));
  app.post('/v1/mail/inbound', (c) => receiveInboundHttp(service, c.req.raw));

  for (const [id, operation] of Object.entries(operations) as [OperationId, Operation][]) {
    const honoPath = operation.path.replace(/\{(\w+)\}/g, ':$1');
    // Built once: zod compiles a schema on its first use, so a schema made per request was compiled per request.
    const querySchema = (operation.query ?? z.object({})).strict();
    app.on(operation.method, honoPath, async (c) => {
      const caller = await authenticate(service.store, c.req.raw, operation);
      const limit = caller.credential.kind === 'api_key' ? service.config.apiKeyRateLimit : service.config.appTokenRateLimit;
      const spent = spendRequest(limiter, caller.credential.id, limit);
      if (spent) await spent;

      const input = await readInput(c.req.raw, operation, querySchema, c.req.param() as Record<string, string>);
      const handler = handlers[id] as ((context: unknown) => unknown) | undefined;
      if (!handler) throw fail(501, `${operation.method} ${operation.path} is not implemented yet.`);
      const reply = (await handler({ service, store: service.store, signal: c.req.raw.signal, ...caller, ...input })) as { status?: number; body: unknown };
      const status = reply.status ?? operation.success.status;
      if (service.config.validateResponses) assertMatchesContract(id, operation, reply.body);
      return jsonHolding(reply.body, { status });
    });
  }

  app.notFound((c) => {
    const pathname = new URL(c.req.url).pathname;
    const allowed = methodsOf(pathname);
    // A method the path has that still found no route: the path is one Hono does not match (a trailing slash).
    if (allowed.length && !allowed.includes(c.req.method)) {
      return Response.json({ message: `${c.req.method} is not allowed on ${pathname}; it takes ${allowed.join(', ')}.` },
        { status: 405, headers: { Allow: allowed.join(', ') } });
    }
    return Response.json({ message: `There is no operation ${c.req.method} ${pathname}.` }, { status: 404 });
  });
  app.onError((error) => errorResponse(error));
  return app;
}

const operationPaths = Object.values(operations as Record<string, Operation>).map((operation) => ({
  method: operation.method,
  pattern: new RegExp(`^${operation.path.replace(/\{\w+\}/g, '[^/]+')}$`),
}));

/** The methods the interface has for a path, in the order the contract lists them (for 405 and Allow). */
function methodsOf(pathname: string): string[] {
  return [...new Set(operationPaths.filter((entry) => entry.pattern.test(pathname)).map((entry) => entry.method))];
}

/** The request's params, query and body, checked; `querySchema` is the operation's query, strict. */
async function readInput(request: Request, operation: Operation, querySchema: z.ZodObject, rawParams: Record<string, string>) {
  const sentences: string[] = [];
  const take = <T>(result: { ok: true; value: T } | { ok: false; sentences: string[] }): T | undefined => {
    if (result.ok) return result.value;
    sentences.push(...result.sentences);
    return undefined;
  };
  const params = operation.params ? take(check(operation.params, rawParams, 'path')) : {};
  // An operation without query parameters refuses unknown ones as the others do, rather than ignore them.
  const query = take(check(querySchema, queryObject(new URL(request.url).searchParams, querySchema), 'query'));
  let body: unknown = undefined;
  if (operation.body) {
    const text = await readBodyText(request);
    if (text.trim() && !isJson(request.headers.get('content-type'))) {
      throw fail(415, 'The body must be sent as JSON, with Content-Type: application/json.');
    }
    if (!text.trim()) sentences.push('A JSON body is required (an empty object is accepted).');
    else {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        sentences.push('The body must be valid JSON.');
      }
      if (parsed !== undefined) body = take(check(operation.body, parsed, 'body'));
    }
  }
  if (sentences.length) throw validationError(sentences);
  return { params, query, body };
}

/** The body as text; past the service's limit (counted in bytes, announced or read) it answers 413 without reading on. */
async function readBodyText(request: Request): Promise<string> {
  const text = await readBoundedText(request, serviceBodyLimit);
  if (text === null) throw fail(413, bodyTooLargeMessage(serviceBodyLimit));
  return text;
}

/** Bodies are application/json (SPEC.md); a request that names no type is read as JSON too. */
function isJson(contentType: string | null): boolean {
  if (contentType === null) return true;
  const type = contentType.split(';')[0].trim().toLowerCase();
  return type === 'application/json' || /^application\/[\w.+-]+\+json$/.test(type);
}

/** Query strings carry lists as repeated keys or comma-separated values; single values stay strings. */
function queryObject(search: URLSearchParams, schema: z.ZodObject): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of new Set(search.keys())) {
    const values = search.getAll(key);
    out[key] = isListField(schema.shape[key])
      ? values.flatMap((value) => value.split(',')).map((value) => value.trim()).filter(Boolean)
      : values[values.length - 1];
  }
  return out;
}

function isListField(field: z.ZodType | undefined): boolean {
  let inner: unknown = field;
  while (inner instanceof z.ZodOptional || inner instanceof z.ZodDefault) inner = inner.def.innerType;
  return inner instanceof z.ZodArray;
}

function assertMatchesContract(id: string, operation: Operation, body: unknown): void {
  const result = operation.success.body.safeParse(body);
  if (!result.success) throw new Error(`Response of ${id} breaks the contract: ${result.error.message}`);
}

/** Turns anything thrown while answering into one of the contract's error answers. */
export function errorResponse(error: unknown): Response {
  const refusal = asServiceError(error);
  if (refusal) return refusal.toResponse();
  if (error instanceof Error && 'code' in error && (error.code === 'SQLITE_BUSY' || error.code === 'SQLITE_LOCKED')) {
    return Response.json({ message: 'The service is busy; retry shortly.' }, { status: 503, headers: { 'Retry-After': '1' } });
  }
  console.error('[tidings service]', error);
  return Response.json({ message: 'Something went wrong inside the service.' }, { status: 500 });
}
