import { registerRoute } from 'workbox-routing';
import { changesOf, changesUpNext, type ItemChange, type MarkAllBody, type OutboxAction } from '@/lib/client/outbox/actions';
import { listWithinSources, markAllCovers } from '@/lib/client/outbox/mark-all-scope';
import { overlayChanges } from '@/lib/client/outbox/overlay';
import { cacheNames, itemDetailPath } from '@/lib/client/offline-caches';
import { keepItemResponse } from './item-caching';
import { buildId, sw } from './worker-scope';

/*
 * Changes to items, written through to the kept copies: when the service accepts a
 * change, every kept list and detail holding the item shows it, so a page opened
 * offline later is not older than what the person did online.
 */

const names = cacheNames(buildId);
const playbackPath = /^\/api\/v1\/items\/([0-9a-f-]{36})\/playback-progress$/i;

/** The outbox action a request to the API stands for, or null for other requests. */
export function actionOfRequest(method: string, pathname: string, body: unknown): OutboxAction | null {
  const value = (body ?? {}) as Record<string, unknown>;
  const detail = itemDetailPath.exec(pathname);
  if (method === 'PATCH' && detail) return { kind: 'update', itemId: detail[1]!, body: value as Extract<OutboxAction, { kind: 'update' }>['body'] };
  if (method === 'PUT' && pathname === '/api/v1/items') return { kind: 'mark-all', body: value as MarkAllBody };
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

type CoverableItem = Parameters<typeof markAllCovers>[1] & { id: string };
type KeptAnswer = { cache: Cache; request: Request; url: URL; response: Response; data: unknown };

/** The kept lists, and the kept details `wanted` picks by item id, read from both item caches. */
async function keptAnswers(wanted: (itemId: string) => boolean): Promise<KeptAnswer[]> {
  const answers: KeptAnswer[] = [];
  for (const name of [names.items, names.saved]) {
    const cache = await sw.caches.open(name);
    for (const request of await cache.keys()) {
      const url = new URL(request.url);
      const detail = itemDetailPath.exec(url.pathname);
      if (url.pathname !== '/api/v1/items' && !(detail && wanted(detail[1]!))) continue;
      const response = await cache.match(request);
      const data: unknown = await response?.clone().json().catch(() => null);
      if (response && data) answers.push({ cache, request, url, response, data });
    }
  }
  return answers;
}

/** What a mark-all the service accepted changes on the kept answers: the items it covers, as far as they tell. */
function markAllChanges(action: Extract<OutboxAction, { kind: 'mark-all' }>, kept: KeptAnswer[]): Map<string, ItemChange> {
  const changes = changesOf(action);
  const change: ItemChange = { is_read: action.body.is_read ?? true };
  for (const { url, data } of kept) {
    const record = data as { data?: unknown; id?: unknown };
    const isList = Array.isArray(record.data);
    const items = (isList ? record.data : [record]) as CoverableItem[];
    const withinSources = isList && listWithinSources(action.body, url.searchParams);
    for (const item of items) {
      if (markAllCovers(action.body, item) ?? withinSources) changes.set(item.id, change);
    }
  }
  return changes;
}

/**
 * Shows accepted changes on every kept list and detail; a changed or returned detail is kept
 * again, so a save or unsave moves it (and its images) to or from the saved caches.
 */
export async function applyToKeptItems(action: OutboxAction, result: unknown): Promise<void> {
  if (changesUpNext(action)) {
    // The service answers the whole queue: kept, so the app opened offline later shows it.
    if (result && typeof result === 'object' && Array.isArray((result as { data?: unknown }).data)) {
      await (await sw.caches.open(names.api)).put(new URL('/api/v1/up-next', sw.location.origin).href, Response.json(result));
    }
    return;
  }
  // A mark-all is settled by filters, so every kept detail is looked at; other actions name their items.
  const named = changesOf(action);
  const kept = await keptAnswers((id) => action.kind === 'mark-all' || named.has(id));
  const changes = action.kind === 'mark-all' ? markAllChanges(action, kept) : named;
  for (const { cache, request, url, response, data } of kept) {
    const changed = overlayChanges(data, changes);
    if (changed === data) continue;
    const rewritten = new Response(JSON.stringify(changed), { status: response.status, headers: response.headers });
    if (url.pathname === '/api/v1/items') await cache.put(request, rewritten);
    else await keepItemResponse(request.url, rewritten);
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
  for (const method of ['PATCH', 'POST', 'PUT'] as const) {
    registerRoute(matches, ({ request, event }) => passThrough(request, event as ExtendableEvent), method);
  }
}
