/**
 * The Google Reader API under /greader, as FreshRSS and Miniflux implement it, for Reeder,
 * NetNewsWire, Read You, FeedMe, newsboat and others: ClientLogin, token, user-info,
 * subscription/list|edit|quickadd|export|import, tag/list, rename-tag, disable-tag, unread-count,
 * stream/items/ids, stream/items/contents, stream/contents and its Atom form (reader/atom), edit-tag
 * and mark-all-as-read.
 * Same state and per-key rate limit as /v1.
 */
import type { Context, Hono } from 'hono';
import type { ServiceContext } from '../../context';
import type { Caller } from '../../http/authenticate';
import type { KeyLimiter } from '../../http/rate-limit';
import { spendHeldRequest } from '../../http/held-request';
import { callParams } from '../call-params';
import { badToken, clientLogin, greaderCaller } from './greader-auth';
import {
  BadRequest, refQuery, streamContents, streamItemContents, streamItemIds, subscriptionList, tagList, unreadCount, userInfo,
} from './greader-read';
import {
  disableLabel, editSubscription, exportSubscriptions, importSubscriptions, quickAdd, renameLabel,
} from './greader-subscriptions';
import { editTag, markAllAsRead } from './greader-write';
import { atomStream } from './greader-atom';
import { isWriteTokenOf, writeToken } from './greader-token';

const api = '/greader/reader/api/0';
/** Most ids one stream/items/ids call lists, and most items one contents call carries. */
const maxIds = 10_000;
const maxContents = 1_000;

const text = (body: string, status = 200) => new Response(body, { status, headers: { 'content-type': 'text/plain; charset=utf-8' } });

type Call = { caller: Caller; params: URLSearchParams; request: Request };
/** Most bytes of an imported OPML document, as /v1/opml/import. */
const maxOpmlBytes = 1_000_000;

/** ClientLogin: `Email` and `Passwd` (an API key) give `Auth=<token>`; `output=json` answers JSON. */
async function login(service: ServiceContext, request: Request): Promise<Response> {
  const params = await callParams(request);
  const caller = await clientLogin(service.store, params.get('Email'), params.get('Passwd'));
  if (!caller) return text('Error=BadAuthentication\n', 401);
  // `<user>/<key>`, as FreshRSS and Miniflux answer and clients (and the contract suites) expect.
  const token = `${caller.user.email}/${params.get('Passwd')!.trim()}`;
  if (params.get('output') === 'json') return Response.json({ SID: token, LSID: token, Auth: token });
  return text(`SID=${token}\nLSID=${token}\nAuth=${token}\n`);
}

/** A list answered in JSON only, as FreshRSS and Miniflux: `output` absent or json (no XML form is kept). */
function jsonOnly<T>(params: URLSearchParams, answer: () => T): T {
  const output = params.get('output');
  if (output !== null && output.toLowerCase() !== 'json') throw new BadRequest('Only output=json is supported.');
  return answer();
}

/**
 * The stream id that is the rest of the path after `prefix`, its slashes plain or encoded (%2F); else `s`.
 * A feed's address with its slashes left plain (`feed/http%3A//host/…`) comes back from Next with
 * one of the two (Next redirects a path with `//` to it merged), so that one is put back.
 */
function streamOfPath(request: Request, prefix: string, params: URLSearchParams): string {
  const rest = new URL(request.url).pathname.slice(prefix.length);
  if (!rest) return params.get('s') ?? '';
  let decoded: string;
  try {
    decoded = decodeURIComponent(rest);
  } catch {
    throw new BadRequest('The stream id in the path is not validly encoded.');
  }
  return decoded.replace(/^feed\/(https?):\/(?!\/)/i, 'feed/$1://');
}

/** Adds the Google Reader routes to the service's router. */
export function mountGreader(app: Hono, service: ServiceContext, limiter: KeyLimiter): void {
  const { store } = service;
  app.on(['GET', 'POST'], '/greader/accounts/ClientLogin', (c) => login(service, c.req.raw));

  /**
   * One authenticated call: a stale token answers 401, a bad request 400 with its sentence. A
   * write sent with a `T` this server did not make for the key (or an old one) answers 401 and
   * changes nothing; one sent without `T` is done, as Miniflux does.
   */
  type RouteOptions = { rawBody?: boolean; prefix?: string; write?: boolean; uncounted?: boolean };
  const route = (methods: string[], path: string, answer: (call: Call) => unknown, options: RouteOptions = {}) => {
    app.on(methods, `${options.prefix ?? api}${path}`, async (c: Context) => {
      const caller = await greaderCaller(service.store, c.req.raw);
      if (!caller) return badToken();
      const spent = options.uncounted ? undefined : spendHeldRequest(limiter, caller.credential.id, service.config.apiKeyRateLimit, c.req.raw.signal);
      if (spent) await spent;
      const params = options.rawBody ? new URL(c.req.url).searchParams : await callParams(c.req.raw);
      const writeTokenGiven = params.get('T')?.trim();
      if (options.write && writeTokenGiven && !await isWriteTokenOf(service.store, caller.credential.id, writeTokenGiven)) return badToken();
      try {
        const result = await answer({ caller, params, request: c.req.raw });
        return result instanceof Response ? result : Response.json(result);
      } catch (error) {
        if (error instanceof BadRequest) return text(error.message, 400);
        throw error;
      }
    });
  };

  const write = { write: true };
  // Not counted: clients fetch a token before each write, which would count every write twice (and ClientLogin is not counted either).
  route(['GET', 'POST'], '/token', async ({ caller }) => text(await writeToken(service.store, caller.credential.id)), { uncounted: true });
  route(['GET', 'POST'], '/user-info', ({ caller }) => userInfo(caller.user));
  route(['GET', 'POST'], '/subscription/list', ({ caller, params }) => jsonOnly(params, () => subscriptionList(store, caller.user)));
  route(['GET', 'POST'], '/tag/list', ({ caller, params }) => jsonOnly(params, () => tagList(store, caller.user)));
  route(['GET', 'POST'], '/unread-count', ({ caller, params }) => jsonOnly(params, () => unreadCount(store, caller.user)));
  route(['GET', 'POST'], '/stream/items/ids', ({ caller, params }) => streamItemIds(store, caller.user, refQuery(params, params.get('s'), maxIds)));
  route(['GET', 'POST'], '/stream/items/contents', ({ caller, params }) => streamItemContents(store, caller.user, params, maxContents));
  route(['GET', 'POST'], '/stream/contents/*', ({ caller, params, request }) => {
    const streamId = streamOfPath(request, `${api}/stream/contents/`, params);
    return streamContents(store, caller.user, streamId, refQuery(params, streamId, maxContents));
  });
  route(['GET'], '/*', ({ caller, params, request }) => {
    const streamId = streamOfPath(request, '/greader/reader/atom/', params);
    return atomStream(store, caller.user, streamId, refQuery(params, streamId, maxContents), maxContents);
  }, { prefix: '/greader/reader/atom' });
  route(['POST'], '/edit-tag', async ({ caller, params }) => {
    await editTag(store, caller.user, params);
    return text('OK');
  }, write);
  route(['POST'], '/mark-all-as-read', async ({ caller, params }) => {
    await markAllAsRead(store, caller.user, params);
    return text('OK');
  }, write);
  route(['POST'], '/subscription/quickadd', ({ caller, params }) => quickAdd(service, caller.user, params), write);
  route(['POST'], '/subscription/edit', async ({ caller, params }) => {
    await editSubscription(service, caller.user, params);
    return text('OK');
  }, write);
  route(['POST'], '/rename-tag', async ({ caller, params }) => {
    await renameLabel(service, caller.user, params);
    return text('OK');
  }, write);
  route(['POST'], '/disable-tag', async ({ caller, params }) => {
    await disableLabel(service, caller.user, params);
    return text('OK');
  }, write);
  route(['GET'], '/subscription/export', ({ caller }) => exportSubscriptions(service, caller.user));
  route(['POST'], '/subscription/import', async ({ caller, request }) => {
    if (Number(request.headers.get('content-length')) > maxOpmlBytes) throw new BadRequest('The OPML document is larger than 1 MB.');
    const opml = await request.text();
    if (Buffer.byteLength(opml) > maxOpmlBytes) throw new BadRequest('The OPML document is larger than 1 MB.');
    return importSubscriptions(service, caller.user, opml);
  }, { rawBody: true, write: true });
}
