/**
 * The gpodder.net API v2 under /gpodder, for AntennaPod, Kasts and other podcast apps: auth
 * login/logout, devices, subscriptions (with `since` and `timestamp`) and episode actions. One
 * list of podcasts for every device: the account's podcast subscriptions, the same as /v1's.
 * Same per-key rate limit as /v1.
 */
import type { Hono } from 'hono';
import type { User } from '../../domain/accounts';
import type { ServiceContext } from '../../context';
import type { Store } from '../../store/store';
import type { KeyLimiter } from '../../http/rate-limit';
import { spendHeldRequest } from '../../http/held-request';
import { gpodderCaller, unauthorizedBasic } from './gpodder-auth';
import { endedSessionCookie, sessionCaller, sessionCookie } from './gpodder-session';
import { actionsSince, applyActions, BadUpload, readActions } from './gpodder-episodes';
import { changeSubscriptions } from './gpodder-subscriptions';

const now = () => Math.floor(Date.now() / 1000);
const bad = (message: string) => new Response(message, { status: 400, headers: { 'content-type': 'text/plain; charset=utf-8' } });

/** One call's route: what it is, for whom, on which device. */
type Route = { kind: 'login' | 'logout' | 'devices' | 'device' | 'subscriptions' | 'episodes' | 'simple'; user: string; device?: string };

// API v2 answers under /gpodder and at the root too: AntennaPod's GpodnetService keeps only the
// scheme, host and port of the server it is given and calls /api/2/… there.
const patterns: [RegExp, Route['kind']][] = [
  [/^(?:\/gpodder)?\/api\/2\/auth\/([^/]+)\/login\.json$/, 'login'],
  [/^(?:\/gpodder)?\/api\/2\/auth\/([^/]+)\/logout\.json$/, 'logout'],
  [/^(?:\/gpodder)?\/api\/2\/devices\/([^/]+)\.json$/, 'devices'],
  [/^(?:\/gpodder)?\/api\/2\/devices\/([^/]+)\/([^/]+)\.json$/, 'device'],
  [/^(?:\/gpodder)?\/api\/2\/subscriptions\/([^/]+)\/([^/]+)\.json$/, 'subscriptions'],
  [/^(?:\/gpodder)?\/api\/2\/episodes\/([^/]+)\.json$/, 'episodes'],
  // The Simple API's subscription list (mygpoclient's get_subscriptions and put_subscriptions), JSON only.
  [/^\/gpodder\/subscriptions\/([^/]+?)(?:\/([^/]+))?\.json$/, 'simple'],
];

function routeOf(pathname: string): Route | null {
  for (const [pattern, kind] of patterns) {
    const match = pathname.match(pattern);
    if (!match) continue;
    try {
      return { kind, user: decodeURIComponent(match[1]), device: match[2] === undefined ? undefined : decodeURIComponent(match[2]) };
    } catch {
      return null;
    }
  }
  return null;
}

function since(url: URL): number | null {
  const value = url.searchParams.get('since') ?? '0';
  return /^\d{1,12}$/.test(value) ? Number(value) * 1000 : null;
}

async function readJson(request: Request): Promise<unknown> {
  const text = await request.text();
  if (Buffer.byteLength(text) > 1_000_000) throw new BadUpload('The body is larger than 1 MB.');
  try {
    return JSON.parse(text);
  } catch {
    throw new BadUpload('The body must be JSON.');
  }
}

/** The user's devices, each with how many podcasts the account follows (one list for every device). */
async function listDevices(store: Store, userId: string) {
  const subscriptions = (await store.gpodder.podcastUrls(userId, 0)).length;
  return (await store.gpodder.devices(userId)).map((device) => ({ ...device, subscriptions }));
}

async function answer(service: ServiceContext, user: User, route: Route, request: Request): Promise<Response> {
  const { store } = service;
  const { gpodder } = store;
  const saveDevice = (id: string, fields: { caption?: string; type?: string }) => gpodder.saveDevice(user.id, id, fields, Date.now());
  const url = new URL(request.url);
  const get = request.method === 'GET';
  switch (route.kind) {
    case 'login':
    case 'logout':
      return get ? bad('Use POST.') : new Response(null, { status: 200 });
    case 'devices':
      return Response.json(await listDevices(store, user.id));
    case 'device': {
      const body = (await readJson(request)) as Record<string, unknown>;
      if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new BadUpload('The body must be a JSON object.');
      const caption = typeof body.caption === 'string' ? body.caption : undefined;
      const type = typeof body.type === 'string' ? body.type : undefined;
      await saveDevice(route.device!, { caption, type });
      return new Response(null, { status: 200 });
    }
    case 'subscriptions': {
      if (!get) return Response.json({ timestamp: now(), update_urls: await changeSubscriptions(service, user, await readJson(request)) });
      const sinceMs = since(url);
      if (sinceMs === null) return bad('since must be a timestamp in Unix seconds.');
      await saveDevice(route.device!, {});
      const timestamp = now();
      return Response.json({ add: await gpodder.podcastUrls(user.id, sinceMs), remove: sinceMs ? await gpodder.removedUrls(user.id, sinceMs) : [], timestamp });
    }
    case 'episodes': {
      if (!get) {
        await applyActions(store, user, readActions(await readJson(request)));
        return Response.json({ timestamp: now(), update_urls: [] });
      }
      const sinceMs = since(url);
      if (sinceMs === null) return bad('since must be a timestamp in Unix seconds.');
      const timestamp = now();
      return Response.json({ actions: await actionsSince(store, user, sinceMs, url.searchParams.get('podcast') ?? undefined, url.searchParams.get('device') ?? undefined), timestamp });
    }
    case 'simple': {
      if (route.device) await saveDevice(route.device, {});
      if (get) return Response.json(await gpodder.podcastUrls(user.id, 0));
      if (!route.device) return bad('Upload a list to a device.');
      // The list replaces the device's, and every device shares the account's podcasts.
      const wanted = await readJson(request);
      if (!Array.isArray(wanted)) throw new BadUpload('The body must be a JSON list of podcast URLs.');
      const current = await gpodder.podcastUrls(user.id, 0);
      await changeSubscriptions(service, user, { add: wanted.filter((one) => !current.includes(one)), remove: current.filter((one) => !wanted.includes(one)) });
      return new Response(null, { status: 200 });
    }
  }
}

/** Adds the gpodder routes to the service's router. */
export function mountGpodder(app: Hono, service: ServiceContext, limiter: KeyLimiter): void {
  app.on(['GET', 'POST', 'PUT'], ['/gpodder/*', '/api/2/*'], async (c) => {
    const { pathname } = new URL(c.req.url);
    const route = routeOf(pathname);
    if (!route) return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain' } });
    // The Simple API uploads with PUT, API v2 with POST.
    if (c.req.method !== 'GET' && (c.req.method === 'PUT') !== (route.kind === 'simple')) {
      return new Response('Method not allowed', { status: 405, headers: { 'content-type': 'text/plain' } });
    }
    const basic = await gpodderCaller(service.store, c.req.raw, route.user);
    const session = basic ? null : await sessionCaller(service.store, c.req.raw);
    const caller = basic ?? (session?.user.email.toLowerCase() === route.user.toLowerCase() ? session : null);
    if (!caller) return unauthorizedBasic();
    const spent = spendHeldRequest(limiter, caller.credential.id, service.config.apiKeyRateLimit, c.req.raw.signal);
    if (spent) await spent;
    try {
      const response = await answer(service, caller.user, route, c.req.raw);
      // The cookie goes back to the prefix the call came under, so that AntennaPod's cookie jar sends it at the root.
      const cookiePath = pathname.startsWith('/gpodder/') ? '/gpodder' : '/api/2';
      if (route.kind === 'logout') response.headers.append('set-cookie', endedSessionCookie(cookiePath));
      else if (basic) response.headers.append('set-cookie', await sessionCookie(service.store, basic.credential.id, new URL(c.req.url).protocol === 'https:', cookiePath));
      return response;
    } catch (error) {
      if (error instanceof BadUpload) return bad(error.message);
      throw error;
    }
  });
}
