/**
 * `npm run seed:demo [-- --email <email>]`: fills the data directory with the demo sources of
 * demo-content.ts for a user (default: the owner), so a newcomer without internet sees a full
 * reader. Idempotent: a source the user already follows is left alone.
 */
import { createHash, randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { ServiceContext } from '../context';
import { ensureOwner, ensureUser, type User } from '../domain/accounts';
import { createFeed, findFeedByUrl, subscribeUserToFeed } from '../store/sqlite/subscribing';
import { seedDemoIcon } from './demo-icons';
import { storeItems } from '../store/sqlite/store-items';
import { historyCapOf } from '../domain/feeds/subscribe-user';
import { savedLimitError } from '../domain/items/item-state';
import { nextPlayback } from '../domain/items/playback';
import { distinctTagNames } from '../domain/items/tags';
import { plans } from '../domain/plans';
import { createIntelligence } from '../intelligence';
import { itemUnits } from '../store/sqlite/items';
import { recordPlaybackNow } from '../store/sqlite/playback';
import { sqliteStore } from '../store/sqlite/sqlite-store';
import type { Db } from '../store/database';
import { openDataDirectory, UsageError } from './command';
import { demoFolders, demoSources, type DemoSource } from './demo-content';
import { demoItems, seededRandom } from './demo-items';
import { demoArtworkUrl } from './demo-media';

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

function findFeed(db: Db, address: { url: string | null; newsletter_address: string | null }): string | null {
  if (address.url) return findFeedByUrl(db, address.url);
  return (db.prepare('SELECT id FROM feeds WHERE newsletter_address = ?').pluck().get(address.newsletter_address) as string | undefined) ?? null;
}

function folderIdOf(db: Db, user: User, name: string | undefined, now: Date): string | null {
  const folder = demoFolders.find((candidate) => candidate.name === name);
  if (!folder) return null;
  db.prepare('INSERT INTO folders (id, user_id, name, is_pinned, created_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (user_id, name) DO NOTHING')
    .run(randomUUID(), user.id, folder.name, folder.pinned ? 1 : 0, now.toISOString());
  return db.prepare('SELECT id FROM folders WHERE user_id = ? AND name = ?').pluck().get(user.id, folder.name) as string;
}

/** Reads, saves, tags and playback for a freshly followed source, so the demo looks lived in. */
function applyReadingHistory(db: Db, user: User, source: DemoSource, subscriptionId: string, now: number): void {
  const entries = db.prepare(`SELECT e.item_id, i.guid, i.published_ms, i.duration_seconds FROM entries e JOIN items i ON i.id = e.item_id
    WHERE e.user_id = ? AND e.subscription_id = ? ORDER BY e.published_ms DESC`).all(user.id, subscriptionId) as
    { item_id: string; guid: string; published_ms: number; duration_seconds: number | null }[];
  const read: string[] = [];
  const saved: string[] = [];
  entries.forEach((entry, index) => {
    const random = seededRandom(`state:${entry.guid}`);
    const ageDays = (now - entry.published_ms) / dayMs;
    if (source.podcast && entry.duration_seconds) {
      // The newest episode is new, the next one half heard, older ones mostly finished.
      const heard = index === 1 ? 0.4 : index > 1 && random.chance(0.7) ? 1 : 0;
      if (heard) {
        const at = new Date(Math.min(now, entry.published_ms + dayMs)).toISOString();
        const body = { position_seconds: Math.round(entry.duration_seconds * heard), client_timestamp: at };
        recordPlaybackNow(db, user.id, entry.item_id, (current) => nextPlayback(current, body, Date.parse(at)));
      }
    } else if (random.chance(ageDays > 3 ? 0.75 : 0.12)) {
      read.push(entry.item_id);
    }
    const isSaved = random.chance(0.08);
    if (isSaved) saved.push(entry.item_id);
    if (random.chance(isSaved ? 0.6 : 0.05)) {
      itemUnits(db).setTags(user.id, entry.item_id, distinctTagNames(random.sample(source.tags, random.int(1, Math.min(2, source.tags.length)))));
    }
  });
  // Inside the source's transaction, so the store's synchronous units (a refusal undoes the source).
  if (read.length) itemUnits(db).bulkUpdate(user.id, read, 'mark_read', null);
  if (saved.length && itemUnits(db).bulkUpdate(user.id, saved, 'save', plans[user.plan].savedItems) === 'saved_limit') throw savedLimitError(user);
}

/** Seeds one source for the user; false when the user already follows it. */
function seedSource(service: ServiceContext, user: User, source: DemoSource, now: number): boolean {
  const { db } = service;
  const address = sourceAddress(source, user, service.config.mailDomain);
  const existing = findFeed(db, address);
  if (existing && db.prepare('SELECT 1 FROM subscriptions WHERE user_id = ? AND feed_id = ?').get(user.id, existing)) return false;
  const at = new Date(now);
  const items = demoItems(source, now);
  db.transaction(() => {
    const feedId = existing ?? createFeed(db, {
      ...address, source_type: source.sourceType, title: source.title, website: source.website, description: source.description,
      language: 'en', artist: source.podcast?.artist ?? null, podcast_summary: source.podcast?.summary ?? null,
      explicit: source.podcast ? false : null, artwork_url: source.podcast ? demoArtworkUrl(source.key) : null,
    }, new Date(now - 61 * dayMs));
    // Marked so the scheduler never fetches it: its address is made up, and every fetch would fail.
    db.prepare('UPDATE feeds SET is_demo = 1 WHERE id = ?').run(feedId);
    seedDemoIcon(db, feedId, source.key, source.website, at);
    const subscriptionId = subscribeUserToFeed(db, user.id, feedId, { folderId: folderIdOf(db, user, source.folder, at), now: at, historyCap: historyCapOf(user.plan) });
    if (source.pinned) db.prepare('UPDATE subscriptions SET is_pinned = 1 WHERE id = ?').run(subscriptionId);
    const stored = storeItems(db, feedId, items, at);
    const added = new Set(stored.added);
    for (const item of db.prepare('SELECT id, title, summary, content, url, published_at FROM items WHERE feed_id = ?').all(feedId) as
      { id: string; title: string; summary: string | null; content: string | null; url: string | null; published_at: string | null }[]) {
      if (!added.has(item.id)) continue;
      service.intelligence.addItem({ ...item, summary: item.summary ?? '', content: item.content ?? '', source_id: feedId });
    }
    applyReadingHistory(db, user, source, subscriptionId, now);
  })();
  return true;
}

/** Seeds every demo source the user does not follow yet and counts what the user now has from them. */
export function seedDemo(service: ServiceContext, user: User, now = Date.now()): SeedSummary {
  const added = demoSources.filter((source) => seedSource(service, user, source, now)).length;
  const counts = service.db.prepare(`SELECT COUNT(*) AS items, COALESCE(SUM(e.is_read = 0), 0) AS unread, COALESCE(SUM(e.is_saved), 0) AS saved,
      (SELECT COUNT(DISTINCT item_id) FROM item_tags WHERE user_id = @user) AS tagged
    FROM entries e JOIN items i ON i.id = e.item_id WHERE e.user_id = @user AND i.guid LIKE 'tidings-demo:%'`)
    .get({ user: user.id }) as Omit<SeedSummary, 'sources' | 'added'>;
  return { sources: demoSources.length, added, ...counts };
}

/** Runs `seed:demo` with these arguments on TIDINGS_DATA_DIR and answers its exit code (the tests call it in-process). */
export async function main(argv: string[]): Promise<number> {
  let email: string | undefined;
  try {
    const { values } = parseArgs({ args: argv, options: { email: { type: 'string' }, help: { type: 'boolean', short: 'h' } }, strict: true });
    if (values.help) {
      console.log('Usage: npm run seed:demo [-- --email <email>]\n\nFills TIDINGS_DATA_DIR (default ./data) with demo sources and items for that user (default: the owner).');
      return 0;
    }
    email = values.email?.trim();
    if (email !== undefined && !/^[^\s@]+@[^\s@]+$/.test(email)) throw new UsageError(`--email "${email}" is not an email address.`);
  } catch (error) {
    console.error(`seed:demo: ${error instanceof Error ? error.message : String(error)}`);
    return 2;
  }
  const { db, config, databaseFile } = openDataDirectory();
  try {
    const store = sqliteStore(db);
    const user = email ? await ensureUser(store, email) : await ensureOwner(store, config.ownerEmail);
    const summary = seedDemo({ db, store, config, intelligence: createIntelligence(db) }, user);
    console.log(summary.added
      ? `Seeded ${summary.added} demo sources for ${user.email} in ${databaseFile}: ${summary.items} items, ${summary.unread} unread, ${summary.saved} saved, ${summary.tagged} tagged.`
      : `Demo content already present for ${user.email} in ${databaseFile} (${summary.items} items); nothing added.`);
    return 0;
  } catch (error) {
    console.error(`seed:demo: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    db.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exitCode = await main(process.argv.slice(2));
