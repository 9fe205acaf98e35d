import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { article, episode, startHarness, type Harness } from '../../harness';

let harness: Harness;
beforeAll(async () => { harness = await startHarness(); });
afterAll(async () => { await harness.stop(); });

const listFields = ['id', 'source_type', 'title', 'unread_count', 'status', 'website', 'is_pinned', 'is_active',
  'newsletter_address', 'podcast_id', 'artist', 'playback_speed', 'history_capped'];
const detailFields = [...listFields.filter((field) => field !== 'id'), 'folder_id', 'folder_name', 'language', 'last_update',
  'description', 'canonical_url', 'episode_count', 'explicit', 'podcast_summary'];

describe('GET /v1/subscriptions', () => {
  it('lists unfiled subscriptions by default, one folder with folder_id, everything with all=true', async () => {
    const { user, key } = await harness.createUser({ plan: 'pro' });
    const folder = await harness.createFolder(user, 'News');
    const loose = await harness.seedSubscription(user, [article()], { title: 'Loose' });
    const filed = await harness.seedSubscription(user, [article(), article()], { title: 'Filed', folderId: folder });
    const ids = (answer: { body: { data: { id: string }[] } }) => answer.body.data.map((s) => s.id);
    expect(ids(await harness.call('GET', '/v1/subscriptions', { key }))).toEqual([loose.subscriptionId]);
    expect(ids(await harness.call('GET', '/v1/subscriptions', { key, query: { folder_id: folder } }))).toEqual([filed.subscriptionId]);
    const all = await harness.call('GET', '/v1/subscriptions', { key, query: { all: 'true', folder_id: folder } });
    expect(ids(all)).toEqual([filed.subscriptionId, loose.subscriptionId]);
    expect(all.body.data[0].unread_count).toBe(2);
    expect(Object.keys(all.body.data[0]).sort()).toEqual([...listFields].sort());
  });

  it('pages alphabetically with offset and by most recent item with a cursor', async () => {
    const { user, key } = await harness.createUser({ plan: 'pro' });
    const day = 86_400_000;
    for (const [title, age] of [['Charlie', 3], ['alpha', 1], ['Bravo', 2]] as const) {
      await harness.seedSubscription(user, [article({ published_at: new Date(Date.now() - age * day).toISOString() })], { title });
    }
    const first = await harness.call('GET', '/v1/subscriptions', { key, query: { limit: 2 } });
    expect(first.body.data.map((s: { title: string }) => s.title)).toEqual(['alpha', 'Bravo']);
    expect(first.body.pagination).toEqual({ total: 3, limit: 2, offset: 0, has_more: true, next_cursor: null });
    const second = await harness.call('GET', '/v1/subscriptions', { key, query: { limit: 2, offset: 2 } });
    expect(second.body.data.map((s: { title: string }) => s.title)).toEqual(['Charlie']);
    expect(second.body.pagination.has_more).toBe(false);

    const recent = await harness.call('GET', '/v1/subscriptions', { key, query: { order_by: 'recent', limit: 2 } });
    expect(recent.body.data.map((s: { title: string }) => s.title)).toEqual(['alpha', 'Bravo']);
    const rest = await harness.call('GET', '/v1/subscriptions', { key, query: { order_by: 'recent', limit: 2, cursor: recent.body.pagination.next_cursor } });
    expect(rest.body.data.map((s: { title: string }) => s.title)).toEqual(['Charlie']);
    expect(rest.body.pagination).toMatchObject({ offset: 2, has_more: false, next_cursor: null });

    // The cursor belongs to the unfiled list of every source type: another filter is another list.
    const cursor = recent.body.pagination.next_cursor;
    for (const query of [{ source_type: 'feed' }, { all: 'true' }]) {
      const other = await harness.call('GET', '/v1/subscriptions', { key, query: { order_by: 'recent', limit: 2, cursor, ...query } });
      expect(other.status).toBe(422);
      expect(other.body.message).toMatch(/^cursor was given out for another list/);
    }
  });

  it('filters by source type and rejects unknown ones with 422', async () => {
    const { user, key } = await harness.createUser({ plan: 'pro' });
    await harness.seedSubscription(user, [article()], { title: 'Blog' });
    await harness.seedSubscription(user, [episode()], { title: 'Show', source_type: 'podcast' });
    const podcasts = await harness.call('GET', '/v1/subscriptions', { key, query: { source_type: 'podcast' } });
    expect(podcasts.body.data.map((s: { title: string }) => s.title)).toEqual(['Show']);
    const bad = await harness.call('GET', '/v1/subscriptions', { key, query: { source_type: 'video', limit: 0 } });
    expect(bad.status).toBe(422);
    expect(bad.body.message.split('. ').length).toBe(2);
  });
});

describe('one subscription', () => {
  it('reads the detail form with every field and 404 for an unknown id', async () => {
    const { user, key } = await harness.createUser({ plan: 'pro' });
    const folder = await harness.createFolder(user, 'Shows');
    const show = await harness.seedSubscription(user, [episode(), episode()], { title: 'Show', source_type: 'podcast', folderId: folder, artist: 'Host' });
    const detail = await harness.call('GET', `/v1/subscriptions/${show.subscriptionId}`, { key });
    expect(Object.keys(detail.body).sort()).toEqual([...detailFields].sort());
    expect(detail.body).toMatchObject({ folder_id: folder, folder_name: 'Shows', episode_count: 2, podcast_id: show.feedId, artist: 'Host' });
    const missing = await harness.call('GET', '/v1/subscriptions/00000000-0000-4000-8000-000000000000', { key });
    expect(missing.status).toBe(404);
  });

  it('renames, pins, pauses and sets the playback speed of a podcast; speed on a blog is 400', async () => {
    const { user, key } = await harness.createUser({ plan: 'pro' });
    const show = await harness.seedSubscription(user, [episode()], { title: 'Show', source_type: 'podcast' });
    const blog = await harness.seedSubscription(user, [article()], { title: 'Blog' });
    const updated = await harness.call('PATCH', `/v1/subscriptions/${show.subscriptionId}`, {
      key, body: { title: 'My Show', is_pinned: true, is_active: false, playback_speed: 1.5 },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ title: 'My Show', is_pinned: true, is_active: false, playback_speed: 1.5 });
    const speed = await harness.call('PATCH', `/v1/subscriptions/${blog.subscriptionId}`, { key, body: { playback_speed: 2 } });
    expect(speed.status).toBe(400);
    const tooFast = await harness.call('PATCH', `/v1/subscriptions/${show.subscriptionId}`, { key, body: { playback_speed: 4 } });
    expect(tooFast.status).toBe(422);
  });
});

describe('PATCH /v1/subscriptions', () => {
  it('pauses, resumes, pins, unpins and moves several at once', async () => {
    const { user, key } = await harness.createUser({ plan: 'pro' });
    const folder = await harness.createFolder(user);
    const a = (await harness.seedSubscription(user, [article()])).subscriptionId;
    const b = (await harness.seedSubscription(user, [article()])).subscriptionId;
    const patch = (body: object) => harness.call('PATCH', '/v1/subscriptions', { key, body: { subscription_ids: [a, b], ...body } });
    expect((await patch({ action: 'pause' })).body.map((s: { is_active: boolean }) => s.is_active)).toEqual([false, false]);
    expect((await patch({ action: 'resume' })).body.map((s: { is_active: boolean }) => s.is_active)).toEqual([true, true]);
    expect((await patch({ action: 'pin' })).body.map((s: { is_pinned: boolean }) => s.is_pinned)).toEqual([true, true]);
    expect((await patch({ action: 'unpin' })).body.map((s: { is_pinned: boolean }) => s.is_pinned)).toEqual([false, false]);
    expect((await patch({ action: 'move', folder_id: folder })).status).toBe(200);
    const inFolder = await harness.call('GET', '/v1/subscriptions', { key, query: { folder_id: folder } });
    expect(inFolder.body.data).toHaveLength(2);
    await patch({ action: 'move', folder_id: null });
    expect((await harness.call('GET', '/v1/subscriptions', { key })).body.data).toHaveLength(2);
  });

  it('changes nothing when one id is unknown (404) or the action is not one of ours (422)', async () => {
    const { user, key } = await harness.createUser({ plan: 'pro' });
    const a = (await harness.seedSubscription(user, [article()])).subscriptionId;
    const unknown = await harness.call('PATCH', '/v1/subscriptions', {
      key, body: { subscription_ids: [a, '00000000-0000-4000-8000-000000000000'], action: 'pause' },
    });
    expect(unknown.status).toBe(404);
    const bad = await harness.call('PATCH', '/v1/subscriptions', { key, body: { subscription_ids: [a], action: 'archive' } });
    expect(bad.status).toBe(422);
    const detail = await harness.call('GET', `/v1/subscriptions/${a}`, { key });
    expect(detail.body.is_active).toBe(true);
  });

  it('answers 422 for a folder_id with an action other than move, changing nothing', async () => {
    const { user, key } = await harness.createUser({ plan: 'pro' });
    const folder = await harness.createFolder(user);
    const a = (await harness.seedSubscription(user, [article()])).subscriptionId;
    const answer = await harness.call('PATCH', '/v1/subscriptions', { key, body: { subscription_ids: [a], action: 'pause', folder_id: folder } });
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({ message: 'folder_id goes with the move action only.' });
    expect((await harness.call('GET', `/v1/subscriptions/${a}`, { key })).body).toMatchObject({ is_active: true, folder_id: null });
  });
});

describe('unsubscribing', () => {
  it('keeps the items the person saved and removes the rest', async () => {
    const { user, key } = await harness.createUser({ plan: 'pro' });
    const sub = await harness.seedSubscription(user, [article({ title: 'Keep me' }), article({ title: 'Let go' })]);
    await harness.call('PATCH', `/v1/items/${sub.itemIds[0]}`, { key, body: { is_saved: true } });
    const gone = await harness.call('DELETE', `/v1/subscriptions/${sub.subscriptionId}`, { key });
    expect(gone.status).toBe(200);
    expect(gone.body.message).toMatch(/Unsubscribed/);
    const items = await harness.call('GET', '/v1/items', { key });
    expect(items.body.data.map((item: { title: string }) => item.title)).toEqual(['Keep me']);
    expect((await harness.call('DELETE', `/v1/subscriptions/${sub.subscriptionId}`, { key })).status).toBe(404);
  });

  it('unsubscribes several at once, all or nothing', async () => {
    const { user, key } = await harness.createUser({ plan: 'pro' });
    const a = (await harness.seedSubscription(user, [article()])).subscriptionId;
    const b = (await harness.seedSubscription(user, [article()])).subscriptionId;
    const partly = await harness.call('DELETE', '/v1/subscriptions', { key, body: { subscription_ids: [a, '00000000-0000-4000-8000-000000000000'] } });
    expect(partly.status).toBe(404);
    expect((await harness.call('DELETE', '/v1/subscriptions', { key, body: { subscription_ids: [a, b] } })).status).toBe(200);
    expect((await harness.call('GET', '/v1/subscriptions', { key, query: { all: 'true' } })).body.data).toEqual([]);
  });
});

describe('check and newsletters', () => {
  it('says whether the user has feeds and podcasts', async () => {
    const { user, key } = await harness.createUser({ plan: 'pro' });
    expect((await harness.call('GET', '/v1/subscriptions/check', { key })).body).toEqual({ feed: false, podcast: false });
    await harness.seedSubscription(user, [episode()], { source_type: 'podcast' });
    expect((await harness.call('GET', '/v1/subscriptions/check', { key })).body).toEqual({ feed: false, podcast: true });
  });

  it('creates a newsletter with its own address that counts as a feed', async () => {
    const { key } = await harness.createUser({ plan: 'pro' });
    const created = await harness.call('POST', '/v1/subscriptions/newsletters', { key, body: { title: 'Morning Brief' } });
    expect(created.status).toBe(200);
    expect(created.body.newsletter_address).toMatch(/^morning-brief\.[0-9a-f]{10}@mail\.tidings\.local$/);
    const other = await harness.call('POST', '/v1/subscriptions/newsletters', { key, body: { title: 'Morning Brief' } });
    expect(other.body.newsletter_address).not.toBe(created.body.newsletter_address);
    const detail = await harness.call('GET', `/v1/subscriptions/${created.body.id}`, { key });
    expect(detail.body).toMatchObject({ source_type: 'newsletter', newsletter_address: created.body.newsletter_address });
    expect((await harness.call('GET', '/v1/subscriptions/check', { key })).body.feed).toBe(true);
    expect((await harness.call('POST', '/v1/subscriptions/newsletters', { key, body: {} })).status).toBe(422);
  });
});
