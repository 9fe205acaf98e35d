/** The Fever API's reads: groups, feeds, favicons, items, the unread and saved id lists and links. */
import type { FeverPage } from '../../store/fever';
import type { Store } from '../../store/store';
import { idList, wholeNumber } from './fever-request';

/** Items one Fever call returns at most, as Fever. */
export const itemsPerCall = 50;

type Answer = Record<string, unknown>;
const unixSeconds = (iso: string | null) => (iso ? Math.floor(Date.parse(iso) / 1000) : 0);

/** Which folder holds which feeds, as Fever's `feeds_groups`: one entry per folder, the feed ids comma-separated. */
function feedsGroups(feeds: { id: number; group_id: number | null }[]): { group_id: number; feed_ids: string }[] {
  const byGroup = new Map<number, number[]>();
  for (const feed of feeds) if (feed.group_id !== null) byGroup.set(feed.group_id, [...(byGroup.get(feed.group_id) ?? []), feed.id]);
  return [...byGroup].map(([group_id, ids]) => ({ group_id, feed_ids: ids.join(',') }));
}

/** When the user's feeds were last fetched, in Unix seconds (0 before any fetch). */
export async function lastRefreshedOn(store: Store, userId: string): Promise<number> {
  return Math.max(0, ...(await store.fever.feeds(userId)).map((feed) => unixSeconds(feed.last_fetched_at)));
}

async function items(store: Store, userId: string, params: URLSearchParams): Promise<Answer> {
  const withIds = params.get('with_ids');
  let page: FeverPage;
  if (withIds !== null) page = { ids: idList(withIds, itemsPerCall) ?? [] };
  else if (params.has('max_id')) page = { maxId: wholeNumber(params.get('max_id')) ?? 0 };
  else page = { sinceId: wholeNumber(params.get('since_id')) ?? 0 };
  // max_id=0 asks for the newest items, as in Fever's own clients.
  if (page.maxId === 0) page = { maxId: Number.MAX_SAFE_INTEGER };
  return {
    items: (await store.fever.items(userId, page, itemsPerCall)).map((row) => ({
      id: row.id, feed_id: row.feed_id, title: row.title, author: row.author ?? '', html: row.html, url: row.url ?? '',
      is_saved: row.is_saved, is_read: row.is_read, created_on_time: Math.floor(row.published_ms / 1000),
    })),
    total_items: await store.fever.totalItems(userId),
  };
}

/** Every part of the answer the call's parameters ask for (`groups`, `feeds`, `items`…), beside one another. */
export async function readParts(store: Store, userId: string, params: URLSearchParams): Promise<Answer> {
  const answer: Answer = {};
  const wants = (name: string) => params.has(name);
  if (wants('groups') || wants('feeds')) {
    const feeds = await store.fever.feeds(userId);
    if (wants('groups')) answer.groups = await store.fever.groups(userId);
    if (wants('feeds')) {
      answer.feeds = feeds.map((feed) => ({
        id: feed.id, favicon_id: feed.has_icon ? feed.id : 0, title: feed.title, url: feed.url ?? '', site_url: feed.site_url ?? '', is_spark: 0,
        last_updated_on_time: unixSeconds(feed.last_fetched_at),
      }));
    }
    answer.feeds_groups = feedsGroups(feeds);
  }
  // Fever's data is a data URI without its `data:` scheme; a feed without an icon has favicon_id 0.
  if (wants('favicons')) {
    answer.favicons = (await store.fever.favicons(userId)).map((icon) => ({ id: icon.id, data: `${icon.content_type};base64,${icon.data.toString('base64')}` }));
  }
  if (wants('items')) Object.assign(answer, await items(store, userId, params));
  if (wants('unread_item_ids')) answer.unread_item_ids = (await store.fever.itemIds(userId, 'unread')).join(',');
  if (wants('saved_item_ids')) answer.saved_item_ids = (await store.fever.itemIds(userId, 'saved')).join(',');
  if (wants('links')) answer.links = [];
  return answer;
}
