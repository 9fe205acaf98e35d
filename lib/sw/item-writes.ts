import { registerRoute } from 'workbox-routing';
import { changesOf, type ItemChange, type OutboxAction } from '@/lib/client/outbox/actions';
import { overlayChanges } from '@/lib/client/outbox/overlay';
import { cacheNames } from '@/lib/client/offline-caches';
import { keepItemResponse } from './item-caching';
import { buildId, sw } from './worker-scope';

/*
 * Changes to items, written through to the kept copies: when the service accepts a
 * change, every kept list and detail holding the item shows it, so a page opened
 * offline later is not older than what the person did online.
 */

const names = cacheNames(buildId);
const detailPath = /^\/api\/v1\/items\/([0-9a-f-]{36})$/i;
const playbackPath = /^\/api\/v1\/items\/([0-9a-f-]{36})\/playback-progress$/i;

/** The outbox action a request to the API stands for, or null for other requests. */
export function actionOfRequest(method: string, pathname: string, body: unknown): OutboxAction | null {
  const value = (body ?? {}) as Record<string, unknown>;
  const detail = detailPath.exec(pathname);
  if (method === 'PATCH' && detail) return { kind: 'update', itemId: detail[1]!, body: value as Extract<OutboxAction, { kind: 'update' }>['body'] };
  if (method === 'PATCH' && pathname === '/api/v1/items' && Array.isArray(value.item_ids)) {
    return { kind: 'bulk', itemIds: value.item_ids as string[], action: value.action as Extract<OutboxAction, { kind: 'bulk' }>['action'] };
  }
  const playback = playbackPath.exec(pathname);
  if (method === 'POST' && playback && typeof value.position_seconds === 'number') {
    const clientTimestamp = typeof value.client_timestamp === 'string' ? value.client_timestamp : new Date().toISOString();
    return { kind: 'playback', itemId: playback[1]!, positionSeconds: value.position_seconds, clientTimestamp };
  }
  return null;
}

/** The kept answer with the changes shown, or null when they change nothing in it. */
async function rewritten(kept: Response, changes: ReadonlyMap<string, ItemChange>): Promise<Response | null> {
  const data: unknown = await kept.json().catch(() => null);
  const changed = overlayChanges(data, changes);
  if (changed === data) return null;
  return new Response(JSON.stringify(changed), { status: kept.status, headers: kept.headers });
}

/**
 * Shows accepted changes on every kept list and detail; a changed or returned detail is kept
 * again, so a save or unsave moves it (and its images) to or from the saved caches.
 */
export async function applyToKeptItems(action: OutboxAction, result: unknown): Promise<void> {
  const changes = changesOf(action);
  for (const name of [names.items, names.saved]) {
    const cache = await sw.caches.open(name);
    for (const request of await cache.keys()) {
      const { pathname } = new URL(request.url);
      const detail = detailPath.exec(pathname);
      if (pathname !== '/api/v1/items' && !(detail && changes.has(detail[1]!))) continue;
      const kept = await cache.match(request);
      const changed = kept && (await rewritten(kept, changes));
      if (!changed) continue;
      if (detail) await keepItemResponse(request.url, changed);
      else await cache.put(request, changed);
    }
  }
  // PATCH /v1/items/{id} answers the whole detail: keep it.
  if (action.kind === 'update' && result && typeof result === 'object' && 'id' in result) {
    await keepItemResponse(new URL(`/api/v1/items/${action.itemId}`, sw.location.origin).href, Response.json(result));
  }
}

async function passThrough(request: Request, event: ExtendableEvent): Promise<Response> {
  const body = await request.clone().json().catch(() => null);
  const response = await fetch(request);
  const action = response.ok ? actionOfRequest(request.method, new URL(request.url).pathname, body) : null;
  if (action) {
    const result = await response.clone().json().catch(() => null);
    event.waitUntil(applyToKeptItems(action, result));
  }
  return response;
}

/** Routes item writes through the network, writing accepted changes into the kept copies. */
export function registerItemWriteRoutes(): void {
  const matches = ({ url }: { url: URL }) => url.origin === sw.location.origin && url.pathname.startsWith('/api/v1/items');
  for (const method of ['PATCH', 'POST'] as const) {
    registerRoute(matches, ({ request, event }) => passThrough(request, event as ExtendableEvent), method);
  }
}
