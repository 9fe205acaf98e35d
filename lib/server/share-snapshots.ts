import 'server-only';
import { shareLinkStore, type ShareSnapshotRow } from './share-link-store';
import { sendUpstream, type Caller } from './upstream';

/*
 * Visitors of a share link see a copy of the item kept in app.db: taken when the link is
 * made (or, for a link older than copies, at its first visit) and refreshed from the service
 * at most every five minutes, by one request however many visitors come. A refresh that
 * fails (the service down, late, or out of budget) keeps the copy, so load on the service
 * never stops a link, and visits never spend the owner's request budget beyond that refresh.
 */

/** What a visitor of a link sees: the item's public parts, its HTML as the service gave it. */
export type SharedItem = {
  title: string;
  source: string | null;
  author: string | null;
  published_at: string | null;
  summary: string | null;
  content: string | null;
  canonical_url: string | null;
  item_type: 'article' | 'episode';
  audio_url: string | null;
  /** The lead image (http(s) only) for link previews; absent in copies kept before it was. */
  image_url?: string | null;
};

/** An item as the service answers it, in the fields share links use. */
export type UpstreamItem = {
  id: string; title: string; is_saved: boolean; feeds: { title: string }[]; author: string | null; published_at: string | null;
  summary: string | null; content: string | null; canonical_url: string | null; item_type: 'article' | 'episode'; audio_url: string | null;
  media_url?: string | null; artwork_url?: string | null;
};

/** What a visit finds: the kept item, nothing (unsaved or gone), or no copy yet and the service not answering. */
export type SnapshotView = { kind: 'item'; item: SharedItem } | { kind: 'gone' } | { kind: 'unreadable' };

/** How often the service is asked again about a shared item at most. */
export const refreshEveryMs = 5 * 60_000;
// A link with no copy yet (made before copies) shows nothing until one is read: it tries sooner.
const firstReadRetryMs = 60_000;
// With a copy to show, a visitor waits this long at most for a slow refresh.
const visitorWaitMs = 2_000;

/** Reads one item with the owner's credential: its status, and the item when the service answered it. */
export async function readItem(caller: Caller, itemId: string): Promise<{ status: number; item: UpstreamItem | null; message: string | null }> {
  const response = await sendUpstream({ method: 'GET', pathAndQuery: `/v1/items/${encodeURIComponent(itemId)}`, body: null, contentType: null }, caller);
  const body = (await response.json().catch(() => null)) as (UpstreamItem & { message?: string }) | null;
  return response.ok ? { status: 200, item: body, message: null } : { status: response.status, item: null, message: body?.message ?? null };
}

// A preview image is fetched by other sites' crawlers: only a web address will do.
function webImage(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

function sharedPartsOf(item: UpstreamItem): SharedItem {
  return {
    title: item.title, source: item.feeds.map((feed) => feed.title).join(', ') || null, author: item.author,
    published_at: item.published_at, summary: item.summary, content: item.content, canonical_url: item.canonical_url,
    item_type: item.item_type, audio_url: item.audio_url,
    // The item's own lead image, else an episode's artwork.
    image_url: webImage(item.media_url) ?? webImage(item.artwork_url),
  };
}

/** Keeps what the service said about an owner's item, read on the owner's behalf anyway (making or listing links). */
export function keepSnapshot(dataDir: string, owner: string, itemId: string, item: UpstreamItem | null, now: number): Promise<void> {
  const shared = item?.is_saved === true;
  return shareLinkStore(dataDir).saveSnapshot({ owner, item_id: itemId, item: shared ? JSON.stringify(sharedPartsOf(item)) : null, shared: shared ? 1 : 0, checked_at: now });
}

async function refresh(dataDir: string, owner: string, itemId: string, caller: Caller, now: number): Promise<void> {
  try {
    const { status, item } = await readItem(caller, itemId);
    // Unsaved, deleted, or (for a person) a key the service no longer takes: the owner withdrew the item.
    if (item || status === 404 || (status === 401 && caller.kind === 'person')) await keepSnapshot(dataDir, owner, itemId, item, now);
    else console.warn(`[tidings] A shared item could not be read again (the service answered ${status}); its links show the copy kept, if there is one.`);
  } catch (error) {
    console.warn(`[tidings] A shared item could not be read again (${(error as Error).message}); its links show the copy kept, if there is one.`);
  }
}

function due(snapshot: ShareSnapshotRow | null, now: number): boolean {
  if (!snapshot) return true;
  const every = snapshot.item === null && snapshot.shared ? firstReadRetryMs : refreshEveryMs;
  return now - snapshot.checked_at >= every;
}

const holder = globalThis as typeof globalThis & { __tidingsShareRefreshes?: Map<string, Promise<void>> };
const refreshes = (): Map<string, Promise<void>> => (holder.__tidingsShareRefreshes ??= new Map());

function waitAtMost(promise: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<void>((resolve) => { timer = setTimeout(resolve, ms); });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/**
 * What a visitor of one of `owner`'s links to `itemId` sees at `now`: the kept copy, refreshed
 * first when due, with one refresh in flight per item however many visits wait for it.
 */
export async function snapshotView(dataDir: string, owner: string, itemId: string, caller: Caller, now: number): Promise<SnapshotView> {
  const store = shareLinkStore(dataDir);
  const key = `${dataDir}\n${owner}\n${itemId}`;
  let pending = refreshes().get(key);
  if (!pending && due(await store.snapshot(owner, itemId), now)) {
    // Another visit may have started the refresh while this one read the copy.
    pending = refreshes().get(key);
    if (!pending) {
      // Noted before asking, so a refresh that fails is not tried again by every visit that follows.
      pending = store.markChecked(owner, itemId, now).then(() => refresh(dataDir, owner, itemId, caller, now)).finally(() => refreshes().delete(key));
      refreshes().set(key, pending);
    }
  }
  if (pending) {
    if ((await store.snapshot(owner, itemId))?.item) await waitAtMost(pending, visitorWaitMs);
    else await pending;
  }
  const snapshot = await store.snapshot(owner, itemId);
  if (snapshot?.item) return { kind: 'item', item: JSON.parse(snapshot.item) as SharedItem };
  return snapshot && !snapshot.shared ? { kind: 'gone' } : { kind: 'unreadable' };
}
