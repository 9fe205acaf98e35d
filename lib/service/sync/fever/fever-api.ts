/**
 * The Fever API (api_version 3) at /fever/, for Unread, Fiery Feeds, Reeder and others: every
 * answer is HTTP 200 JSON with `api_version`, `auth` and `last_refreshed_on_time`; the parts
 * asked for follow. It reads and writes the same state as /v1, under the same per-key rate limit.
 */
import type { Hono } from 'hono';
import type { ServiceContext } from '../../context';
import type { KeyLimiter } from '../../http/rate-limit';
import { spendHeldRequest } from '../../http/held-request';
import { callParams } from '../call-params';
import { feverCaller } from './fever-auth';
import { lastRefreshedOn, readParts } from './fever-read';
import { applyMark } from './fever-write';

/** Answers one Fever call. */
export async function answerFever(service: ServiceContext, limiter: KeyLimiter, request: Request): Promise<Response> {
  const params = await callParams(request);
  const caller = await feverCaller(service.store, params.get('api_key'));
  if (!caller) return Response.json({ api_version: 3, auth: 0 });
  const spent = spendHeldRequest(limiter, caller.credential.id, service.config.apiKeyRateLimit, request.signal);
  if (spent) await spent;
  // Writes first, so that ids asked for in the same call show their effect (as in Fever).
  await applyMark(service, caller.user, params);
  return Response.json({
    api_version: 3, auth: 1, last_refreshed_on_time: await lastRefreshedOn(service.store, caller.user.id),
    ...await readParts(service.store, caller.user.id, params),
  });
}

/** Adds /fever and /fever/ (GET and POST) to the service's router. */
export function mountFever(app: Hono, service: ServiceContext, limiter: KeyLimiter): void {
  for (const path of ['/fever', '/fever/']) app.on(['GET', 'POST'], path, (c) => answerFever(service, limiter, c.req.raw));
}
