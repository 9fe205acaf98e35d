/*
 * What `seed:demo` does for one user, through the store's interfaces only (no SQL here), so that it
 * runs on either engine: the demo sources of demo-content.ts, their items, icons, folders and a
 * reading history. Idempotent: a source the user already follows is left alone.
 */
import { createHash } from 'node:crypto';
import type { ServiceContext } from '../context';
import type { IndexedDoc } from '../intelligence';
import type { User } from '../domain/accounts';
import { historyCapOf } from '../domain/feeds/subscribe-user';
import type { NewItem } from '../domain/feeds/store-items';
import { savedLimitError } from '../domain/items/item-state';
import { nextPlayback } from '../domain/items/playback';
import { distinctTagNames } from '../domain/items/tags';
import { plans } from '../domain/plans';
import type { ItemFilter } from '../store/items';
import type { Store } from '../store/store';
import { demoFolders, demoSources, type DemoSource } from './demo-content';
import { seedDemoIcon } from './demo-icons';
import { demoItems, seededRandom } from './demo-items';
import { demoArtworkUrl } from './demo-media';

/**
 * Where the demo is seeded: the store, the mail domain (of the newsletter's address), and how new
 * items are indexed for similar items and stories (each engine's intelligence has its own call).
 */
export type DemoTarget = { store: Store; mailDomain: string; index(docs: IndexedDoc[]): void | Promise<void> };

/** The demo's target in a service (on either engine): its store, and its intelligence indexing a batch in one transaction. */
export function demoTargetOf(service: ServiceContext): DemoTarget {
  const { intelligence } = service;
  return {
    store: service.store, mailDomain: service.config.mailDomain,
    index: async (docs) => void await intelligence.addItems(docs),
  };
}

/** What one run of the seed did. */
export type SeedSummary = { sources: number; added: number; items: number; unread: number; saved: number; tagged: number };

const dayMs = 86_400_000;

/** Where a demo source lives: its feed URL, or for the newsletter an address of the user's own. */
function sourceAddress(source: DemoSource, user: User, mailDomain: string): { url: string | null; newsletter_address: string | null } {
  if (source.sourceType !== 'newsletter') {
    return { url: `${source.website}/${source.sourceType === 'podcast' ? 'podcast' : 'feed'}.xml`, newsletter_address: null };
  }
  const mailbox = createHash('sha256').update(`${source.key}:${user.id}`).digest('hex').slice(0, 10);
  return { url: null, newsletter_address: `${source.key}.${mailbox}@${mailDomain}` };
}

async function findFeed(store: Store, address: { url: string | null; newsletter_address: string | null }): Promise<string | null> {
  if (address.url) return store.subscriptions.findFeed(address.url);
  return (await store.subscriptions.newsletter(address.newsletter_address!))?.feed_id ?? null;
}

/** The user's demo folder of this name (pinned as the demo says when the seed makes it), or null for none. */
async function folderIdOf(store: Store, userId: string, name: string | undefined): Promise<string | null> {
  const folder = demoFolders.find((candidate) => candidate.name === name);
  if (!folder) return null;
  const { id, created } = await store.folders.ensure(userId, folder.name);
  if (created && folder.pinned) await store.folders.update(userId, id, { is_pinned: true });
  return id;
}

/** The source's items the user now holds, newest first, with the guid each was seeded under (its state's seed). */
async function heldItems(store: Store, userId: string, subscriptionId: string, items: NewItem[]) {
  const guidOf = new Map(items.map((item) => [`${Date.parse(item.published_at ?? '')}|${item.title}`, item.guid]));
  const page = await store.items.list(userId, { filter: { subscription_ids: [subscriptionId] }, order: 'newest', limit: 10_000 });
  if (!('rows' in page)) return [];
  return page.rows.map((row) => ({
    item_id: row.id, guid: guidOf.get(`${Date.parse(row.published_at ?? '')}|${row.title}`) ?? row.id,
    published_ms: Date.parse(row.published_at ?? ''), duration_seconds: row.duration_seconds,
  }));
}

/** Reads, saves, tags and playback for a freshly followed source, so the demo looks lived in. */
async function applyReadingHistory(store: Store, user: User, source: DemoSource, subscriptionId: string, items: NewItem[], now: number): Promise<void> {
  const entries = await heldItems(store, user.id, subscriptionId, items);
  const read: string[] = [];
  const saved: string[] = [];
  for (const [index, entry] of entries.entries()) {
    const random = seededRandom(`state:${entry.guid}`);
    const ageDays = (now - entry.published_ms) / dayMs;
    if (source.podcast && entry.duration_seconds) {
      // The newest episode is new, the next one half heard, older ones mostly finished.
      const heard = index === 1 ? 0.4 : index > 1 && random.chance(0.7) ? 1 : 0;
      if (heard) {
        const at = new Date(Math.min(now, entry.published_ms + dayMs)).toISOString();
        const body = { position_seconds: Math.round(entry.duration_seconds * heard), client_timestamp: at };
        await store.playback.record(user.id, entry.item_id, (current) => nextPlayback(current, body, Date.parse(at)));
      }
    } else if (random.chance(ageDays > 3 ? 0.75 : 0.12)) {
      read.push(entry.item_id);
    }
    const isSaved = random.chance(0.08);
    if (isSaved) saved.push(entry.item_id);
    if (random.chance(isSaved ? 0.6 : 0.05)) {
      await store.items.setTags(user.id, entry.item_id, distinctTagNames(random.sample(source.tags, random.int(1, Math.min(2, source.tags.length)))));
    }
  }
  if (read.length) await store.items.bulkUpdate(user.id, read, 'mark_read', null);
  if (saved.length && await store.items.bulkUpdate(user.id, saved, 'save', plans[user.plan].savedItems) === 'saved_limit') throw savedLimitError(user);
}

/** Indexes the source's new items for similar items and stories, in id order as a refresh does (so stories come out the same). */
async function indexNewItems(target: DemoTarget, feedId: string, items: NewItem[], added: string[], addedFrom: number[], now: Date): Promise<void> {
  const docs = added.map((id, i) => ({ id, item: items[addedFrom[i]!]! })).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  await target.index(docs.map(({ id, item }) => ({
    id, title: item.title, summary: item.summary, content: item.content, url: item.url, source_id: feedId,
    // As stored: an undated or future-dated item is dated when it was first seen.
    published_at: item.published_at && Date.parse(item.published_at) <= now.getTime() ? item.published_at : now.toISOString(),
  })));
}

/**
 * Seeds one source for the user and answers the user's subscription to it; `added` false when the
 * user already followed it (nothing is then done). Each step is one unit of work of the store; the
 * subscription comes first, so a run stopped half way leaves the source followed (a second run passes it by).
 */
async function seedSource(target: DemoTarget, user: User, source: DemoSource, now: number): Promise<{ added: boolean; subscriptionId: string }> {
  const { store } = target;
  const address = sourceAddress(source, user, target.mailDomain);
  const existing = await findFeed(store, address);
  const at = new Date(now);
  const rules = { folderId: null, feedLimit: null, historyCap: historyCapOf(user.plan), now: at };
  const subscribed = existing
    ? await store.subscriptions.subscribe(user.id, existing, rules)
    : await store.subscriptions.subscribeToNewFeed(user.id, {
      // Marked demo so the scheduler never fetches it: its address is made up, and every fetch would fail.
      ...address, source_type: source.sourceType, title: source.title, website: source.website, description: source.description,
      language: 'en', artist: source.podcast?.artist ?? null, podcast_summary: source.podcast?.summary ?? null,
      explicit: source.podcast ? false : null, artwork_url: source.podcast ? demoArtworkUrl(source.key) : null, is_demo: true,
    }, null, rules);
  if (subscribed === 'feed_limit') throw new Error('the plan has no room for another subscription.');
  if (!subscribed.created) return { added: false, subscriptionId: subscribed.subscription_id };
  const { feed_id: feedId, subscription_id: subscriptionId } = subscribed;
  const folderId = await folderIdOf(store, user.id, source.folder);
  if (folderId || source.pinned) {
    await store.subscriptions.change(user.id, [subscriptionId], { folder_id: folderId, ...(source.pinned ? { is_pinned: true } : {}) }, { revive: false, cap: rules.historyCap });
  }
  await seedDemoIcon(store.feedIcons, feedId, source.key, source.website, at);
  const items = demoItems(source, now);
  const stored = await store.feeds.storeItems(feedId, items, at, () => () => []);
  await indexNewItems(target, feedId, items, stored.added, stored.addedFrom ?? [], at);
  await applyReadingHistory(store, user, source, subscriptionId, items, now);
  return { added: true, subscriptionId };
}

/** How many items the user holds that match the filter. */
async function countOf(store: Store, userId: string, filter: ItemFilter): Promise<number> {
  const page = await store.items.list(userId, { filter, order: 'newest', limit: 1 });
  return 'total' in page ? page.total : 0;
}

/** Searches a reader of the demo might keep (Settings › Saved searches would otherwise open empty). */
const demoSavedSearches = [
  { name: 'Flood defenses', query: { q: 'flood' } },
  { name: 'Budget votes', query: { q: 'budget vote' } },
];

/** Seeds every demo source the user does not follow yet and counts what the user now has from them. */
export async function seedDemo(target: DemoTarget, user: User, now = Date.now()): Promise<SeedSummary> {
  const seeded = [];
  for (const source of demoSources) seeded.push(await seedSource(target, user, source, now));
  // A name the user has already (a run before, or their own search) is left as it is.
  for (const search of demoSavedSearches) await target.store.savedSearches.create(user.id, { ...search, is_pinned: false }, {});
  const subscription_ids = seeded.map(({ subscriptionId }) => subscriptionId);
  const tag_ids = (await target.store.tags.list(user.id)).map((tag) => tag.id);
  return {
    sources: demoSources.length,
    added: seeded.filter(({ added }) => added).length,
    items: await countOf(target.store, user.id, { subscription_ids }),
    unread: await countOf(target.store, user.id, { subscription_ids, is_read: false }),
    saved: await countOf(target.store, user.id, { subscription_ids, is_saved: true }),
    tagged: tag_ids.length ? await countOf(target.store, user.id, { subscription_ids, tag_ids }) : 0,
  };
}

