import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Plan } from '@/lib/contract/common';
import { article, dateOf, episode, isoDaysAgo, startHarness, type Harness } from '../harness';

// A fresh instance per test: the global corpus is every item of the instance.
let h: Harness;
beforeEach(async () => { h = await startHarness(); });
afterEach(async () => { await h.stop(); });

type Query = Record<string, string | number | boolean | string[] | undefined>;

async function list(key: string, query: Query) {
  const answer = await h.call('GET', '/v1/items', { key, query });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as { data: { id: string; is_global: boolean; [field: string]: unknown }[]; pagination: { total: number; next_cursor: string | null; has_more: boolean } };
}

const idsOf = (body: { data: { id: string }[] }) => body.data.map((item) => item.id);

/** Items where the word "aurora" sits in the title, the summary, the body, or nowhere. */
async function seedSearchable(plan: Plan = 'free') {
  const account = await h.createUser({ plan });
  const { itemIds: [inTitle, inSummary, inBody, nowhere] } = await h.seedSubscription(account.user, [
    article({ title: 'Aurora over the fjord', published_at: isoDaysAgo(1) }),
    article({ summary: 'Last night an aurora lit the sky.', published_at: isoDaysAgo(2) }),
    article({ content: '<p>The <b>aurora</b> was visible until dawn.</p>', published_at: isoDaysAgo(3) }),
    article({ title: 'Tide tables', summary: 'Low tide at noon.', content: '<p>Nothing else.</p>', published_at: isoDaysAgo(4) }),
  ]);
  return { ...account, inTitle, inSummary, inBody, nowhere };
}

describe('GET /v1/items full-text search', () => {
  it('matches titles, summaries and bodies, newest first', async () => {
    const { key, inTitle, inSummary, inBody } = await seedSearchable();
    const found = await list(key, { q: 'aurora' });
    expect(idsOf(found)).toEqual([inTitle, inSummary, inBody]);
    expect(found.pagination.total).toBe(3);
    expect(found.data.every((item) => item.is_global === false)).toBe(true);
  });

  it('leaves out body-only matches with include_body=false', async () => {
    const { key, inTitle, inSummary } = await seedSearchable();
    const found = await list(key, { q: 'aurora', include_body: false });
    expect(idsOf(found)).toEqual([inTitle, inSummary]);
    expect(found.pagination.total).toBe(2);
  });

  it('needs every word to match and treats the last word as a prefix', async () => {
    const { key, inTitle, inBody } = await seedSearchable();
    expect(idsOf(await list(key, { q: 'aurora fjord' }))).toEqual([inTitle]);
    expect(idsOf(await list(key, { q: 'aurora daw' }))).toEqual([inBody]);
  });

  it('ignores case and accents, and treats punctuation as text, not query syntax', async () => {
    const { key, inTitle } = await seedSearchable();
    expect(idsOf(await list(key, { q: 'AURÖRA "FJORD' }))).toEqual([inTitle]);
    expect(idsOf(await list(key, { q: 'fjord OR NEAR(' }))).toEqual([]);
    expect(idsOf(await list(key, { q: '!!!' }))).toEqual([]);
  });

  it('combines q with the other filters', async () => {
    const { key, inTitle, inSummary } = await seedSearchable();
    await h.call('PATCH', '/v1/items', { key, body: { item_ids: [inTitle], action: 'mark_read' } });
    expect(idsOf(await list(key, { q: 'aurora', is_read: 'unread', include_body: false }))).toEqual([inSummary]);
  });

  it('pages search results with a cursor', async () => {
    const { key, inTitle, inSummary, inBody } = await seedSearchable();
    const first = await list(key, { q: 'aurora', limit: 2 });
    expect(idsOf(first)).toEqual([inTitle, inSummary]);
    const second = await list(key, { q: 'aurora', limit: 2, cursor: first.pagination.next_cursor! });
    expect(idsOf(second)).toEqual([inBody]);
    expect(second.pagination.has_more).toBe(false);
  });
});

describe('GET /v1/items include_global', () => {
  /** A Plus user with own matches, and a feed they do not follow with matches of its own. */
  async function seedWithCorpus() {
    const own = await seedSearchable('plus');
    const strangerFeed = await h.createFeed({ title: 'Somebody else' });
    const [globalNew, globalOld, globalEpisode] = await h.storeItems(strangerFeed, [
      article({ title: 'Aurora forecast for the week', published_at: isoDaysAgo(0.5) }),
      article({ title: 'An aurora in 1859', published_at: isoDaysAgo(30) }),
      episode({ title: 'Aurora, the podcast', published_at: isoDaysAgo(5) }),
    ]);
    // Someone else follows that feed and has read and saved everything: none of it may leak.
    const stranger = await h.createUser({ plan: 'pro' });
    await h.subscribe(stranger.user, strangerFeed);
    return { ...own, strangerFeed, globalNew, globalOld, globalEpisode, stranger };
  }

  it('appends global matches after the user’s own, marked is_global and without anyone’s state', async () => {
    const { key, inTitle, inSummary, inBody, globalNew, globalOld, globalEpisode, stranger } = await seedWithCorpus();
    await h.call('PUT', '/v1/items', { key: stranger.key, body: {} });
    await h.call('PATCH', '/v1/items', { key: stranger.key, body: { item_ids: [globalNew], action: 'save' } });

    const found = await list(key, { q: 'aurora', include_global: true });
    expect(idsOf(found)).toEqual([inTitle, inSummary, inBody, globalNew, globalEpisode, globalOld]);
    expect(found.pagination.total).toBe(6);
    expect(found.data.map((item) => item.is_global)).toEqual([false, false, false, true, true, true]);
    for (const item of found.data.slice(3)) {
      expect(item).toMatchObject({ is_read: false, is_saved: false, playback_position: null, last_played_at: null });
      expect(item.feeds).toEqual([expect.objectContaining({ title: 'Somebody else', source_type: 'feed' })]);
    }
  });

  it('pages from the user’s own matches into the global ones without duplicates', async () => {
    const { key, inTitle, inSummary, inBody, globalNew, globalOld, globalEpisode } = await seedWithCorpus();
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const next = await list(key, { q: 'aurora', include_global: true, limit: 2, cursor });
      seen.push(...idsOf(next));
      expect(next.pagination.total).toBe(6);
      cursor = next.pagination.next_cursor ?? undefined;
    } while (cursor);
    expect(seen).toEqual([inTitle, inSummary, inBody, globalNew, globalEpisode, globalOld]);
  });

  it('applies item_type and the date range to global matches too', async () => {
    const { key, globalEpisode, globalOld } = await seedWithCorpus();
    const episodes = await list(key, { q: 'aurora', include_global: true, item_type: 'episode' });
    expect(idsOf(episodes)).toEqual([globalEpisode]);
    expect(episodes.pagination.total).toBe(1);
    const month = await list(key, { q: 'aurora', include_global: true, from_date: dateOf(isoDaysAgo(31)), to_date: dateOf(isoDaysAgo(29)) });
    expect(idsOf(month)).toEqual([globalOld]);
    expect(month.pagination.total).toBe(1);
  });

  it('adds no global matches to lists narrowed to the user’s own things', async () => {
    const { key, user, inTitle } = await seedWithCorpus();
    await h.call('PATCH', '/v1/items', { key, body: { item_ids: [inTitle], action: 'save' } });
    const folder = await h.createFolder(user);
    for (const query of [{ is_saved: true }, { is_read: 'read' }, { in_progress: true }, { folder_ids: folder }]) {
      const found = await list(key, { q: 'aurora', include_global: true, ...query });
      expect(found.data.filter((item) => item.is_global)).toEqual([]);
    }
  });

  it('does not treat items of a feed the user follows as global, even ones they hold no entry for', async () => {
    const { user, key, strangerFeed, globalOld } = await seedWithCorpus();
    const subscriptionId = await h.subscribe(user, strangerFeed);
    // A paused subscription gets no entries for what arrives meanwhile; the feed is still followed.
    expect((await h.call('PATCH', `/v1/subscriptions/${subscriptionId}`, { key, body: { is_active: false } })).status).toBe(200);
    const [whilePaused] = await h.storeItems(strangerFeed, [article({ title: 'Aurora while paused' })]);
    const found = await list(key, { q: 'aurora', include_global: true });
    expect(found.data.filter((item) => item.is_global)).toEqual([]);
    expect(idsOf(found)).toContain(globalOld);
    expect(idsOf(found)).not.toContain(whilePaused);
  });

  it.each(['free', 'pro'] as const)('answers 402 on the %s plan', async (plan) => {
    const { key } = await seedSearchable(plan);
    const answer = await h.call('GET', '/v1/items', { key, query: { q: 'aurora', include_global: true } });
    expect(answer.status).toBe(402);
    expect(answer.body).toEqual({ message: expect.stringMatching(/Plus/) });
  });

  it('lists only the user’s own items when include_global is false, on any plan', async () => {
    const { key, inTitle, inSummary, inBody } = await seedWithCorpus();
    expect(idsOf(await list(key, { q: 'aurora', include_global: false }))).toEqual([inTitle, inSummary, inBody]);
  });
});
