/** Google Reader's reads: user-info, subscription/list, tag/list, unread-count and the item streams. */
import type { User } from '../../domain/accounts';
import type { ContentRow, Position, RefQuery } from '../../store/greader';
import type { Store } from '../../store/store';
import { feedStreamId, labelId, longItemId, parseItemId, parseStream, type Stream } from './greader-ids';

/** A call's problem the client must fix: answered 400 with the sentence. */
export class BadRequest extends Error {}

const readState = 'user/-/state/com.google/read';
const starredState = 'user/-/state/com.google/starred';
const readingList = 'user/-/state/com.google/reading-list';
const feedAddress = (row: { feed_url: string | null; feed_key: string }) => row.feed_url ?? row.feed_key;

/** GET user-info. */
export function userInfo(user: User) {
  return { userId: user.id, userName: user.email, userProfileId: user.id, userEmail: user.email, isBloggerUser: false, signupTimeSec: Math.floor(Date.parse(user.created_at) / 1000) };
}

/** GET subscription/list: every subscription as `feed/<url>`, its folder as its category. */
export async function subscriptionList(store: Store, user: User) {
  return {
    subscriptions: (await store.greader.subscriptions(user.id)).map((row) => ({
      id: feedStreamId(feedAddress(row)), title: row.title, url: row.feed_url ?? '', htmlUrl: row.website ?? '', iconUrl: '',
      categories: row.folder ? [{ id: labelId(row.folder), label: row.folder }] : [],
    })),
  };
}

/** GET tag/list: the starred state, folders (type folder) and tags. */
export async function tagList(store: Store, user: User) {
  const { folders, tags } = await store.greader.labelNames(user.id);
  const folderKeys = new Set(folders.map((name) => name.toLowerCase()));
  return {
    tags: [
      { id: starredState },
      ...folders.map((name) => ({ id: labelId(name), type: 'folder' })),
      ...tags.filter((name) => !folderKeys.has(name.toLowerCase())).map((name) => ({ id: labelId(name), type: 'tag' })),
    ],
  };
}

/** GET unread-count: per feed, per folder and for the reading list. */
export async function unreadCount(store: Store, user: User) {
  const [rows, unreadCounts] = await Promise.all([store.greader.subscriptions(user.id), store.greader.unreadBySubscription(user.id)]);
  const subscriptions = new Map(rows.map((row) => [row.id, row]));
  const counts: { id: string; count: number; newestItemTimestampUsec: string }[] = [];
  const folders = new Map<string, { count: number; newest: number }>();
  let total = 0;
  let newestOfAll = 0;
  for (const unread of unreadCounts) {
    const row = subscriptions.get(unread.subscription_id);
    if (!row) continue;
    counts.push({ id: feedStreamId(feedAddress(row)), count: unread.count, newestItemTimestampUsec: String(unread.newest_ms * 1000) });
    total += unread.count;
    newestOfAll = Math.max(newestOfAll, unread.newest_ms);
    if (row.folder) {
      const folder = folders.get(row.folder) ?? { count: 0, newest: 0 };
      folders.set(row.folder, { count: folder.count + unread.count, newest: Math.max(folder.newest, unread.newest_ms) });
    }
  }
  for (const [name, folder] of folders) counts.push({ id: labelId(name), count: folder.count, newestItemTimestampUsec: String(folder.newest * 1000) });
  counts.push({ id: readingList, count: total, newestItemTimestampUsec: String(newestOfAll * 1000) });
  return { max: total, unreadcounts: counts };
}

/** A continuation token: where the next page starts. */
export function encodeContinuation(position: Position): string {
  return Buffer.from(`${position.ms}:${position.itemId}`).toString('base64url');
}

function decodeContinuation(text: string): Position {
  const match = Buffer.from(text, 'base64url').toString().match(/^(-?\d+):([0-9a-f-]{36})$/);
  if (!match) throw new BadRequest('The continuation token is not one this server gave.');
  return { ms: Number(match[1]), itemId: match[2] };
}

function stream(id: string | null, what: string): Stream {
  const parsed = id ? parseStream(id) : undefined;
  if (!parsed) throw new BadRequest(`${what} is not a stream id this server knows${id ? `: ${id}` : ''}.`);
  return parsed;
}

function seconds(value: string | null, name: string): number | undefined {
  if (value === null || value === '') return undefined;
  if (!/^\d{1,13}$/.test(value)) throw new BadRequest(`${name} must be a time in Unix seconds.`);
  return Number(value) * 1000;
}

/** Reads a stream query from the parameters (`s` or the path's stream, `xt`, `it`, `ot`, `nt`, `r`, `n`, `c`). */
export function refQuery(params: URLSearchParams, streamId: string | null, maxCount: number): RefQuery {
  const n = params.get('n');
  if (n !== null && !/^\d{1,6}$/.test(n)) throw new BadRequest('n must be a whole number.');
  const c = params.get('c');
  return {
    stream: stream(streamId, 'The stream'),
    exclude: params.get('xt') ? stream(params.get('xt'), 'xt') : undefined,
    include: params.get('it') ? stream(params.get('it'), 'it') : undefined,
    oldestMs: seconds(params.get('ot'), 'ot'),
    newestMs: seconds(params.get('nt'), 'nt'),
    oldestFirst: params.get('r') === 'o',
    count: Math.min(maxCount, Math.max(1, n === null ? 20 : Number(n))),
    after: c ? decodeContinuation(c) : undefined,
  };
}

/** GET stream/items/ids: the refs of a stream, decimal ids, with a continuation when more follow. */
export async function streamItemIds(store: Store, user: User, query: RefQuery): Promise<Response> {
  const { refs, next } = await store.greader.itemRefs(user.id, query);
  // Written out rather than made into 10,000 objects for JSON.stringify: numbers only, nothing to escape.
  const list = refs.map(([id, ms]) => `{"id":"${id}","directStreamIds":[],"timestampUsec":"${ms * 1000}"}`).join(',');
  const continuation = next ? `,"continuation":"${encodeContinuation(next)}"` : '';
  return new Response(`{"itemRefs":[${list}]${continuation}}`, { headers: { 'content-type': 'application/json' } });
}

/** An item in the JSON form of stream contents. */
export function toGoogleItem(row: ContentRow) {
  const labels = [row.folder, ...(row.tags ? row.tags.split('\n') : [])].filter((name): name is string => Boolean(name));
  return {
    id: longItemId(row.id),
    crawlTimeMsec: String(Date.parse(row.created_at)),
    timestampUsec: String(row.published_ms * 1000),
    published: Math.floor(row.published_ms / 1000),
    updated: Math.floor(row.published_ms / 1000),
    title: row.title,
    author: row.author ?? '',
    canonical: row.url ? [{ href: row.url }] : [],
    alternate: row.url ? [{ href: row.url, type: 'text/html' }] : [],
    summary: { direction: 'ltr', content: row.html },
    categories: [
      readingList,
      ...(row.is_read ? [readState] : []), ...(row.is_saved ? [starredState] : []), ...[...new Set(labels)].map(labelId),
    ],
    origin: { streamId: feedStreamId(row.feed_url ?? row.feed_key), title: row.feed_title, htmlUrl: row.website ?? '' },
  };
}

/** POST stream/items/contents: the items named by `i` (any id form), in that order. */
export async function streamItemContents(store: Store, user: User, params: URLSearchParams, maxCount: number) {
  const given = params.getAll('i');
  if (!given.length) throw new BadRequest('Name the items with i.');
  if (given.length > maxCount) throw new BadRequest(`At most ${maxCount} items a call.`);
  const ids = given.map((text) => {
    const id = parseItemId(text);
    if (id === undefined) throw new BadRequest(`${text} is not an item id.`);
    return id;
  });
  return { id: readingList, updated: Math.floor(Date.now() / 1000), items: (await store.greader.itemContents(user.id, ids)).map(toGoogleItem) };
}

/** GET stream/contents/<stream>: a page of a stream's items, with a continuation when more follow. */
export async function streamContents(store: Store, user: User, streamId: string, query: RefQuery) {
  const { refs, next } = await store.greader.itemRefs(user.id, query);
  return {
    id: streamId, updated: Math.floor(Date.now() / 1000),
    items: (await store.greader.itemContents(user.id, refs.map(([id]) => id))).map(toGoogleItem),
    ...(next ? { continuation: encodeContinuation(next) } : {}),
  };
}
