/*
 * `seed:demo` on a temporary data directory; what it made is read back through the real
 * service's HTTP interface with an API key. The first run is a real child process (the entry
 * point's exit code and output); the later ones run its entry function in-process.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ensureOwner, findUserByEmail, issueCredential } from '@/lib/service/domain/accounts';
import type { ItemListEntry } from '@/lib/contract/items';
import { createService, type SqliteService } from '@/lib/service/service';
import { demoAudioSeconds } from '@/lib/service/cli/demo-media';
import { claimDueFeeds } from '@/lib/service/domain/feeds/refresh-feed';
import { feedsToRefresh } from '@/lib/service/domain/feeds/feeds-to-refresh';
import { runSeedDemo, spawnTidings } from './tidings-cli';

// The first test starts a `tsx` child process: on a busy two-core machine it can take longer than the default 20 s.
vi.setConfig({ testTimeout: 60_000 });

let dataDir: string;
let service: SqliteService;

const seed = (...args: string[]) => runSeedDemo({ TIDINGS_DATA_DIR: dataDir }, args);
const spawned = (...args: string[]) => spawnTidings({ TIDINGS_DATA_DIR: dataDir }, args, 'lib/service/cli/seed-demo.ts');

async function get(pathAndQuery: string, key: string) {
  const response = await service.fetch(new Request(`http://x${pathAndQuery}`, { headers: { authorization: `Bearer ${key}` } }));
  return { status: response.status, body: await response.json() };
}

/** Every item of the user, page by page through the cursor. */
async function allItems(key: string) {
  const items: ItemListEntry[] = [];
  let cursor: string | null = null;
  do {
    const page = await get(`/v1/items?limit=100${cursor ? `&cursor=${cursor}` : ''}`, key);
    expect(page.status).toBe(200);
    items.push(...page.body.data);
    cursor = page.body.pagination.next_cursor;
  } while (cursor);
  return items;
}

beforeAll(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'tidings-seed-'));
});

afterAll(() => {
  service?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('seed:demo', () => {
  it('fills the data directory for the owner with a few hundred items from feeds, a newsletter and a podcast', async () => {
    const run = await spawned();
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout.trim().split('\n')).toHaveLength(1);
    expect(run.stdout).toMatch(/^Seeded 8 demo sources for owner@tidings\.local/);

    service = createService({ databaseFile: path.join(dataDir, 'service.db') });
    const owner = await ensureOwner(service.store, service.config.ownerEmail);
    const { secret: key } = await issueCredential(service.store, owner.id, 'api_key', 'test');
    const items = await allItems(key);
    expect(items.length).toBeGreaterThanOrEqual(200);
    expect(items.length).toBeLessThanOrEqual(500);

    const sourceTypes = new Set(items.map((item) => item.feeds[0].source_type));
    expect(sourceTypes).toEqual(new Set(['feed', 'newsletter', 'podcast']));
    expect(new Set(items.map((item) => item.feeds[0].id)).size).toBe(8);

    const read = items.filter((item) => item.is_read).length;
    expect(read).toBeGreaterThan(0);
    expect(read).toBeLessThan(items.length);
    expect(items.some((item) => item.is_saved)).toBe(true);

    const oldest = Math.min(...items.map((item) => Date.parse(item.published_at ?? '')));
    expect((Date.now() - oldest) / 86_400_000).toBeGreaterThan(45);
    expect((Date.now() - oldest) / 86_400_000).toBeLessThan(70);

    const episode = items.find((item) => item.item_type === 'episode')!;
    // Audio and artwork the app itself serves (made by code), never a host that cannot be reached.
    expect(episode).toMatchObject({
      episode_type: 'full', audio_url: expect.stringMatching(/^\/api\/demo-media\/small-hours-\d+\.wav$/),
      artwork_url: '/api/demo-media/small-hours.png', duration_seconds: demoAudioSeconds,
    });
    expect(items.some((item) => item.item_type === 'episode' && (item.playback_position ?? 0) > 0)).toBe(true);
  });

  it('marks every demo source so that it is never fetched, nor ever failing', async () => {
    const owner = await ensureOwner(service.store, 'owner@tidings.local');
    const feeds = service.db.prepare(`SELECT f.id, f.is_demo, f.status FROM feeds f JOIN subscriptions s ON s.feed_id = f.id WHERE s.user_id = ?`)
      .all(owner.id) as { id: string; is_demo: number; status: string }[];
    expect(feeds).toHaveLength(8);
    expect(feeds.every((feed) => feed.is_demo === 1 && feed.status === 'healthy')).toBe(true);
    // Even when due long ago, the scheduler and the refresh command pass them by.
    service.db.prepare('UPDATE feeds SET next_fetch_at = ? WHERE is_demo = 1').run('2000-01-01T00:00:00.000Z');
    expect(await claimDueFeeds(service, new Date(), 100)).toEqual([]);
    expect(await feedsToRefresh(service.store, { all: true, at: new Date() })).toEqual([]);
    const appToken = (await issueCredential(service.store, owner.id, 'app_token', 'health')).secret;
    const [subscription] = service.db.prepare('SELECT id FROM subscriptions WHERE user_id = ?').pluck().all(owner.id) as string[];
    const health = await service.fetch(new Request(`http://x/v1/subscriptions/${subscription}/health`, { headers: { authorization: `Bearer ${appToken}` } }));
    expect(await health.json()).toMatchObject({ status: 'healthy', last_error: null, next_try_at: null });
    const tryNow = await service.fetch(new Request(`http://x/v1/subscriptions/${subscription}/refresh`, { method: 'POST', headers: { authorization: `Bearer ${appToken}` } }));
    expect(tryNow.status).toBe(400);
    expect((await tryNow.json()).message).toMatch(/demo source is not fetched/);
  });

  it('gives the demo episodes chapters, and Up Next the unplayed ones newest first', async () => {
    const owner = await ensureOwner(service.store, 'owner@tidings.local');
    const appToken = (await issueCredential(service.store, owner.id, 'app_token', 'up next')).secret;
    const call = async (pathname: string) => (await service.fetch(new Request(`http://x${pathname}`, { headers: { authorization: `Bearer ${appToken}` } }))).json();
    const queue = (await call('/v1/up-next')).data as ItemListEntry[];
    expect(queue.length).toBeGreaterThan(0);
    const dates = queue.map((item) => Date.parse(item.published_at ?? ''));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    expect(new Set(queue.map((item) => item.id)).size).toBe(queue.length);
    const chapters = (await call(`/v1/items/${queue[0].id}/chapters`)).data as { start_seconds: number; title: string }[];
    expect(chapters.map((chapter) => chapter.start_seconds)).toEqual([0, 4, 8, 12, 16]);
    expect(chapters[0].title).toBe('Opening and introductions');
  });

  it('gives articles sanitized HTML with a heading, a list and a link, and plain-text summaries', async () => {
    const key = (await issueCredential(service.store, (await ensureOwner(service.store, 'owner@tidings.local')).id, 'api_key', 'detail')).secret;
    const list = await get('/v1/items?item_type=article&limit=5', key);
    for (const entry of list.body.data) {
      expect(entry.summary).not.toMatch(/[<>]/);
      const detail = await get(`/v1/items/${entry.id}`, key);
      expect(detail.status).toBe(200);
      expect(detail.body.content).toMatch(/<h2>/);
      expect(detail.body.content).toMatch(/<ul><li>/);
      expect(detail.body.content).toMatch(/<a href="https:\/\/[a-z]+\.example\/[^"]*" target="_blank" rel="noopener noreferrer">/);
      expect(detail.body.content).not.toMatch(/undefined|\{\w+\}/);
    }
  });

  it('lists stories in which two local outlets report the same event, a few hours apart', async () => {
    const key = (await issueCredential(service.store, (await ensureOwner(service.store, 'owner@tidings.local')).id, 'api_key', 'stories')).secret;
    const stories = await get('/v1/stories', key);
    expect(stories.status).toBe(200);
    expect(stories.body.data.length).toBeGreaterThanOrEqual(2);
    for (const story of stories.body.data) {
      expect(story.source_count).toBe(2);
      const outlets = story.articles.map((article: ItemListEntry) => article.feeds[0].title).sort();
      expect(outlets).toEqual(['Millbrook Ledger', 'The Riverside Courier']);
      const times = story.articles.map((article: ItemListEntry) => Date.parse(article.published_at ?? ''));
      expect(Math.abs(times[0] - times[1])).toBeLessThan(12 * 3_600_000);
    }
  });

  it('tags some items and files subscriptions in folders', async () => {
    const owner = await ensureOwner(service.store, 'owner@tidings.local');
    const tagged = service.db.prepare('SELECT COUNT(DISTINCT item_id) FROM item_tags WHERE user_id = ?').pluck().get(owner.id) as number;
    expect(tagged).toBeGreaterThan(5);
    const filed = service.db.prepare('SELECT COUNT(*) FROM subscriptions WHERE user_id = ? AND folder_id IS NOT NULL').pluck().get(owner.id) as number;
    expect(filed).toBeGreaterThanOrEqual(2);
    const newsletter = service.db.prepare(`SELECT f.newsletter_address FROM feeds f JOIN subscriptions s ON s.feed_id = f.id
      WHERE s.user_id = ? AND f.source_type = 'newsletter'`).pluck().get(owner.id) as string;
    expect(newsletter).toMatch(new RegExp(`@${service.config.mailDomain.replace(/\./g, '\\.')}$`));
  });

  it('adds nothing when run again, and seeds another user who asks by email', async () => {
    const count = () => service.db.prepare('SELECT COUNT(*) FROM entries').pluck().get() as number;
    const before = count();
    const again = await seed();
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toMatch(/already present/);
    expect(count()).toBe(before);

    const guest = await seed('--email', 'guest@example.com');
    expect(guest.code, guest.stderr).toBe(0);
    const user = (await findUserByEmail(service.store, 'guest@example.com'))!;
    const key = (await issueCredential(service.store, user.id, 'api_key', 'test')).secret;
    const page = await get('/v1/items?limit=1', key);
    expect(page.body.pagination.total).toBeGreaterThanOrEqual(200);
  });

  it('answers bad usage with exit code 2', async () => {
    const run = await seed('--email', 'not-an-address');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('not an email address');
  });
});
