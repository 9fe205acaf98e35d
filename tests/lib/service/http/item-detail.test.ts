import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Plan } from '@/lib/contract/common';
import { article, episode, startHarness, type Harness } from '../harness';

let h: Harness;
beforeAll(async () => { h = await startHarness(); });
afterAll(async () => { await h.stop(); });

async function seed(plan: Plan = 'free') {
  const account = await h.createUser({ plan });
  const [articleId] = (await h.seedSubscription(account.user, [article({ title: 'Rust and Go compared', summary: 'A look at rust.' })])).itemIds;
  const [episodeId] = (await h.seedSubscription(account.user, [episode()], { source_type: 'podcast' })).itemIds;
  return { ...account, articleId, episodeId };
}

async function patch(key: string, id: string, body: unknown) {
  return h.call('PATCH', `/v1/items/${id}`, { key, body });
}

describe('GET /v1/items/{id}', () => {
  it('answers the detail form of the user’s item', async () => {
    const { key, articleId } = await seed();
    const answer = await h.call('GET', `/v1/items/${articleId}`, { key });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      id: articleId, title: 'Rust and Go compared', item_type: 'article', is_read: false, is_saved: false,
      is_global: false, author: 'Ada Writer', tags: [], notes: null, prefers_full_content: false, platform_metadata: {},
    });
    expect(answer.body.content).toContain('Body of article');
  });

  it('answers 404 for an unknown item, another user’s item, and an item of a feed the user does not follow', async () => {
    const { key } = await seed();
    const stranger = await seed();
    const unfollowed = (await h.storeItems(await h.createFeed(), [article()]))[0];
    for (const id of ['00000000-0000-4000-8000-000000000003', stranger.articleId, unfollowed]) {
      const answer = await h.call('GET', `/v1/items/${id}`, { key });
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ message: expect.any(String) });
      expect((await patch(key, id, { is_read: true })).status).toBe(404);
    }
  });
});

describe('PATCH /v1/items/{id}', () => {
  it('toggles read and saved, answering the detail form', async () => {
    const { key, articleId } = await seed();
    const read = await patch(key, articleId, { is_read: true, is_saved: true });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id: articleId, is_read: true, is_saved: true, tags: [] });
    const back = await patch(key, articleId, { is_read: false, is_saved: false });
    expect(back.body).toMatchObject({ is_read: false, is_saved: false });
    expect((await h.call('GET', `/v1/items/${articleId}`, { key })).body).toMatchObject({ is_read: false, is_saved: false });
  });

  it('changes nothing with an empty body', async () => {
    const { key, articleId } = await seed();
    await patch(key, articleId, { is_read: true, tags: ['a'] });
    const answer = await patch(key, articleId, {});
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ is_read: true, tags: [{ name: 'a' }] });
  });

  it('sets tags by name: creates new tags, replaces the set, counts items per tag', async () => {
    const { user, key, articleId, episodeId } = await seed();
    const [otherId] = (await h.seedSubscription(user, [article()])).itemIds;

    const first = await patch(key, articleId, { tags: ['rust', 'Go'] });
    expect(first.status).toBe(200);
    expect(first.body.tags).toEqual([
      { id: expect.any(String), name: 'Go', item_count: 1 },
      { id: expect.any(String), name: 'rust', item_count: 1 },
    ]);
    const rustId = first.body.tags[1].id;

    // The same name in another case is the same tag.
    const second = await patch(key, otherId, { tags: ['RUST', 'rust'] });
    expect(second.body.tags).toEqual([{ id: rustId, name: 'rust', item_count: 2 }]);

    const replaced = await patch(key, articleId, { tags: ['weekly'] });
    expect(replaced.body.tags).toEqual([{ id: expect.any(String), name: 'weekly', item_count: 1 }]);
    expect((await h.call('GET', `/v1/items/${otherId}`, { key })).body.tags).toEqual([{ id: rustId, name: 'rust', item_count: 1 }]);

    expect((await patch(key, episodeId, { tags: ['weekly'] })).body.tags[0].item_count).toBe(2);
    expect((await patch(key, articleId, { tags: [] })).body.tags).toEqual([]);
  });

  it('suggests the user’s existing tags that the item mentions, minus the ones it has', async () => {
    const { user, key, articleId } = await seed();
    const [otherId] = (await h.seedSubscription(user, [article()])).itemIds;
    await patch(key, otherId, { tags: ['rust', 'go', 'python'] });
    const before: string[] = (await h.call('GET', `/v1/items/${articleId}`, { key })).body.suggested_tags;
    expect(before.slice(0, 2)).toEqual(['go', 'rust']);
    expect(before).not.toContain('python');
    const after: string[] = (await patch(key, articleId, { tags: ['rust'] })).body.suggested_tags;
    expect(after).toContain('go');
    expect(after.map((name) => name.toLowerCase())).not.toContain('rust');
  });

  it('keeps notes on an article for a Pro user, and clears them with null', async () => {
    const { key, articleId } = await seed('pro');
    const noted = await patch(key, articleId, { notes: 'Read this again.' });
    expect(noted.status).toBe(200);
    expect(noted.body.notes).toBe('Read this again.');
    expect((await patch(key, articleId, { notes: null })).body.notes).toBeNull();
  });

  it('answers 400 for notes on an episode, changing nothing', async () => {
    const { key, episodeId } = await seed('pro');
    const answer = await patch(key, episodeId, { notes: 'Great show', is_read: true });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ message: expect.stringMatching(/articles only/) });
    expect((await h.call('GET', `/v1/items/${episodeId}`, { key })).body).toMatchObject({ notes: null, is_read: false });
  });

  it('answers 402 for notes and for full content on the free plan, changing nothing', async () => {
    const { key, articleId } = await seed('free');
    for (const body of [{ notes: 'mine', is_saved: true }, { prefers_full_content: true, is_saved: true }]) {
      const answer = await patch(key, articleId, body);
      expect(answer.status).toBe(402);
      expect(answer.body).toEqual({ message: expect.stringMatching(/Pro or Plus/) });
    }
    expect((await h.call('GET', `/v1/items/${articleId}`, { key })).body).toMatchObject({ notes: null, prefers_full_content: false, is_saved: false });
    // Turning the preference off or clearing notes needs no plan.
    expect((await patch(key, articleId, { prefers_full_content: false, notes: null })).status).toBe(200);
  });

  it('keeps the full-content preference for a Pro user', async () => {
    const { key, articleId } = await seed('pro');
    const answer = await patch(key, articleId, { prefers_full_content: true });
    expect(answer.status).toBe(200);
    expect(answer.body.prefers_full_content).toBe(true);
    expect(answer.body.content).toContain('Body of article');
  });

  it('answers 422 for tags that are empty or too many', async () => {
    const { key, articleId } = await seed();
    expect((await patch(key, articleId, { tags: [' '] })).status).toBe(422);
    expect((await patch(key, articleId, { tags: Array.from({ length: 51 }, (_, i) => `t${i}`) })).status).toBe(422);
  });
});
