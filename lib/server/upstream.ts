import 'server-only';
import type { Capabilities } from '@/lib/client/capabilities';
import { embeddedService } from '@/lib/service/embedded';
import { responseHolding } from '@/lib/service/http/held-body';
import type { EmbeddedService } from '@/lib/service/service';
import { sanitizeRemoteJson } from './remote-html';

/** Which service the app talks to: the embedded one (local) or a hosted one (remote). */
export type UpstreamMode = 'local' | 'remote';

/**
 * Whose credential a call carries: the installation's (the embedded owner's app token
 * locally, the operator's FEED_API_KEY remotely) or a person's own API key.
 */
export type Caller = { kind: 'installation' } | { kind: 'person'; apiKey: string };

/** One /v1 request as the proxy hands it over: nothing from the browser's headers but the content type. */
export type UpstreamCall = { method: string; pathAndQuery: string; body: string | null; contentType: string | null };

const defaultTimeoutMs = 10_000;
// Statuses whose responses must not carry a body when rebuilt.
const bodiless = new Set([204, 205, 304]);

/** Local unless FEED_API_BASE_URL names a hosted service. */
export function upstreamMode(): UpstreamMode {
  return process.env.FEED_API_BASE_URL ? 'remote' : 'local';
}

/** What the app can do in this mode: first-party operations (account, API keys, folders…) only locally. */
export function appCapabilities(): Capabilities {
  const mode = upstreamMode();
  return { mode, first_party: mode === 'local' };
}

/** Whether the installation has a credential of its own (always locally; remotely only with FEED_API_KEY). */
export function hasInstallationCredential(): boolean {
  return upstreamMode() === 'local' || Boolean(process.env.FEED_API_KEY);
}

/** How long the service (hosted or embedded) may take to answer, from FEED_API_TIMEOUT_MS (default 10 s). */
export function upstreamTimeoutMs(): number {
  const value = Number(process.env.FEED_API_TIMEOUT_MS);
  return Number.isFinite(value) && value > 0 ? value : defaultTimeoutMs;
}

/**
 * An OPML import subscribes to a whole list of feeds, fetching each one it does not know, so it
 * takes as long as the list does; the embedded service gets this long before the person is told
 * it is late (a 503 there would have them import again while the first import still runs).
 */
const opmlImportTimeoutMs = 5 * 60_000;

const lateMessage = 'The feed service did not answer in time; try again shortly.';

// Only the method and path name a call in logs: never headers (they hold the key) nor the query (it holds what people search for).
function operation(call: UpstreamCall): string {
  return `${call.method} ${call.pathAndQuery.split('?')[0]}`;
}

function unavailable(message: string): Response {
  return Response.json({ message }, { status: 503, headers: { 'retry-after': '5' } });
}

/**
 * Answers an in-process call within the same deadline as a hosted one: the request carries the
 * signal (so handlers may stop early), and whatever the embedded service still does after it
 * (say, fetching a slow feed) goes on without the person waiting for it.
 */
async function answerInProcess(service: EmbeddedService, url: string, init: RequestInit, named: string): Promise<Response> {
  const timeoutMs = named === 'POST /v1/opml/import' ? Math.max(opmlImportTimeoutMs, upstreamTimeoutMs()) : upstreamTimeoutMs();
  const signal = AbortSignal.timeout(timeoutMs);
  const answer = service.fetch(new Request(url, { ...init, signal }));
  let onAbort = (): void => {};
  const late = new Promise<'late'>((resolve) => {
    onAbort = () => resolve('late');
    signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    const winner = await Promise.race([answer, late]);
    if (winner !== 'late') return winner;
    // The abandoned answer may still fail later; nobody is waiting for it any more.
    answer.catch(() => {});
    console.warn(`[tidings] The embedded feed service did not answer ${named} within ${timeoutMs} ms.`);
    return unavailable(lateMessage);
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}

/**
 * The one place that adds the credential: sends a /v1 request to the service and answers
 * its response; a service (hosted or embedded) that does not answer in time gives a 503 general error.
 */
export async function sendUpstream(call: UpstreamCall, caller: Caller): Promise<Response> {
  const headers = new Headers({ accept: 'application/json' });
  if (call.contentType) headers.set('content-type', call.contentType);
  const init = { method: call.method, headers, body: call.body };

  if (upstreamMode() === 'local') {
    const { service, ownerToken } = await embeddedService();
    headers.set('authorization', `Bearer ${caller.kind === 'person' ? caller.apiKey : ownerToken}`);
    return answerInProcess(service, `http://embedded${call.pathAndQuery}`, init, operation(call));
  }

  headers.set('authorization', `Bearer ${caller.kind === 'person' ? caller.apiKey : (process.env.FEED_API_KEY ?? '')}`);
  const base = process.env.FEED_API_BASE_URL!.replace(/\/+$/, '');
  const timeoutMs = upstreamTimeoutMs();
  try {
    // Node's fetch keeps connections alive by default, so calls reuse sockets.
    // One deadline covers the headers and the body: a service that stalls mid-body is as late as a silent one.
    const signal = AbortSignal.timeout(timeoutMs);
    const response = await fetch(`${base}${call.pathAndQuery}`, { ...init, signal, redirect: 'manual' });
    // Every consumer (the browser through the proxy, first loads, share links) gets item HTML already sanitized.
    const body = sanitizeRemoteJson(Buffer.from(await response.arrayBuffer()).toString('utf8'));
    // The body is decoded by now, so its encoding and length headers no longer describe it.
    const answered = new Headers(response.headers);
    answered.delete('content-encoding');
    answered.delete('content-length');
    // The proxy passes the type on to the browser: a service answering text/html must not get a page rendered in the app's origin.
    if (!/^application\/(?:[\w.+-]+\+)?json\b/i.test(answered.get('content-type') ?? '')) answered.set('content-type', 'text/plain; charset=utf-8');
    return bodiless.has(response.status) ? new Response(null, { status: response.status, headers: answered }) : responseHolding(body, { status: response.status, headers: answered });
  } catch (error) {
    if ((error as Error).name === 'TimeoutError') {
      console.warn(`[tidings] The feed service did not answer ${operation(call)} within ${timeoutMs} ms.`);
      return unavailable(lateMessage);
    }
    console.warn(`[tidings] The feed service could not be reached for ${operation(call)}: ${(error as Error).cause instanceof Error ? ((error as Error).cause as Error).message : (error as Error).message}`);
    return unavailable('The feed service cannot be reached just now; try again shortly.');
  }
}
